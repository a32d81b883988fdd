// Exercism's test-runner results.json, version 3
// (https://exercism.org/docs/building/tooling/test-runners/interface):
//
//   {"version": 3, "status": "pass" | "fail" | "error", "message": null or text,
//    "tests": [{"name": "...", "status": "pass" | "fail" | "error",
//               "test_code": "positional_encoding(5, 8)",
//               "message": "..." (failures only), "task_id": 1}]}
//
// A task is one of the course's exercises. `test_code`, which version 3
// requires, is the call the test makes as its message names it (see
// exercism_test_code); `output` is left out: the grader does not capture what
// student code prints per test. Students read it, so show_details == false
// hides a test's message as in every student export. A test a compile error
// kept from running carries the compiler's (capped) output in its message.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/runner/results.hpp"

namespace grader::report {

struct ExercismOptions {
  /// Exercise ids in course order: task_id is the 1-based position of a test's
  /// exercise here. Empty: exercises are numbered as they first appear.
  std::vector<std::string> task_order;
};

/// What a test calls, for `test_code`: a hidden test says "hidden test"; a
/// public one, the first "name(args):" at the start of a line of its message
/// as the student sees it (the course's checks name each call that way,
/// e.g. "positional_encoding(5, 8): expected shape (5, 8), got (5, 7)"),
/// else (a passing test has no message) the test's name.
std::string exercism_test_code(const runner::TestResult& test);

/// Per-test status: passed -> pass; failed and not_implemented -> fail;
/// not_run and pending_review (nothing was checked) -> error. The top level
/// is "error" when no test ran at all (e.g. every lesson failed to compile),
/// "pass" when every test passed, else "fail".
nlohmann::json exercism_results(const runner::SubmissionResult& result, const ExercismOptions& options = {});
std::string write_exercism_results(const runner::SubmissionResult& result, const ExercismOptions& options = {});

}  // namespace grader::report
