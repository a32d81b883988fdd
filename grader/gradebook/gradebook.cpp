#include "grader/gradebook/gradebook.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <SQLiteCpp/VariadicBind.h>
#include <sqlite3.h>

#include <chrono>
#include <ctime>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "grader/gradebook/schema.hpp"
#include "grader/gradebook/storage.hpp"
#include "grader/report/names.hpp"
#include "grader/runner/points.hpp"

namespace grader::gradebook {

namespace {

// Parallel graders queue for the write lock; a record takes milliseconds, so
// a minute of waiting means something is stuck rather than busy.
constexpr int kBusyTimeoutMs = 60'000;

struct CarriedGrade {
  std::string lesson, exercise, question, answer, comment, graded_at;
  double score = 0, max_score = 0;
};

// Applies to `result` the latest manual grade the student already has for
// each answer awaiting review, when the answer is word for word the one that
// was graded (and the question is worth the same). Returns what was applied.
std::vector<CarriedGrade> carry_manual_grades(SQLite::Database& db, runner::SubmissionResult& result) {
  std::vector<CarriedGrade> carried;
  SQLite::Statement find(db,
                         "SELECT score, comment, graded_at FROM manual_grades WHERE student = ? AND lesson = ? "
                         "AND exercise = ? AND question = ? AND answer = ? AND round(max_score, 3) = round(?, 3) "
                         "ORDER BY graded_at DESC, submission DESC LIMIT 1");
  runner::PointSum total;
  for (auto& lesson : result.lessons) {
    runner::PointSum lesson_total;
    for (auto& t : lesson.tests) {
      if (t.status == runner::TestStatus::pending_review) {
        find.reset();
        SQLite::bind(find, result.student, lesson.lesson, t.exercise, t.name, t.message, t.max_score);
        if (find.executeStep()) {
          CarriedGrade g{lesson.lesson, t.exercise, t.name, t.message, find.getColumn(1).getString(),
                         find.getColumn(2).getString(), runner::exact_points(find.getColumn(0).getDouble()),
                         t.max_score};
          t.score = g.score;
          t.status = g.score >= t.max_score ? runner::TestStatus::passed : runner::TestStatus::failed;
          if (!g.comment.empty()) t.message += "\n\nReviewer's comment: " + g.comment;
          carried.push_back(std::move(g));
        }
      }
      lesson_total += t.score;
    }
    if (!carried.empty()) lesson.score = lesson_total.value();
    total += lesson.score;
  }
  if (!carried.empty()) result.score = total.value();
  return carried;
}

void record_carried_grades(SQLite::Database& db, std::int64_t submission, const std::string& student,
                           const std::vector<CarriedGrade>& carried) {
  SQLite::Statement keep(db,
                         "INSERT INTO manual_grades(submission, student, lesson, exercise, question, answer, "
                         "score, max_score, comment, graded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (const auto& g : carried) {
    keep.reset();
    SQLite::bind(keep, submission, student, g.lesson, g.exercise, g.question, g.answer, g.score, g.max_score,
                 g.comment, g.graded_at);
    keep.exec();
  }
}

}  // namespace

std::string utc_now_iso8601() {
  const auto now = std::chrono::system_clock::now();
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday,
                     utc.tm_hour, utc.tm_min, utc.tm_sec, ms % 1000);
}

Gradebook::Gradebook(std::filesystem::path path, std::unique_ptr<SQLite::Database> db)
    : path_(std::move(path)), db_(std::move(db)) {}
Gradebook::Gradebook(Gradebook&&) noexcept = default;
Gradebook& Gradebook::operator=(Gradebook&&) noexcept = default;
Gradebook::~Gradebook() = default;

Gradebook Gradebook::open(const std::filesystem::path& path) {
  const std::string name = path.string();
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
  for (;;) {
    try {
      auto db = std::make_unique<SQLite::Database>(name, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE, kBusyTimeoutMs);
      db->exec("PRAGMA foreign_keys = ON");
      // WAL lets readers (reports, sqlite3 sessions) work while a grader writes.
      db->execAndGet("PRAGMA journal_mode = WAL");
      migrate(*db, name);
      return Gradebook(path, std::move(db));
    } catch (const SQLite::Exception& e) {
      // Switching a new file to WAL while another grader creates the same
      // gradebook can fail at once with SQLITE_BUSY, without waiting in the
      // busy handler: open again until the other one is done.
      if ((e.getErrorCode() & 0xff) == SQLITE_BUSY && std::chrono::steady_clock::now() < give_up) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        continue;
      }
      throw GradebookError(name + ": cannot open the gradebook: " + e.what() +
                           "; check that the path is a writable gradebook file (or a new file in a writable folder)");
    }
  }
}

int Gradebook::schema_version() const { return user_version(*db_); }

