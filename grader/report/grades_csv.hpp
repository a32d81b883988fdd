// The class's grades as CSV, one row per student, for a spreadsheet or an
// LMS import:
//
//   student,name,total,max,raw_total,late_penalty_percent,late_reason,<lesson 1>,...,status
//   alice,Alice Li,22,30,27.5,20,"2 days late: ...",10,17.5,"27 of 30 tests passed"
//
// `total` is after the late penalty, `raw_total` the tests' points (the
// lesson columns are raw too); `name` comes from the roster when imported.
// Every roster student has a row: one without a submission has empty scores
// and the status "no submission".
//
// Instructor-facing; it carries no test messages.
#pragma once

#include <string>
#include <vector>

#include "grader/report/no_submission.hpp"
#include "grader/runner/results.hpp"

namespace grader::report {

/// `lessons`: the lesson columns in order; empty takes every lesson found in
/// the results, in order of first appearance. A student without a lesson
/// gets an empty cell there. Rows keep the order of `results`, then the
/// students of `not_submitted` in theirs: a row each with empty scores and
/// the status "no submission".
std::string grades_csv(const std::vector<runner::SubmissionResult>& results,
                       const std::vector<std::string>& lessons = {},
                       const std::vector<NoSubmission>& not_submitted = {});

/// The status column: the outcome (outcome_summary), then the test counts:
/// "compile error (vectors: compile error); 27 of 30 tests passed; 2 not
/// implemented; 1 awaiting review".
std::string status_summary(const runner::SubmissionResult& result);

}  // namespace grader::report
