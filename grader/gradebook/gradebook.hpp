// The gradebook: every graded submission of a course in one SQLite file, with
// its lessons and tests, plus the instructors' manual grades. Schema and
// example queries: docs/gradebook.md.
//
// Several grader processes may write one gradebook at once (WAL journal, a
// busy timeout, immediate write transactions). Use one Gradebook object per
// thread.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "grader/runner/results.hpp"

namespace SQLite {
class Database;
}

namespace grader::gradebook {

/// The schema this grader writes (PRAGMA user_version and meta.schema_version).
inline constexpr int kSchemaVersion = 3;

/// What went wrong, what was kept (nothing, when a write fails) and what to do.
class GradebookError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One row of `submissions` with everything under it.
struct StoredSubmission {
  std::int64_t id = 0;
  std::string graded_at;  ///< ISO 8601 UTC, e.g. "2026-11-05T14:03:27.512Z"
  runner::SubmissionResult result;
};

struct IntegrityReport {
  std::vector<std::string> problems;  ///< empty when the file is sound
  bool ok() const { return problems.empty(); }
};

struct MergeReport {
  int copied = 0;   ///< submissions new to this gradebook
  int skipped = 0;  ///< already here (same student, content hash and course version)
};

/// One student of the class list (`grader roster import`).
struct RosterEntry {
  std::string id;  ///< the student id grading uses (Canvas user id, Moodle participant id, ...)
  std::string name;
  std::string email;
  std::string section;
};

struct RosterReport {
  int students = 0;       ///< rows now in the roster
  int not_submitted = 0;  ///< of them, without any graded submission
};

/// An instructor's grade of one free-text answer.
struct ManualGrade {
  std::string lesson, exercise, question, answer, comment, graded_at;
  double score = 0, max_score = 0;
};

struct ImportReport {
  int applied = 0;     ///< rows whose score was written
  int left_blank = 0;  ///< rows without a score (not graded yet), left pending
};

class Gradebook {
 public:
  /// Opens the file, creating it or migrating an older schema in place.
  /// Throws GradebookError for a file that is not a gradebook or was written
  /// by a newer grader.
  static Gradebook open(const std::filesystem::path& path);

  Gradebook(Gradebook&&) noexcept;
  Gradebook& operator=(Gradebook&&) noexcept;
  ~Gradebook();

  const std::filesystem::path& path() const { return path_; }
  int schema_version() const;

  /// Stores the submission, its lessons and tests in one transaction: all or
  /// nothing. Earlier submissions of the student stay as history. `graded_at`
  /// defaults to now. Returns the new submission id. A test whose `lesson`
  /// is empty is stored under its enclosing lesson; one naming another
  /// lesson is refused.
  std::int64_t record(const runner::SubmissionResult& result, std::string graded_at = {});

  /// True when the student's latest submission has this content hash and
  /// course version and no lesson of it hit an internal error, so grading
  /// the same files again would change nothing.
  bool is_up_to_date(std::string_view student, std::string_view content_hash,
                     std::string_view course_version) const;

  /// The most recently graded submission of the student.
  std::optional<StoredSubmission> latest(std::string_view student) const;
  /// The latest submission of every student, ordered by student id.
  std::vector<StoredSubmission> latest_all() const;
  /// Every submission of the student, oldest first.
  std::vector<StoredSubmission> history(std::string_view student) const;
  /// Throws GradebookError when there is no such submission.
  StoredSubmission load(std::int64_t submission_id) const;
  std::vector<std::string> students() const;

  /// SQLite's own integrity check, foreign keys, the schema version and the
  /// enum names stored in the tables.
  IntegrityReport check_integrity() const;

  /// Copies from another gradebook (e.g. a shard graded on another machine)
  /// every submission not already here, with its lessons, tests and manual
  /// grades, in one transaction. The other file is migrated first if older.
  MergeReport merge(const std::filesystem::path& other);

  /// Sets the lateness and the submission time ("" stores NULL: unknown) of
  /// the student's latest submission, e.g. after an extension was granted.
  /// False when the student has no submission.
  bool set_lateness(std::string_view student, const runner::Lateness& lateness, std::string_view submitted_at);

  /// Replaces the roster with the CSV's rows (header: id, name, email,
  /// section in any order, case-insensitive; id and name required; other
  /// columns ignored), in one transaction. Throws GradebookError naming the
  /// row of a missing id or an id given twice (ids compare case-insensitively),
  /// and then changes nothing.
  RosterReport import_roster(std::string_view csv_text);
  /// The roster, ordered by id (empty when none was imported).
  std::vector<RosterEntry> roster() const;

  /// The manual grades of one submission, in lesson, exercise, question order.
  std::vector<ManualGrade> manual_grades(std::int64_t submission_id) const;

  /// Tests awaiting review in each student's latest submission, as CSV:
  ///   student,lesson,exercise,question,answer,score,max_score,comment,submission
  /// The instructor fills in score (and comment) and imports the file back.
  std::string export_pending_reviews() const;

  /// Applies the scores of an edited export in one transaction: each scored
  /// row sets its test's score and status (passed at full marks, else failed)
  /// and moves the lesson and submission totals by the difference. Rows
  /// without a score are left pending. Throws GradebookError naming the row of
  /// anything that does not fit (unknown test, score out of range, a newer
  /// submission since the export), and then applies nothing.
  ImportReport import_manual_grades(std::string_view csv_text);

 private:
  Gradebook(std::filesystem::path path, std::unique_ptr<SQLite::Database> db);
  std::filesystem::path path_;
  std::unique_ptr<SQLite::Database> db_;
};

/// Now as ISO 8601 UTC with milliseconds: "2026-11-05T14:03:27.512Z".
std::string utc_now_iso8601();

}  // namespace grader::gradebook
