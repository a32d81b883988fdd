#include "grader/report/grades_csv.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "grader/report/csv.hpp"
#include "grader/report/lesson_summary.hpp"
#include "grader/report/outcome.hpp"

namespace grader::report {

std::string status_summary(const runner::SubmissionResult& result) {
  const TestCounts counts = count_tests(result);
  std::string out = outcome_summary(result) + fmt::format("; {} of {} tests passed", counts.passed, counts.total);
  if (counts.failed) out += fmt::format("; {} failed", counts.failed);
  if (counts.crashed) out += fmt::format("; {} crashed", counts.crashed);
  if (counts.timed_out) out += fmt::format("; {} timed out", counts.timed_out);
  if (counts.not_implemented) out += fmt::format("; {} not implemented", counts.not_implemented);
  if (counts.not_run) out += fmt::format("; {} did not run", counts.not_run);
  if (counts.pending_review) out += fmt::format("; {} awaiting review", counts.pending_review);
  if (!result.rejected_files.empty()) out += fmt::format("; {} file{} refused", result.rejected_files.size(), result.rejected_files.size() == 1 ? "" : "s");
  return out;
}

std::string grades_csv(const std::vector<runner::SubmissionResult>& results, const std::vector<std::string>& lessons,
                       const std::vector<NoSubmission>& not_submitted) {
  std::vector<std::string> columns = lessons;
  if (columns.empty())
    for (const auto& r : results)
      for (const auto& l : r.lessons)
        if (std::find(columns.begin(), columns.end(), l.lesson) == columns.end()) columns.push_back(l.lesson);

  std::vector<std::string> header = {"student", "name", "total", "max", "raw_total", "late_penalty_percent", "late_reason"};
  for (const auto& c : columns) header.push_back(csv_field(c));
  header.push_back("status");
  std::string out = csv_row(header);

  for (const auto& r : results) {
    std::vector<std::string> row = {csv_text_field(r.student),
                                    csv_text_field(r.student_name),
                                    format_points(runner::penalised_score(r)),
                                    format_points(r.max_score),
                                    format_points(r.score),
                                    format_points(r.lateness.penalty_percent),
                                    csv_text_field(r.lateness.reason)};
    for (const auto& c : columns) {
      auto it = std::find_if(r.lessons.begin(), r.lessons.end(), [&](const auto& l) { return l.lesson == c; });
      row.push_back(it == r.lessons.end() ? "" : format_points(it->score));
    }
    row.push_back(csv_text_field(status_summary(r)));
    out += csv_row(row);
  }
  for (const auto& n : not_submitted) {
    std::vector<std::string> row = {csv_text_field(n.id), csv_text_field(n.name)};
    row.resize(header.size() - 1);  // every score empty: nothing was graded
    row.push_back(kNoSubmissionWords);
    out += csv_row(row);
  }
  return out;
}

}  // namespace grader::report
