// Gradescope's results.json for one submission, as its autograder
// specification describes it (https://gradescope-autograders.readthedocs.io/en/latest/specs/):
//
//   {"score": 12.5, "execution_time": 3, "output": "...", "output_format": "text",
//    "visibility": "visible", "stdout_visibility": "hidden",
//    "tests": [{"name": "...", "name_format": "text", "number": "1.2",
//               "score": 0, "max_score": 2, "status": "failed",
//               "output": "...", "output_format": "text",
//               "tags": ["vectors", "dot-product"], "visibility": "after_due_date"}]}
//
// Students read it: a test with show_details == false shows its
// public_message, never its message.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "grader/course/model.hpp"
#include "grader/runner/results.hpp"

namespace grader::report {

struct GradescopeOptions {
  /// Top-level visibility; each test still carries its own suite's visibility.
  course::Visibility visibility = course::Visibility::visible;
  /// run_autograder's stdout is the instructor's log (it may name hidden
  /// inputs), so students do not see it unless the course says so.
  course::Visibility stdout_visibility = course::Visibility::hidden;
};

nlohmann::json gradescope_results(const runner::SubmissionResult& result, const GradescopeOptions& options = {});

/// The same, as the text of results.json.
std::string write_gradescope_results(const runner::SubmissionResult& result, const GradescopeOptions& options = {});

}  // namespace grader::report
