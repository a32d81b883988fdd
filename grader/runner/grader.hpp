// Grading one submission: for each lesson, compile the student's files into a
// worker, run the lesson's trusted suites against it, and turn the suites'
// per-test lines into scored results. One lesson's failure (compile error,
// crash, timeout) never touches another lesson's points.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "grader/build/toolchain.hpp"
#include "grader/course/model.hpp"
#include "grader/runner/results.hpp"
#include "grader/runner/suite_run.hpp"

namespace grader::runner {

struct GradeOptions {
  bool include_hidden = false;          ///< grade: public + hidden; check: public only
  std::vector<std::string> lessons;     ///< empty: every lesson
  std::set<std::string> exercises;      ///< empty: every exercise (a track narrows this)
  int jobs = 1;                         ///< lessons graded at once
  bool keep_work_dirs = false;          ///< leave temporary folders for debugging
  /// When set, no lesson starts after this time (its tests are reported as
  /// not run), and a lesson still running is given only the time left: the
  /// result keeps every test finished before it.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  /// Grading for the gradebook: a lesson whose every file is missing or the
  /// starter's is not_attempted, and every lesson of a submission without a
  /// single file empty_submission (their tests still run and are kept). Off
  /// for check, where the starter folder itself is the student's workspace.
  bool note_not_attempted = false;
  /// Called when a lesson finishes (from worker threads; keep it thread-safe).
  std::function<void(const LessonResult&)> on_lesson_done;
};

/// The student files a submission contributes, after the course's filter.
struct CollectedFiles {
  std::vector<std::pair<std::string, std::string>> files;  ///< (relative path, content), sorted
  std::vector<std::string> missing;                        ///< named by course.yaml, absent (starter used)
  std::vector<std::string> ignored;                        ///< present, not named by course.yaml (plain files)
  std::vector<std::string> rejected;                       ///< refused, with the reason: named files, and links or binaries beside them
  /// sha256 over `files` (paths and contents), set by Grader::collect: what
  /// "unchanged" means for the gradebook, and the result's content_hash.
  std::string content_hash;
};

class Grader {
 public:
  Grader(const course::Course& course, const build::Toolchain& toolchain, std::filesystem::path cache_dir);

  /// Grades the workspace folder (same layout as starter/).
  SubmissionResult grade(const std::filesystem::path& workspace, const GradeOptions& options) const;
  /// Grades files already collected (source and student left empty): a batch
  /// opens each submission once and grades what it read.
  SubmissionResult grade(const CollectedFiles& files, const GradeOptions& options) const;

  /// Reads the student files of the whole course from a workspace. Missing
  /// files are replaced by the pristine starter version. The workspace path
  /// itself is trusted (it is what the caller chose); beneath it no link is
  /// followed in any component (grader/util/safe_open.hpp), and a file with
  /// several hard links is refused when it is owned by someone other than the
  /// workspace's owner or is one of the course's own files.
  CollectedFiles collect(const std::filesystem::path& workspace) const;

  /// Grades one lesson from already-collected files.
  LessonResult grade_lesson(const course::Lesson& lesson, const CollectedFiles& files, const GradeOptions& options) const;

  const course::Course& course() const { return course_; }
  const build::Toolchain& toolchain() const { return toolchain_; }

 private:
  /// The suite's tests, listed once per Grader: a batch grades many
  /// submissions against the same suites.
  std::vector<ListedTest> listing(const std::string& suite, const std::filesystem::path& scratch) const;

  const course::Course& course_;
  const build::Toolchain& toolchain_;
  std::filesystem::path cache_dir_;
  mutable std::mutex listings_mutex_;
  mutable std::map<std::string, std::vector<ListedTest>> listings_;  ///< suite path -> its tests
  /// (device, inode) of the course's solutions/ and tests/ files, read once:
  /// a hard link to one of them is never read as a student file.
  const std::set<std::pair<dev_t, ino_t>>& course_files() const;
  mutable std::once_flag course_files_once_;
  mutable std::set<std::pair<dev_t, ino_t>> course_files_;
};

/// Every file a lesson's worker compiles: its own exercises' code files and
/// those of the lessons it uses (workspace-relative, e.g. "vectors/dot.cpp"),
/// except the used lessons in `served` (answered by the reference over callbacks).
std::vector<std::string> worker_files(const course::Course& course, const course::Lesson& lesson,
                                      const std::vector<std::string>& served = {});

/// Largest student file accepted; anything bigger is refused, not compiled.
inline constexpr std::size_t kMaxStudentFileBytes = 1 << 20;

}  // namespace grader::runner
