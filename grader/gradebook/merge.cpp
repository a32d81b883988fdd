// Gradebook::merge: folding a shard's gradebook into this one.
#include <SQLiteCpp/SQLiteCpp.h>

#include <fmt/format.h>

#include "grader/gradebook/gradebook.hpp"

namespace grader::gradebook {
namespace {

/// Keeps the shard attached for the scope; detaching after the transaction
/// (SQLite refuses to detach inside one).
class Attached {
 public:
  Attached(SQLite::Database& db, const std::string& path) : db_(db) {
    SQLite::Statement attach(db_, "ATTACH DATABASE ? AS shard");
    attach.bind(1, path);
    attach.exec();
  }
  Attached(const Attached&) = delete;
  Attached& operator=(const Attached&) = delete;
  ~Attached() { db_.tryExec("DETACH DATABASE shard"); }

 private:
  SQLite::Database& db_;
};

}  // namespace

MergeReport Gradebook::merge(const std::filesystem::path& other) {
  if (!std::filesystem::is_regular_file(other))
    throw GradebookError("no gradebook file at " + other.string() + "; check the path of the shard to merge");
  std::error_code ec;
  if (std::filesystem::equivalent(path_, other, ec))
    throw GradebookError(other.string() + " is this gradebook itself; merge a different file");
  // Opening migrates an older shard and rejects a newer or foreign one.
  { Gradebook shard = Gradebook::open(other); }

  MergeReport report;
  try {
    Attached attached(*db_, other.string());
    SQLite::Transaction transaction(*db_, SQLite::TransactionBehavior::IMMEDIATE);

    // The same student, files and course version is the same submission,
    // whatever its id; decide against this gradebook as it was before the merge.
    std::vector<std::int64_t> to_copy;
    {
      SQLite::Statement fresh(*db_,
                              "SELECT o.id FROM shard.submissions o WHERE NOT EXISTS ("
                              "  SELECT 1 FROM main.submissions m WHERE m.student = o.student"
                              "  AND m.content_hash = o.content_hash AND m.course_version = o.course_version)"
                              " ORDER BY o.graded_at, o.id");
      while (fresh.executeStep()) to_copy.push_back(fresh.getColumn(0).getInt64());
      report.copied = static_cast<int>(to_copy.size());
      report.skipped = db_->execAndGet("SELECT count(*) FROM shard.submissions").getInt() - report.copied;
    }

    SQLite::Statement student(*db_,
                              "INSERT INTO main.students(id, first_seen) "
                              "SELECT s.id, s.first_seen FROM shard.students s JOIN shard.submissions o "
                              "ON o.student = s.id WHERE o.id = ?1 "
                              "ON CONFLICT(id) DO UPDATE SET first_seen = min(first_seen, excluded.first_seen)");
    SQLite::Statement submission(
        *db_,
        "INSERT INTO main.submissions(student, source, content_hash, submitted_at, graded_at, course_version, "
        "grader_version, score, max_score, seconds, ignored_files, rejected_files, late, late_seconds, "
        "late_penalty_percent, late_reason, source_paths) "
        "SELECT student, source, content_hash, submitted_at, graded_at, course_version, grader_version, score, "
        "max_score, seconds, ignored_files, rejected_files, late, late_seconds, late_penalty_percent, late_reason, "
        "source_paths "
        "FROM shard.submissions WHERE id = ?1");
    SQLite::Statement lessons(*db_,
                              "INSERT INTO main.lesson_results(submission, position, lesson, status, detail, "
                              "score, max_score, seconds) SELECT ?2, position, lesson, status, detail, score, "
                              "max_score, seconds FROM shard.lesson_results WHERE submission = ?1");
    SQLite::Statement tests(*db_,
                            "INSERT INTO main.test_results(submission, lesson, position, exercise, name, hidden, "
                            "visibility, show_details, status, score, max_score, message, public_message, "
                            "seconds) SELECT ?2, lesson, position, exercise, name, hidden, visibility, "
                            "show_details, status, score, max_score, message, public_message, seconds "
                            "FROM shard.test_results WHERE submission = ?1");
    SQLite::Statement manual(*db_,
                             "INSERT INTO main.manual_grades(submission, student, lesson, exercise, question, "
                             "answer, score, max_score, comment, graded_at) SELECT ?2, student, lesson, exercise, "
                             "question, answer, score, max_score, comment, graded_at "
                             "FROM shard.manual_grades WHERE submission = ?1");
    for (const std::int64_t shard_id : to_copy) {
      student.reset();
      student.bind(1, shard_id);
      student.exec();
      submission.reset();
      submission.bind(1, shard_id);
      submission.exec();
      const std::int64_t id = db_->getLastInsertRowid();
      for (SQLite::Statement* rows : {&lessons, &tests, &manual}) {
        rows->reset();
        rows->bind(1, shard_id);
        rows->bind(2, id);
        rows->exec();
      }
    }
    // A roster imported on one machine only is kept; this gradebook's own
    // rows win where both have the student.
    db_->exec(
        "INSERT INTO main.roster(id, name, email, section, imported_at) "
        "SELECT id, name, email, section, imported_at FROM shard.roster WHERE true "
        "ON CONFLICT(id) DO NOTHING");
    transaction.commit();
  } catch (const SQLite::Exception& e) {
    throw GradebookError(fmt::format("cannot merge {} into {}: {}; nothing was merged", other.string(),
                                     path_.string(), e.what()));
  }
  return report;
}

}  // namespace grader::gradebook
