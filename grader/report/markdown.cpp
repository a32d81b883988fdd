#include "grader/report/markdown.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "grader/report/lesson_summary.hpp"
#include "grader/report/outcome.hpp"
#include "grader/report/sanitize.hpp"

namespace grader::report {

using runner::TestStatus;

std::string markdown_cell(std::string_view text) { return markdown_text(text); }

namespace {

std::string percent(double score, double max_score) {
  return max_score > 0 ? fmt::format(" ({:.1f}%)", 100.0 * score / max_score) : "";
}

}  // namespace

std::string markdown_report(const runner::SubmissionResult& result, const MarkdownOptions& options) {
  std::string out = fmt::format("## {}\n\n", markdown_text(options.title));
  if (!result.student.empty()) out += fmt::format("Student: {}  \n", markdown_code_span(result.student));
  if (!result.student_name.empty()) out += fmt::format("Name: {}  \n", markdown_text(result.student_name));
  const double final_score = runner::penalised_score(result);
  out += fmt::format("**Score: {} / {}**{}\n\n", format_points(final_score), format_points(result.max_score),
                     percent(final_score, result.max_score));
  if (const std::string late = late_summary(result); !late.empty()) out += markdown_text(late) + "\n\n";

  out += "| Lesson | Exercise | Points | Tests passed |\n|---|---|---:|---:|\n";
  for (const auto& tally : tally_exercises(result)) {
    std::string passed = fmt::format("{} / {}", tally.tests.passed, tally.tests.total);
    if (tally.tests.pending_review) passed += fmt::format(" ({} awaiting review)", tally.tests.pending_review);
    out += fmt::format("| {} | {} | {} / {} | {} |\n", markdown_cell(tally.lesson), markdown_cell(tally.exercise),
                       format_points(tally.score), format_points(tally.max_score), passed);
  }
  for (const auto& lesson : result.lessons)
    if (lesson.tests.empty())
      out += fmt::format("| {} | | {} / {} | {} |\n", markdown_cell(lesson.lesson), format_points(lesson.score),
                         format_points(lesson.max_score), markdown_cell(describe(lesson)));
  out += "\n";

  for (const auto& lesson : result.lessons) {
    if (lesson.status == runner::LessonStatus::graded) continue;
    out += fmt::format("### Lesson {}: {}\n\n", markdown_text(lesson.lesson), describe(lesson));
    const std::string detail = shown_detail(lesson, options.audience);
    if (!detail.empty()) out += markdown_block(detail) + "\n";
  }

  bool heading = false;
  for (const auto& lesson : result.lessons) {
    if (!attempted(lesson_outcome(lesson))) continue;  // said above, in one line
    for (const auto& t : lesson.tests) {
      if (t.status == TestStatus::passed) continue;
      if (lesson.status != runner::LessonStatus::graded && t.status == TestStatus::not_run) continue;  // said above
      if (!heading) {
        out += "### Not passed\n\n";
        heading = true;
      }
      out += fmt::format("- **{}** {} ({})\n", markdown_text(t.exercise.empty() ? lesson.lesson : t.exercise),
                         markdown_code_span(t.name), words_of(t.status));
      const std::string message = shown_message(t, options.audience);
      if (!message.empty()) {
        // Indented under its list item.
        std::string block = markdown_block(message), indented;
        for (std::size_t i = 0; i < block.size(); ++i) {
          if (i == 0 || block[i - 1] == '\n') indented += "  ";
          indented += block[i];
        }
        out += "\n" + indented + "\n";
      }
    }
  }
  if (!result.ignored_files.empty() || !result.rejected_files.empty()) {
    out += "### Files\n\n";
    for (const auto& f : result.ignored_files) out += fmt::format("- ignored: {}\n", markdown_code_span(f));
    for (const auto& f : result.rejected_files) out += fmt::format("- refused: {}\n", markdown_code_span(f));
  }
  return out;
}

}  // namespace grader::report
