// Whether the built pieces a grading run uses (a lesson's suites, the
// libraries its worker links) exist and are newer than the course sources
// they were made from.
//
// CMake builds them; the grader only runs them. A suite built before a test
// was added would otherwise grade silently with the old tests, and a worker
// library that was never built would fail the link, which reads like the
// student's compile error. Both are the course build's fault, so they are
// named as such, with the command that fixes them.
//
// The build records, for each piece, the sources it compiles and the folder a
// suite's tests are globbed from (grader-toolchain.json "build_inputs",
// cmake/CourseLesson.cmake). A piece is out of date when one of those sources,
// or a course file they #include "..." (followed through the course's include
// folders, so lesson headers, lessons/common and the grader's own headers
// count), is newer than it, or when its test folder holds a test file it was
// not built from.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "grader/build/toolchain.hpp"

namespace grader::build {

/// What is wrong with a build, for the instructor or author who can fix it.
struct StaleBuild {
  std::string artifact;  ///< the built file that is missing or out of date
  std::string source;    ///< the source that is newer or not built in ("" when the artifact is missing)
  std::string message;   ///< what is wrong and the exact command that fixes it
};

/// The first problem among `artifacts` (paths from the toolchain manifest), or
/// nothing when each exists and is up to date. An artifact the manifest records
/// no inputs for is only checked to exist.
std::optional<StaleBuild> find_stale_build(const Toolchain& toolchain, const std::vector<std::string>& artifacts);

/// The first piece that only grading with hidden tests runs (a lesson's hidden
/// suite, or the public suite that serves used lessons' references) and that
/// `lessons` (empty: every lesson of the build) lack, or nothing. Its message
/// names the command: the student's build (./run.sh check, target
/// course_student) leaves them out.
std::optional<StaleBuild> find_missing_grading_build(const Toolchain& toolchain, const std::string& command,
                                                     const std::vector<std::string>& lessons);

/// The command that builds everything the grader runs: "cmake --build <build>".
std::string rebuild_command(const Toolchain& toolchain);

/// The course files `sources` include, directly or not, with #include "...",
/// resolved from the including file's folder, then the toolchain's include
/// folders, then the course root; `sources` themselves first. Only files under
/// the course root are followed (Eigen and the system headers do not change
/// between builds of a course).
std::vector<std::string> include_closure(const Toolchain& toolchain, const std::vector<std::string>& sources);

}  // namespace grader::build
