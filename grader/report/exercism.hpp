// Exercism's test-runner results.json, version 3
// (https://exercism.org/docs/building/tooling/test-runners/interface):
//
//   {"version": 3, "status": "pass" | "fail" | "error", "message": null or text,
//    "tests": [{"name": "...", "status": "pass" | "fail" | "error",
//               "message": "..." (failures only), "task_id": 1}]}
//
// A task is one of the course's exercises. `test_code` and `output` are
// optional in the spec and left out: the grader neither shows test sources
// nor captures what student code prints per test. Students read it, so
// show_details == false hides a test's message as in every student export.
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

/// Per-test status: passed -> pass; failed and not_implemented -> fail;
/// not_run and pending_review (nothing was checked) -> error. The top level
/// is "error" when no test ran at all (e.g. every lesson failed to compile),
/// "pass" when every test passed, else "fail".
nlohmann::json exercism_results(const runner::SubmissionResult& result, const ExercismOptions& options = {});
std::string write_exercism_results(const runner::SubmissionResult& result, const ExercismOptions& options = {});

}  // namespace grader::report
