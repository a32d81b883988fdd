// Compiles a lesson's student files and links them with the course-owned
// worker main and bridge into a worker executable. Only student files are
// compiled per submission; identical files (an untouched starter, say) hit a
// content-addressed object cache and are compiled once.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "grader/build/toolchain.hpp"

namespace grader::build {

struct SourceFile {
  std::string relative;  ///< workspace-relative name shown in messages, e.g. "attention/softmax.cpp"
  std::string content;
};

struct BuildLimits {
  int compile_timeout_s = 60;
  std::size_t memory_mb = 2048;  ///< the compiler's address space
};

struct BuildResult {
  bool ok = false;
  std::filesystem::path worker;  ///< the executable, when ok
  std::string diagnostics;       ///< trimmed compiler/linker errors, when !ok
  double seconds = 0;
  int cache_hits = 0;
  int compiled = 0;
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

 private:
  std::string object_key(const SourceFile& source) const;
  const Toolchain& toolchain_;
  std::filesystem::path cache_dir_;
  std::string headers_digest_;  ///< hash of every course header, part of each object's key
};

/// Adds a note saying why when the compiler was denied a file (the sandbox
/// lets it read the course and system headers only).
std::string explain_denied_reads(const std::string& diagnostics);

/// Keeps the first errors of compiler output, with temporary paths removed:
/// at most `max_lines` lines, starting at the first line that says "error".
std::string trim_diagnostics(const std::string& text, const std::string& strip_prefix, std::size_t max_lines = 20);

}  // namespace grader::build
