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
  /// "public"/"hidden" -> executable; "public_serving": the public suite that
  /// also answers callbacks for callback_lessons (instructor builds only)
  std::map<std::string, std::string> suites;
  /// This lesson's functions as callbacks (its use stubs), linked into the
  /// workers of later lessons in place of the student's files; may be empty.
  std::string use_stubs;
  /// Used lessons whose reference functions this lesson's public_serving and
  /// hidden suites can serve (empty without references).
  std::vector<std::string> callback_lessons;
  /// Exercise id -> that exercise's functions as callbacks (generated from
  /// its list in lessons/<id>/bridge/declarations.hpp), linked in place of
  /// the student's files into the workers that grade the exercises of this
  /// lesson using it; present only when the lesson's public_serving and
  /// hidden suites answer them (instructor builds).
  std::map<std::string, std::string> exercise_stubs;
  std::optional<PrecompiledHeader> precompiled_header;  ///< absent for a lesson without headers of its own
};

struct Toolchain {
  std::string course_version;
  std::filesystem::path course_root;
  /// Where the framework is (grader/, cmake/, the release templates of ci/):
  /// this repository, also when the course is a folder of its own
  /// (-DCOURSE_DIR); the course's root in a manifest that does not say.
  std::filesystem::path framework_root;
  std::string compiler;
  std::vector<std::string> compile_flags;
  std::vector<std::string> include_dirs;
  std::vector<std::string> system_include_dirs;
  std::vector<std::string> link_flags;
  std::string worker_main_object;
  bool with_hidden = false;
  std::map<std::string, LessonArtifacts> lessons;
  /// The course's own programs that call a worker (pictures): name -> executable.
  std::map<std::string, std::string> programs;
  std::filesystem::path manifest_path;
  /// Built piece (suite, worker library) -> the absolute sources it compiles
  /// (build/staleness.hpp tells from them whether it is out of date).
  std::map<std::string, std::vector<std::string>> build_inputs;
  /// Suite -> the folder its test files are globbed from: a test file there
  /// that is not among its build_inputs was added after the build.
  std::map<std::string, std::string> test_folders;

  const LessonArtifacts* lesson(const std::string& id) const;
  /// The executable of the course program `name`, or nullptr when it is not built.
  const std::string* program(const std::string& name) const;
  /// The default object cache: <build>/grader-cache.
  std::filesystem::path default_cache_dir() const;
};

/// Loads the manifest; throws std::runtime_error saying to build first when absent.
Toolchain load_toolchain(const std::filesystem::path& manifest);

/// <dir of the running executable>/grader-toolchain.json
std::filesystem::path default_toolchain_path();

}  // namespace grader::build
