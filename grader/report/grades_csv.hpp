// The class's grades as CSV, one row per student, for a spreadsheet or an
// LMS import:
//
//   student,total,max,<lesson 1>,<lesson 2>,...,status
//   alice,27.5,30,10,17.5,"27 of 30 tests passed"
//
// Instructor-facing; it carries no test messages.
#pragma once

#include <string>
#include <vector>

#include "grader/runner/results.hpp"

namespace grader::report {

/// `lessons`: the lesson columns in order; empty takes every lesson found in
/// the results, in order of first appearance. A student without a lesson
/// gets an empty cell there. Rows keep the order of `results`.
std::string grades_csv(const std::vector<runner::SubmissionResult>& results,
                       const std::vector<std::string>& lessons = {});

/// The status column: "27 of 30 tests passed; 2 not implemented; 1 awaiting
/// review; attention: compile error".
std::string status_summary(const runner::SubmissionResult& result);

}  // namespace grader::report
