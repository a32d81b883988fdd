// Gradebook::import_roster, roster, set_lateness and manual_grades: the class
// list next to the graded submissions, late penalties revised after grading,
// and what the class report needs of the manual grades.
#include <SQLiteCpp/SQLiteCpp.h>
#include <SQLiteCpp/VariadicBind.h>

#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/format.h>

#include "grader/gradebook/gradebook.hpp"
#include "grader/gradebook/storage.hpp"
#include "grader/report/csv.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/util/text.hpp"

namespace grader::gradebook {
RosterReport Gradebook::import_roster(std::string_view csv_text) {
  std::vector<std::vector<std::string>> rows;
  try {
    rows = report::parse_csv(csv_text);
  } catch (const std::invalid_argument& e) {
    throw GradebookError(std::string("the roster is not valid CSV: ") + e.what() + "; nothing was imported");
  }
  if (rows.empty()) throw GradebookError("the roster is empty; it needs a header row: id,name,email,section");
  std::map<std::string, std::size_t> column;
  for (std::size_t i = 0; i < rows[0].size(); ++i) column.emplace(util::lower(std::string(util::trim(rows[0][i]))), i);
  for (const char* needed : {"id", "name"})
    if (!column.count(needed))
      throw GradebookError(fmt::format("the roster's header has no '{}' column (found: {}); the header must name "
                                       "id and name, optionally email and section; nothing was imported",
                                       needed, report::plain_line(fmt::format("{}", fmt::join(rows[0], ",")))));
  auto cell = [&](const std::vector<std::string>& row, const char* name) -> std::string {
    auto it = column.find(name);
    if (it == column.end() || it->second >= row.size()) return "";
    return std::string(util::trim(report::csv_text_value(row[it->second])));
  };
  std::vector<RosterEntry> entries;
  std::map<std::string, std::size_t> seen;  // lowercased id -> row number
  for (std::size_t r = 1; r < rows.size(); ++r) {
    RosterEntry e{cell(rows[r], "id"), cell(rows[r], "name"), cell(rows[r], "email"), cell(rows[r], "section")};
    if (e.id.empty())
      throw GradebookError(fmt::format("roster row {}: the id is empty; give every student an id; nothing was imported", r + 1));
    auto [it, fresh] = seen.emplace(util::lower(e.id), r + 1);
    if (!fresh)
      throw GradebookError(fmt::format("roster rows {} and {} have the same id '{}' (ids compare case-insensitively); "
                                       "keep one; nothing was imported",
                                       it->second, r + 1, report::plain_line(e.id)));
    entries.push_back(std::move(e));
  }
  try {
    SQLite::Transaction transaction(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    db_->exec("DELETE FROM roster");
    SQLite::Statement insert(*db_, "INSERT INTO roster(id, name, email, section, imported_at) VALUES (?, ?, ?, ?, ?)");
    const std::string now = utc_now_iso8601();
    for (const auto& e : entries) {
      insert.reset();
      SQLite::bind(insert, e.id, e.name, e.email, e.section, now);
      insert.exec();
    }
    transaction.commit();
  } catch (const SQLite::Exception& e) {
    throw GradebookError(std::string("cannot import the roster: ") + e.what() + "; nothing was imported");
  }
  RosterReport report;
  report.students = static_cast<int>(entries.size());
  std::vector<std::string> graded;
  for (auto& s : students()) graded.push_back(util::lower(s));
  for (const auto& e : entries)
    if (std::find(graded.begin(), graded.end(), util::lower(e.id)) == graded.end()) ++report.not_submitted;
  return report;
}

std::vector<RosterEntry> Gradebook::roster() const {
  SQLite::Statement query(*db_, "SELECT id, name, email, section FROM roster ORDER BY id");
  std::vector<RosterEntry> out;
  while (query.executeStep())
    out.push_back({query.getColumn(0).getString(), query.getColumn(1).getString(), query.getColumn(2).getString(),
                   query.getColumn(3).getString()});
  return out;
}

bool Gradebook::set_lateness(std::string_view student, const runner::Lateness& lateness,
                             std::string_view submitted_at, const runner::LateInputs& inputs) {
  try {
    SQLite::Transaction transaction(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement update(*db_,
                             "UPDATE submissions SET late = ?, late_seconds = ?, late_penalty_percent = ?, "
                             "late_reason = ?, submitted_at = ?, late_inputs = ? "
                             "WHERE id = (SELECT id FROM latest_submissions WHERE student = ?)");
    bind_lateness(update, 1, lateness);
    if (submitted_at.empty()) update.bind(5);
    else update.bind(5, std::string(submitted_at));
    update.bind(6, json_late_inputs(inputs));
    update.bind(7, std::string(student));
    const bool changed = update.exec() > 0;
    transaction.commit();
    return changed;
  } catch (const SQLite::Exception& e) {
    throw GradebookError(fmt::format("cannot record the late penalty of {}: {}; nothing was changed",
                                     report::plain_line(student), e.what()));
  }
}

std::vector<ManualGrade> Gradebook::manual_grades(std::int64_t submission_id) const {
  SQLite::Statement query(*db_,
                          "SELECT lesson, exercise, question, answer, comment, graded_at, score, max_score "
                          "FROM manual_grades WHERE submission = ? ORDER BY lesson, exercise, question");
  query.bind(1, submission_id);
  std::vector<ManualGrade> out;
  while (query.executeStep())
    out.push_back({query.getColumn(0).getString(), query.getColumn(1).getString(), query.getColumn(2).getString(),
                   query.getColumn(3).getString(), query.getColumn(4).getString(), query.getColumn(5).getString(),
                   query.getColumn(6).getDouble(), query.getColumn(7).getDouble()});
  return out;
}

}  // namespace grader::gradebook
