// Gradebook::export_pending_reviews and import_manual_grades: free-text quiz
// answers go out to an instructor as CSV and come back with scores.
#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "grader/gradebook/gradebook.hpp"
#include "grader/report/csv.hpp"
#include "grader/report/names.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/runner/points.hpp"
#include "grader/util/text.hpp"

namespace grader::gradebook {

using report::csv_field;
using report::csv_row;
using report::csv_text_field;

namespace {

const std::vector<std::string> kColumns = {"student", "lesson",    "exercise", "question", "answer",
                                           "score",   "max_score", "comment",  "submission"};

bool parse_number(const std::string& text, double& value) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return ec == std::errc() && ptr == end && std::isfinite(value);
}

/// Where a score goes and what is there now.
struct Target {
  std::int64_t submission = 0;
  std::int64_t position = 0;
  std::string status;
  double score = 0;
  double max_score = 0;
  std::string answer;  ///< the student's text, without any earlier comment
  bool graded_by_hand = false;
};

}  // namespace

std::string Gradebook::export_pending_reviews() const {
  std::vector<std::string> header;
  for (const auto& c : kColumns) header.push_back(c);
  std::string out = csv_row(header);
  SQLite::Statement pending(*db_,
                            "SELECT s.student, t.lesson, t.exercise, t.name, t.message, t.max_score, s.id "
                            "FROM latest_submissions s "
                            "JOIN test_results t ON t.submission = s.id "
                            "JOIN lesson_results l ON l.submission = t.submission AND l.lesson = t.lesson "
                            "WHERE t.status = ? ORDER BY s.student, l.position, t.position");
  pending.bind(1, std::string(report::name_of(runner::TestStatus::pending_review)));
  while (pending.executeStep()) {
    out += csv_row({
        csv_text_field(pending.getColumn(0).getString()),
        csv_field(pending.getColumn(1).getString()),
        csv_field(pending.getColumn(2).getString()),
        csv_field(pending.getColumn(3).getString()),
        csv_text_field(pending.getColumn(4).getString()),  // the student's own words
        "",
        fmt::format("{}", pending.getColumn(5).getDouble()),
        "",
        std::to_string(pending.getColumn(6).getInt64()),
    });
  }
  return out;
}

