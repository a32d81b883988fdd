#include "grader/gradebook/storage.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <nlohmann/json.hpp>

#include "grader/report/names.hpp"
#include "grader/util/unicode.hpp"

namespace grader::gradebook {
namespace {

std::string json_list(const std::vector<std::string>& items) {
  return nlohmann::json(items).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::vector<std::string> parse_json_list(const std::string& text) {
  return nlohmann::json::parse(text).get<std::vector<std::string>>();
}

void bind_text(SQLite::Statement& s, int index, std::string_view text) { s.bind(index, std::string(text)); }

// Paths are bytes the JSON writer would alter if they were not UTF-8: such a
// path is not recorded at all (a regrade then says so) rather than recorded
// as another path.
std::string json_source_paths(const std::vector<runner::SourcePath>& paths) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& p : paths) {
    if (!util::is_valid_utf8(p.path) || !util::is_valid_utf8(p.uploaded)) continue;
    nlohmann::json item = {{"path", p.path}};
    if (!p.uploaded.empty()) item["uploaded"] = p.uploaded;
    list.push_back(std::move(item));
  }
  return list.dump();
}

std::vector<runner::SourcePath> parse_source_paths(const std::string& text, std::int64_t id) {
  std::vector<runner::SourcePath> paths;
  try {
    for (const auto& item : nlohmann::json::parse(text)) {
      runner::SourcePath p;
      p.path = item.at("path").get<std::string>();
      if (item.contains("uploaded")) p.uploaded = item.at("uploaded").get<std::string>();
      paths.push_back(std::move(p));
    }
  } catch (const nlohmann::json::exception& e) {
    throw GradebookError("submission " + std::to_string(id) + ": source_paths is not a list of {\"path\", \"uploaded\"} (" +
                         e.what() + "); was it edited by hand?");
  }
  return paths;
}

}  // namespace

void bind_lateness(SQLite::Statement& s, int first, const runner::Lateness& lateness) {
  s.bind(first, lateness.late ? 1 : 0);
  if (lateness.late_seconds < 0)
    s.bind(first + 1);  // NULL: on time or unknown
  else
    s.bind(first + 1, lateness.late_seconds);
  s.bind(first + 2, lateness.penalty_percent);
  s.bind(first + 3, lateness.reason);
}

