#include "grader/batch/submission_time.hpp"

#include <sys/stat.h>

#include <cctype>
#include <cmath>
#include <regex>
#include <stdexcept>

#include <fmt/format.h>

#include "grader/report/csv.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/util/files.hpp"
#include "grader/util/text.hpp"

namespace grader::batch {
namespace fs = std::filesystem;

namespace {

// Rows of a CSV with a header, as maps from lowercased column name to value.
struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  int column(const std::string& name) const {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return static_cast<int>(i);
    return -1;
  }
};

Table read_table(const fs::path& csv, const std::string& expected_header) {
  std::string text;
  try {
    text = util::read_file(csv);
  } catch (const std::exception& e) {
    throw std::invalid_argument(fmt::format("cannot read {}: {}", csv.string(), e.what()));
  }
  std::vector<std::vector<std::string>> rows;
  try {
    rows = report::parse_csv(text);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("{}: {}", csv.string(), e.what()));
  }
  if (rows.empty()) throw std::invalid_argument(csv.string() + " is empty; its first row must be the header " + expected_header);
  Table t;
  for (auto& h : rows[0]) t.header.push_back(util::lower(std::string(util::trim(h))));
  t.rows.assign(rows.begin() + 1, rows.end());
  if (t.column("student") < 0)
    throw std::invalid_argument(fmt::format("{}: the header has no 'student' column; the header must be {}", csv.string(),
                                            expected_header));
  return t;
}

std::string cell(const Table&, const std::vector<std::string>& row, int column) {
  if (column < 0 || static_cast<std::size_t>(column) >= row.size()) return "";
  return std::string(util::trim(report::csv_text_value(row[static_cast<std::size_t>(column)])));
}

}  // namespace

std::map<std::string, std::time_t> read_extensions(const fs::path& csv, const course::LatePolicy& policy) {
  const Table t = read_table(csv, "student,due or student,days");
  const int student = t.column("student"), due = t.column("due"), days = t.column("days");
  if (due < 0 && days < 0)
    throw std::invalid_argument(csv.string() + ": the header needs a 'due' column (a new due date) or a 'days' column "
                                               "(days added to the due date)");
  std::map<std::string, std::time_t> out;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const auto where = fmt::format("{} row {}", csv.string(), r + 2);
    const std::string id = cell(t, t.rows[r], student);
    if (id.empty()) throw std::invalid_argument(where + ": the student is empty");
    const std::string due_text = cell(t, t.rows[r], due), days_text = cell(t, t.rows[r], days);
    std::time_t extended = 0;
    if (!due_text.empty()) {
      auto at = course::parse_utc_time(due_text);
      if (!at)
        throw std::invalid_argument(fmt::format("{}: due '{}' is not a date and time with its time zone, like "
                                                "2026-11-22T23:59:00Z",
                                                where, report::plain_line(due_text)));
      extended = *at;
    } else if (!days_text.empty()) {
      double n = 0;
      std::size_t used = 0;
      try {
        n = std::stod(days_text, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != days_text.size() || !std::isfinite(n) || n < 0 || n > 3650)
        throw std::invalid_argument(fmt::format("{}: days '{}' must be a number of days from 0 to 3650", where,
                                                report::plain_line(days_text)));
      extended = policy.due + static_cast<std::time_t>(std::llround(n * 86400));
    } else {
      throw std::invalid_argument(where + ": give the new due date (due) or the days added (days)");
    }
    if (!out.emplace(util::lower(id), extended).second)
      throw std::invalid_argument(fmt::format("{}: student '{}' has a second extension; keep one row per student", where,
                                              report::plain_line(id)));
  }
  return out;
}

std::map<std::string, std::time_t> read_submitted_at(const fs::path& csv) {
  const Table t = read_table(csv, "student,submitted_at");
  const int student = t.column("student"), at_column = t.column("submitted_at");
  if (at_column < 0) throw std::invalid_argument(csv.string() + ": the header has no 'submitted_at' column");
  std::map<std::string, std::time_t> out;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const auto where = fmt::format("{} row {}", csv.string(), r + 2);
    const std::string id = cell(t, t.rows[r], student), text = cell(t, t.rows[r], at_column);
    if (id.empty()) throw std::invalid_argument(where + ": the student is empty");
    auto at = course::parse_utc_time(text);
    if (!at)
      throw std::invalid_argument(fmt::format("{}: submitted_at '{}' is not a date and time with its time zone, like "
                                              "2026-11-20T23:12:05Z",
                                              where, report::plain_line(text)));
    if (!out.emplace(util::lower(id), *at).second)
      throw std::invalid_argument(fmt::format("{}: student '{}' is listed twice", where, report::plain_line(id)));
  }
  return out;
}

bool lms_flags_late(const fs::path& entry) {
  static const std::regex canvas_late(R"(^[a-z]+_late_\d+_\d+_.+$)", std::regex::ECMAScript | std::regex::icase);
  return std::regex_match(entry.filename().string(), canvas_late);
}

std::optional<std::time_t> entry_file_time(const fs::path& entry) {
  struct stat st {};
  if (::lstat(entry.c_str(), &st) != 0) return std::nullopt;
  return st.st_mtime;
}

runner::SubmissionTime submission_time(const Entry& entry, const DeadlineInputs& inputs) {
  runner::SubmissionTime t;
  t.flagged_late = lms_flags_late(entry.path);
  if (auto it = inputs.submitted_at.find(util::lower(entry.student)); it != inputs.submitted_at.end()) {
    t.at = it->second;
    t.source = "from " + inputs.submitted_at_file;
  } else if (inputs.times_from_files) {
    t.at = entry_file_time(entry.path);
    if (t.at) t.source = "the entry's file time";
  }
  return t;
}

void stamp_lateness(const Entry& entry, const DeadlineInputs& inputs, runner::SubmissionResult& result) {
  const runner::SubmissionTime t = submission_time(entry, inputs);
  runner::LateInputs kept;
  kept.applied = true;
  kept.policy = inputs.policy;
  kept.submitted_at = t.at;
  kept.time_source = t.source;
  kept.flagged_late = t.flagged_late;
  if (auto it = inputs.extended_due.find(util::lower(entry.student)); it != inputs.extended_due.end())
    kept.extended_due = it->second;
  apply_late_inputs(kept, result);
}

void apply_late_inputs(const runner::LateInputs& inputs, runner::SubmissionResult& result) {
  result.lateness = runner::assess_lateness(inputs);
  // What this decision was made from, and nothing older: the time and the reason agree.
  result.submitted_at = inputs.submitted_at ? course::format_utc_time(*inputs.submitted_at) : "";
  result.late_inputs = inputs;
}

}  // namespace grader::batch
