// How this installation compiles and links student workers, read from
// grader-toolchain.json, which CMake writes next to the grader executable.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace grader::build {

/// The course headers a lesson's student files are compiled with, forced in
/// front of each file (cmake/StudentPch.cmake builds them).
struct PrecompiledHeader {
  std::string header;                 ///< build/student-pch/<id>/lesson.hpp: includes every entry of `includes`
  std::vector<std::string> includes;  ///< the lesson's API headers, relative to the include folders
  std::string gch;                    ///< header + ".gch", or "" when the course was built without (COURSE_STUDENT_PCH=OFF)
};

struct LessonArtifacts {
  std::vector<std::string> worker_libraries;  ///< static libraries, link order
  std::map<std::string, std::string> suites;  ///< "public"/"hidden" -> executable
  std::optional<PrecompiledHeader> precompiled_header;  ///< absent for a lesson without headers of its own
};

struct Toolchain {
  std::string course_version;
  std::filesystem::path course_root;
  std::string compiler;
  std::vector<std::string> compile_flags;
  std::vector<std::string> include_dirs;
  std::vector<std::string> system_include_dirs;
  std::vector<std::string> link_flags;
  std::string worker_main_object;
  bool with_hidden = false;
  std::map<std::string, LessonArtifacts> lessons;
  std::filesystem::path manifest_path;

  const LessonArtifacts* lesson(const std::string& id) const;
  /// The default object cache: <build>/grader-cache.
  std::filesystem::path default_cache_dir() const;
};

/// Loads the manifest; throws std::runtime_error saying to build first when absent.
Toolchain load_toolchain(const std::filesystem::path& manifest);

/// <dir of the running executable>/grader-toolchain.json
std::filesystem::path default_toolchain_path();

}  // namespace grader::build