ImportReport Gradebook::import_manual_grades(std::string_view csv_text) {
  std::vector<std::vector<std::string>> rows;
  try {
    rows = report::parse_csv(csv_text);
  } catch (const std::invalid_argument& e) {
    throw GradebookError(std::string("manual grades: ") + e.what() + "; nothing was imported");
  }
  if (rows.empty()) throw GradebookError("manual grades: the file is empty; expected the header row of an export");

  std::map<std::string, std::size_t> column;
  for (std::size_t i = 0; i < rows[0].size(); ++i) column[std::string(util::trim(rows[0][i]))] = i;
  for (const char* required : {"student", "lesson", "exercise", "question", "score"})
    if (!column.count(required))
      throw GradebookError(fmt::format(
          "manual grades: the header has no \"{}\" column; keep the header row of the export as it was", required));

  ImportReport outcome;
  try {
    SQLite::Transaction transaction(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement latest(*db_, "SELECT id, graded_at FROM latest_submissions WHERE student = ?");
    SQLite::Statement by_id(*db_, "SELECT student FROM submissions WHERE id = ?");
    SQLite::Statement find(*db_,
                           "SELECT t.position, t.status, t.score, t.max_score, t.message, m.answer "
                           "FROM test_results t LEFT JOIN manual_grades m ON m.submission = t.submission "
                           "AND m.lesson = t.lesson AND m.exercise = t.exercise AND m.question = t.name "
                           "WHERE t.submission = ? AND t.lesson = ? AND t.exercise = ? AND t.name = ? LIMIT 2");
    SQLite::Statement set_test(*db_,
                               "UPDATE test_results SET score = ?, status = ?, message = ? "
                               "WHERE submission = ? AND lesson = ? AND position = ?");
    SQLite::Statement move_lesson(*db_,
                                  "UPDATE lesson_results SET score = round(score + ?, 3) WHERE submission = ? AND lesson = ?");
    SQLite::Statement move_submission(*db_, "UPDATE submissions SET score = round(score + ?, 3) WHERE id = ?");
    SQLite::Statement keep(*db_,
                           "INSERT INTO manual_grades(submission, student, lesson, exercise, question, answer, "
                           "score, max_score, comment, graded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                           "ON CONFLICT(submission, lesson, exercise, question) DO UPDATE SET "
                           "score = excluded.score, comment = excluded.comment, graded_at = excluded.graded_at");
    const std::string now = utc_now_iso8601();

    for (std::size_t r = 1; r < rows.size(); ++r) {
      const auto& row = rows[r];
      auto cell = [&](const char* name) -> std::string {
        auto it = column.find(name);
        return it == column.end() || it->second >= row.size() ? "" : row[it->second];
      };
      // Row numbers as a spreadsheet shows them: the header is row 1.
      auto fail = [&](const std::string& what) -> GradebookError {
        return GradebookError(fmt::format("manual grades, row {}: {}; nothing was imported", r + 1, what));
      };
      const std::string score_text = std::string(util::trim(cell("score")));
      if (score_text.empty()) {
        ++outcome.left_blank;
        continue;
      }
      std::string student = report::csv_text_value(std::string(util::trim(cell("student"))));
      const std::string lesson = std::string(util::trim(cell("lesson")));
      const std::string exercise = std::string(util::trim(cell("exercise")));
      const std::string question = std::string(util::trim(cell("question")));
      const std::string comment = std::string(util::trim(cell("comment")));
      double score = 0;
      if (!parse_number(score_text, score)) throw fail("score \"" + score_text + "\" is not a number");
      score = runner::exact_points(score);  // points are kept in whole thousandths

      const std::string exported = std::string(util::trim(cell("submission")));
      latest.reset();
      latest.bind(1, student);
      bool found = latest.executeStep();
      if (!found && !exported.empty()) {
        // The export shows an id holding control characters in its visible
        // form; the exported submission says which raw id that was.
        by_id.reset();
        by_id.bind(1, exported);
        if (by_id.executeStep() && report::plain_text(by_id.getColumn(0).getString()) == student) {
          student = by_id.getColumn(0).getString();
          latest.reset();
          latest.bind(1, student);
          found = latest.executeStep();
        }
      }
      if (!found) throw fail("no submission of student \"" + report::plain_line(student) + "\" in this gradebook");
      Target target;
      target.submission = latest.getColumn(0).getInt64();
      const std::string graded_at = latest.getColumn(1).getString();
      if (!exported.empty() && exported != std::to_string(target.submission))
        throw fail(fmt::format("student {} has a newer submission (id {}, graded {}) than the exported one "
                               "(id {}); export the pending reviews again and grade the new answers",
                               student, target.submission, graded_at, exported));

      find.reset();
      find.bind(1, target.submission);
      find.bind(2, lesson);
      find.bind(3, exercise);
      find.bind(4, question);
      if (!find.executeStep())
        throw fail(fmt::format("student {} has no question \"{}\" in exercise \"{}\" of lesson \"{}\"", student,
                               question, exercise, lesson));
      target.position = find.getColumn(0).getInt64();
      target.status = find.getColumn(1).getString();
      target.score = find.getColumn(2).getDouble();
      target.max_score = find.getColumn(3).getDouble();
      target.graded_by_hand = !find.getColumn(5).isNull();
      target.answer = target.graded_by_hand ? find.getColumn(5).getString() : find.getColumn(4).getString();
      if (find.executeStep())
        throw fail(fmt::format("question \"{}\" appears twice in exercise \"{}\"; the gradebook cannot tell "
                               "which one is meant",
                               question, exercise));
      if (target.status != report::name_of(runner::TestStatus::pending_review) && !target.graded_by_hand)
        throw fail(fmt::format("question \"{}\" of {} was graded automatically ({}); only answers awaiting "
                               "review take a manual score",
                               question, student, target.status));
      const std::string max_text = std::string(util::trim(cell("max_score")));
      double max_in_file = 0;
      if (!max_text.empty() &&
          (!parse_number(max_text, max_in_file) || std::abs(max_in_file - target.max_score) > 1e-9))
        throw fail(fmt::format("max_score \"{}\" does not match the question's {}; leave max_score as exported",
                               max_text, target.max_score));
      if (score < 0 || score > target.max_score)
        throw fail(fmt::format("score {} is outside 0 to {}", score, target.max_score));

      const auto status = score >= target.max_score ? runner::TestStatus::passed : runner::TestStatus::failed;
      const std::string message =
          comment.empty() ? target.answer : target.answer + "\n\nReviewer's comment: " + comment;
      const double delta = score - target.score;
      set_test.reset();
      set_test.bind(1, score);
      set_test.bind(2, std::string(report::name_of(status)));
      set_test.bind(3, message);
      set_test.bind(4, target.submission);
      set_test.bind(5, lesson);
      set_test.bind(6, target.position);
      set_test.exec();
      move_lesson.reset();
      move_lesson.bind(1, delta);
      move_lesson.bind(2, target.submission);
      move_lesson.bind(3, lesson);
      move_lesson.exec();
      move_submission.reset();
      move_submission.bind(1, delta);
      move_submission.bind(2, target.submission);
      move_submission.exec();
      keep.reset();
      keep.bind(1, target.submission);
      keep.bind(2, student);
      keep.bind(3, lesson);
      keep.bind(4, exercise);
      keep.bind(5, question);
      keep.bind(6, target.answer);
      keep.bind(7, score);
      keep.bind(8, target.max_score);
      keep.bind(9, comment);
      keep.bind(10, now);
      keep.exec();
      ++outcome.applied;
    }
    transaction.commit();
  } catch (const SQLite::Exception& e) {
    throw GradebookError(std::string("manual grades: ") + e.what() + "; nothing was imported");
  }
  return outcome;
}

}  // namespace grader::gradebook
