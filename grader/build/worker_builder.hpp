// Compiles a lesson's student files and links them with the course-owned
// worker main and bridge into a worker executable. Only student files are
// compiled per submission; identical files (an untouched starter, say) hit a
// content-addressed object cache and are compiled once. Each file is compiled
// alone, in a folder of its own, so that what its key holds is all the
// compile can read (docs/security.md, "What an object is made of").
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "grader/build/compiler_messages.hpp"
#include "grader/build/toolchain.hpp"

namespace grader::build {

struct SourceFile {
  std::string relative;  ///< workspace-relative name shown in messages, e.g. "vectors/dot.cpp"
  std::string content;
};

struct BuildLimits {
  int compile_timeout_s = 60;    ///< CPU seconds of one compile or link (RLIMIT_CPU of each compiler process)
  std::size_t memory_mb = 2048;  ///< the compiler's address space
  /// Wall seconds of one compile or link; 0: kWallPerCpuSecond x compile_timeout_s.
  /// Wall time stretches with the machine's load and CPU time does not, so the
  /// CPU limit is the one that stops a runaway compile, and the wall limit
  /// only a compiler that waits.
  int wall_timeout_s = 0;
  static constexpr int kWallPerCpuSecond = 4;
  int wall_seconds() const { return wall_timeout_s > 0 ? wall_timeout_s : kWallPerCpuSecond * compile_timeout_s; }
};

struct BuildResult {
  bool ok = false;
  std::filesystem::path worker;  ///< the executable, when ok
  std::string diagnostics;       ///< trimmed compiler/linker errors, when !ok
  double seconds = 0;
  int cache_hits = 0;
  int compiled = 0;
  std::string isolation;  ///< how the compiler was isolated (sandbox::describe), when it ran
};

/// What the compiler reads before a student file: the course headers of the
/// file's lesson (its first path component), as if the file began with
/// #include "<lesson>/<api>.hpp". From the precompiled header the course build
/// made (cmake/StudentPch.cmake) when it is there and current; otherwise the
/// same headers are read from source, so a file means the same either way.
struct ForcedInclude {
  std::vector<std::string> flags;  ///< compiler arguments: -include ... (and -Winvalid-pch with a .gch)
  std::string gch;                 ///< the precompiled header the compiler may use, or ""
  std::string identity;            ///< what was forced in, and which .gch: part of each object's key
  std::string note;                ///< why no precompiled header is used, or "" (also when built without on purpose)
};

/// Whether the compiler uses a lesson's precompiled header, asked once per
/// .gch (path, size, time) by compiling an empty file of the grader's own
/// with the student flags and -H: a student file's output is never read for it.
struct PchProbe {
  bool used = false;
  std::string reason;  ///< why not, from the probe's own output (paths hidden), when !used
};

class WorkerBuilder {
 public:
  WorkerBuilder(const Toolchain& toolchain, std::filesystem::path cache_dir);

  /// Builds the worker for `lesson` in `work_dir` (which must exist).
  /// `extra_libraries` (course-owned static libraries, e.g. an earlier
  /// lesson's use_stubs) are linked along with the lesson's own.
  BuildResult build(const std::string& lesson, const std::vector<SourceFile>& sources,
                    const std::filesystem::path& work_dir, const BuildLimits& limits,
                    const std::vector<std::string>& extra_libraries = {}) const;

  /// What `source` is compiled with in `worker_lesson`'s worker.
  ForcedInclude forced_include(const std::string& worker_lesson, const SourceFile& source) const;

 private:
  std::string object_key(const SourceFile& source, const ForcedInclude& forced) const;
  PchProbe probe_pch(const std::string& header, const std::string& gch, const std::string& stamp) const;
  /// Folders of this installation that compiler messages must not show.
  std::vector<HiddenPath> hidden_paths(const std::filesystem::path& compile_dir, const std::filesystem::path& work_dir) const;
  const Toolchain& toolchain_;
  std::filesystem::path cache_dir_;
  std::string headers_digest_;  ///< hash of every course header, part of each object's key
  std::filesystem::file_time_type headers_newest_;  ///< the latest modification time of those headers
};

}  // namespace grader::build
