// The grader's own JSON form of a SubmissionResult: every field, enums by
// name, so that write -> read gives back the same result. Sharded grading
// ships results between machines this way, and `--format json` prints it.
// Text from the submission is written in its visible form (json_text in
// sanitize.hpp): control characters, bidi overrides and bytes that are not
// UTF-8 come back as "\x1b", "\u202e", "\xff", so only such text changes.
// Instructor-only: it carries the hidden tests' full messages.
//
//   {"format": "grader-submission-result", "format_version": 1,
//    "student": ..., "lessons": [{"lesson": ..., "tests": [{...}]}], ...}
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "grader/runner/results.hpp"

namespace grader::report {

inline constexpr int kResultJsonVersion = 1;

nlohmann::json to_json(const runner::SubmissionResult& result);

/// Throws std::invalid_argument naming the field that is missing or of the
/// wrong type, e.g. "lessons[0].tests[2].score: expected a number, got string".
runner::SubmissionResult submission_from_json(const nlohmann::json& json);

/// Text form (indented when indent >= 0).
std::string write_result_json(const runner::SubmissionResult& result, int indent = 2);
runner::SubmissionResult read_result_json(std::string_view text);

}  // namespace grader::report
