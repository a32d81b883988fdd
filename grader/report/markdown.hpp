// A Markdown report for one submission, fit for $GITHUB_STEP_SUMMARY: the
// total, a table with one row per exercise (points and passed tests), the
// lessons that did not grade normally, then each failure with its message.
#pragma once

#include <string>
#include <string_view>

#include "grader/report/student_view.hpp"
#include "grader/runner/results.hpp"

namespace grader::report {

struct MarkdownOptions {
  std::string title = "Grading results";
  Audience audience = Audience::student;
};

std::string markdown_report(const runner::SubmissionResult& result, const MarkdownOptions& options = {});

/// Text for one table cell: markdown_text (sanitize.hpp): '|' becomes "\|"
/// (else it would end the cell), line breaks become spaces (else they would
/// end the row), control characters and markup are neutralised.
std::string markdown_cell(std::string_view text);

}  // namespace grader::report