std::int64_t Gradebook::record(const runner::SubmissionResult& result, std::string graded_at) {
  if (result.student.empty())
    throw GradebookError("cannot record a submission without a student id (source: " + result.source +
                         "); nothing was recorded");
  for (const auto& lesson : result.lessons)
    for (const auto& t : lesson.tests)
      if (!t.lesson.empty() && t.lesson != lesson.lesson)
        throw GradebookError(fmt::format(
            "cannot record the submission of {}: test {} says lesson \"{}\" but sits under lesson \"{}\"; "
            "nothing was recorded",
            result.student, t.name, t.lesson, lesson.lesson));
  if (graded_at.empty()) graded_at = utc_now_iso8601();
  try {
    SQLite::Transaction transaction(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    // A regrade (grade --force, or new files elsewhere) keeps the manual
    // grade of every free-text answer that did not change.
    runner::SubmissionResult stored = result;
    std::vector<CarriedGrade> carried = carry_manual_grades(*db_, stored);
    const std::int64_t id = insert_submission(*db_, stored, graded_at);
    record_carried_grades(*db_, id, stored.student, carried);
    transaction.commit();
    return id;
  } catch (const SQLite::Exception& e) {
    throw GradebookError(fmt::format("cannot record the submission of {} ({}): {}; nothing was recorded",
                                     result.student, result.source, e.what()));
  }
}

bool Gradebook::is_up_to_date(std::string_view student, std::string_view content_hash,
                              std::string_view course_version) const {
  SQLite::Statement query(*db_,
                          "SELECT s.content_hash = ?2 AND s.course_version = ?3 AND NOT EXISTS ("
                          "  SELECT 1 FROM lesson_results l WHERE l.submission = s.id AND l.status = ?4)"
                          " FROM latest_submissions s WHERE s.student = ?1");
  query.bind(1, std::string(student));
  query.bind(2, std::string(content_hash));
  query.bind(3, std::string(course_version));
  query.bind(4, std::string(report::name_of(runner::LessonStatus::internal_error)));
  return query.executeStep() && query.getColumn(0).getInt() == 1;
}

std::optional<StoredSubmission> Gradebook::latest(std::string_view student) const {
  SQLite::Statement query(*db_, "SELECT id FROM latest_submissions WHERE student = ?");
  query.bind(1, std::string(student));
  if (!query.executeStep()) return std::nullopt;
  return load_submission(*db_, query.getColumn(0).getInt64());
}

std::vector<StoredSubmission> Gradebook::latest_all() const {
  SQLite::Statement query(*db_, "SELECT id FROM latest_submissions ORDER BY student");
  std::vector<StoredSubmission> out;
  while (query.executeStep()) out.push_back(load_submission(*db_, query.getColumn(0).getInt64()));
  return out;
}

std::vector<StoredSubmission> Gradebook::history(std::string_view student) const {
  SQLite::Statement query(*db_, "SELECT id FROM submissions WHERE student = ? ORDER BY graded_at, id");
  query.bind(1, std::string(student));
  std::vector<StoredSubmission> out;
  while (query.executeStep()) out.push_back(load_submission(*db_, query.getColumn(0).getInt64()));
  return out;
}

StoredSubmission Gradebook::load(std::int64_t submission_id) const { return load_submission(*db_, submission_id); }

std::vector<std::string> Gradebook::students() const {
  SQLite::Statement query(*db_, "SELECT id FROM students ORDER BY id");
  std::vector<std::string> out;
  while (query.executeStep()) out.push_back(query.getColumn(0).getString());
  return out;
}

IntegrityReport Gradebook::check_integrity() const {
  IntegrityReport summary;
  {
    SQLite::Statement check(*db_, "PRAGMA integrity_check");
    while (check.executeStep()) {
      const std::string line = check.getColumn(0).getString();
      if (line != "ok") summary.problems.push_back("sqlite integrity_check: " + line);
    }
  }
  {
    SQLite::Statement check(*db_, "PRAGMA foreign_key_check");
    while (check.executeStep())
      summary.problems.push_back(fmt::format("table {} row {} refers to a row of {} that does not exist",
                                            check.getColumn(0).getString(), check.getColumn(1).getInt64(),
                                            check.getColumn(2).getString()));
  }
  const int version = user_version(*db_);
  if (version != kSchemaVersion)
    summary.problems.push_back(
        fmt::format("PRAGMA user_version is {}, this grader writes schema {}", version, kSchemaVersion));
  {
    SQLite::Statement meta(*db_, "SELECT value FROM meta WHERE key = 'schema_version'");
    const std::string recorded = meta.executeStep() ? meta.getColumn(0).getString() : "(missing)";
    if (recorded != std::to_string(version))
      summary.problems.push_back(
          fmt::format("meta.schema_version is {} but PRAGMA user_version is {}", recorded, version));
  }
  // Names are checked in code rather than by CHECK constraints, so that a
  // grader adding a status does not need a table rebuild; look for strays.
  struct NameColumn {
    const char* table;
    const char* column;
    void (*parse)(std::string_view);
  };
  const NameColumn columns[] = {
      {"lesson_results", "status", [](std::string_view n) { report::parse_lesson_status(n); }},
      {"test_results", "status", [](std::string_view n) { report::parse_test_status(n); }},
      {"test_results", "visibility", [](std::string_view n) { report::parse_visibility(n); }},
  };
  for (const auto& c : columns) {
    SQLite::Statement names(*db_, fmt::format("SELECT DISTINCT {} FROM {}", c.column, c.table));
    while (names.executeStep()) {
      const std::string name = names.getColumn(0).getString();
      try {
        c.parse(name);
      } catch (const std::invalid_argument& e) {
        summary.problems.push_back(fmt::format("{}.{}: {}", c.table, c.column, e.what()));
      }
    }
  }
  return summary;
}

}  // namespace grader::gradebook
