// `grader release OUT`: the student handout, written whole or not at all.
//
// The handout holds the lessons, the starters, the public tests, the grader
// and its build, a student README, a course.yaml without hidden suites and a
// GitHub Actions workflow that runs the public tests. It never holds
// solutions/, tests/hidden/, tests/mutants/, answer keys, fixtures only the
// hidden tests read, the framework's own tests, bench/ or the staff docs
// (see contents.hpp for the exact list).
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "grader/course/model.hpp"

namespace grader::release {

/// A problem the person running the command can fix (a non-empty OUT, an
/// unknown track, a missing template); the message says what to do.
class ReleaseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ReleaseOptions {
  std::filesystem::path out;
  std::string track;   ///< empty: the whole course
  bool force = false;  ///< replace an earlier handout in OUT (its .git folder is kept)
  /// Where the framework's build, grader/ and templates (ci/release, ci/github)
  /// come from: the build's framework_root (build/toolchain.hpp); empty: the course's root.
  std::filesystem::path framework;
};

struct ReleaseReport {
  std::filesystem::path out;
  /// Files per top-level entry ("lessons/" -> 31, "course.yaml" -> 1), in path order.
  std::vector<std::pair<std::string, int>> groups;
  std::vector<std::string> generated;  ///< files written from templates or rewritten
  std::vector<std::string> lessons;    ///< lesson ids in the handout's course.yaml
  std::vector<std::string> notes;      ///< hidden suites removed, lessons a track keeps whole
  std::vector<std::string> skipped;    ///< files of shipped folders left out, each with why
  std::size_t files = 0;
  std::uintmax_t bytes = 0;
};

/// Writes the handout into `options.out` through `<out>.tmp` and a rename,
/// so a failure leaves no half-written handout. Before the rename, the
/// handout's course.yaml is loaded the way the student's grader loads it
/// (no hidden files) and every file is checked for instructor-only content.
///
/// OUT must be absent or empty; with `force` it may also hold an earlier
/// handout (course.yaml and starter/, no solutions/), which is replaced.
/// OUT may never be the course, hold it, or lie inside one of its folders.
///
/// \throws ReleaseError, UnknownTrack (course_yaml.hpp), LeakError (contents.hpp)
ReleaseReport write_release(const course::Course& course, const ReleaseOptions& options);

/// The student README from the framework's template ci/release/README.md: {{title}},
/// {{welcome}}, {{outline}} (a table of the lessons and their exercises),
/// {{first_lesson}} and {{track}} are filled in.
/// \throws ReleaseError for a placeholder it does not know.
std::string render_student_readme(const std::string& template_text, const course::Course& student_course,
                                  const std::string& track);

}  // namespace grader::release