std::int64_t insert_submission(SQLite::Database& db, const runner::SubmissionResult& r, const std::string& graded_at) {
  SQLite::Statement student(db,
                            "INSERT INTO students(id, first_seen) VALUES (?, ?) "
                            "ON CONFLICT(id) DO UPDATE SET first_seen = min(first_seen, excluded.first_seen)");
  student.bind(1, r.student);
  student.bind(2, graded_at);
  student.exec();

  SQLite::Statement submission(
      db,
      "INSERT INTO submissions(student, source, content_hash, submitted_at, graded_at, course_version, "
      "grader_version, score, max_score, seconds, ignored_files, rejected_files, late, late_seconds, "
      "late_penalty_percent, late_reason, source_paths) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  submission.bind(1, r.student);
  submission.bind(2, r.source);
  submission.bind(3, r.content_hash);
  if (r.submitted_at.empty())
    submission.bind(4);  // NULL: unknown
  else
    submission.bind(4, r.submitted_at);
  submission.bind(5, graded_at);
  submission.bind(6, r.course_version);
  submission.bind(7, r.grader_version);
  submission.bind(8, r.score);
  submission.bind(9, r.max_score);
  submission.bind(10, r.seconds);
  submission.bind(11, json_list(r.ignored_files));
  submission.bind(12, json_list(r.rejected_files));
  bind_lateness(submission, 13, r.lateness);
  submission.bind(17, json_source_paths(r.source_paths));
  submission.exec();
  const std::int64_t id = db.getLastInsertRowid();

  SQLite::Statement lesson_row(db,
                               "INSERT INTO lesson_results(submission, position, lesson, status, detail, score, "
                               "max_score, seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  SQLite::Statement test_row(db,
                             "INSERT INTO test_results(submission, lesson, position, exercise, name, hidden, "
                             "visibility, show_details, status, score, max_score, message, public_message, seconds) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (std::size_t li = 0; li < r.lessons.size(); ++li) {
    const auto& l = r.lessons[li];
    lesson_row.reset();
    lesson_row.bind(1, id);
    lesson_row.bind(2, static_cast<std::int64_t>(li));
    lesson_row.bind(3, l.lesson);
    bind_text(lesson_row, 4, report::name_of(l.status));
    lesson_row.bind(5, l.detail);
    lesson_row.bind(6, l.score);
    lesson_row.bind(7, l.max_score);
    lesson_row.bind(8, l.seconds);
    lesson_row.exec();
    for (std::size_t ti = 0; ti < l.tests.size(); ++ti) {
      const auto& t = l.tests[ti];
      test_row.reset();
      test_row.bind(1, id);
      test_row.bind(2, l.lesson);  // tests belong to their enclosing lesson
      test_row.bind(3, static_cast<std::int64_t>(ti));
      test_row.bind(4, t.exercise);
      test_row.bind(5, t.name);
      test_row.bind(6, t.hidden ? 1 : 0);
      bind_text(test_row, 7, report::name_of(t.visibility));
      test_row.bind(8, t.show_details ? 1 : 0);
      bind_text(test_row, 9, report::name_of(t.status));
      test_row.bind(10, t.score);
      test_row.bind(11, t.max_score);
      test_row.bind(12, t.message);
      test_row.bind(13, t.public_message);
      test_row.bind(14, t.seconds);
      test_row.exec();
    }
  }
  return id;
}

StoredSubmission load_submission(SQLite::Database& db, std::int64_t id) {
  SQLite::Statement sub(db,
                        "SELECT graded_at, student, source, content_hash, submitted_at, course_version, "
                        "grader_version, score, max_score, seconds, ignored_files, rejected_files, late, late_seconds, "
                        "late_penalty_percent, late_reason, source_paths FROM submissions WHERE id = ?");
  sub.bind(1, id);
  if (!sub.executeStep())
    throw GradebookError("no submission with id " + std::to_string(id) + " in " + db.getFilename() +
                         "; list them with `SELECT id, student FROM submissions`");
  StoredSubmission stored;
  stored.id = id;
  stored.graded_at = sub.getColumn(0).getString();
  auto& r = stored.result;
  r.student = sub.getColumn(1).getString();
  r.source = sub.getColumn(2).getString();
  r.content_hash = sub.getColumn(3).getString();
  r.submitted_at = sub.getColumn(4).getString();  // NULL reads as ""
  r.course_version = sub.getColumn(5).getString();
  r.grader_version = sub.getColumn(6).getString();
  r.score = sub.getColumn(7).getDouble();
  r.max_score = sub.getColumn(8).getDouble();
  r.seconds = sub.getColumn(9).getDouble();
  r.ignored_files = parse_json_list(sub.getColumn(10).getString());
  r.rejected_files = parse_json_list(sub.getColumn(11).getString());
  r.lateness.late = sub.getColumn(12).getInt() != 0;
  r.lateness.late_seconds = sub.getColumn(13).isNull() ? -1 : sub.getColumn(13).getDouble();
  r.lateness.penalty_percent = sub.getColumn(14).getDouble();
  r.lateness.reason = sub.getColumn(15).getString();
  r.source_paths = parse_source_paths(sub.getColumn(16).getString(), id);

  SQLite::Statement lessons(db,
                            "SELECT lesson, status, detail, score, max_score, seconds FROM lesson_results "
                            "WHERE submission = ? ORDER BY position");
  lessons.bind(1, id);
  SQLite::Statement tests(db,
                          "SELECT exercise, name, hidden, visibility, show_details, status, score, max_score, "
                          "message, public_message, seconds FROM test_results "
                          "WHERE submission = ? AND lesson = ? ORDER BY position");
  try {
    while (lessons.executeStep()) {
      runner::LessonResult l;
      l.lesson = lessons.getColumn(0).getString();
      l.status = report::parse_lesson_status(lessons.getColumn(1).getString());
      l.detail = lessons.getColumn(2).getString();
      l.score = lessons.getColumn(3).getDouble();
      l.max_score = lessons.getColumn(4).getDouble();
      l.seconds = lessons.getColumn(5).getDouble();
      tests.reset();
      tests.bind(1, id);
      tests.bind(2, l.lesson);
      while (tests.executeStep()) {
        runner::TestResult t;
        t.lesson = l.lesson;
        t.exercise = tests.getColumn(0).getString();
        t.name = tests.getColumn(1).getString();
        t.hidden = tests.getColumn(2).getInt() != 0;
        t.visibility = report::parse_visibility(tests.getColumn(3).getString());
        t.show_details = tests.getColumn(4).getInt() != 0;
        t.status = report::parse_test_status(tests.getColumn(5).getString());
        t.score = tests.getColumn(6).getDouble();
        t.max_score = tests.getColumn(7).getDouble();
        t.message = tests.getColumn(8).getString();
        t.public_message = tests.getColumn(9).getString();
        t.seconds = tests.getColumn(10).getDouble();
        l.tests.push_back(std::move(t));
      }
      r.lessons.push_back(std::move(l));
    }
  } catch (const std::invalid_argument& e) {
    throw GradebookError("submission " + std::to_string(id) + " in " + db.getFilename() + ": " + e.what() +
                         "; was it written by a newer grader?");
  }
  return stored;
}

}  // namespace grader::gradebook
