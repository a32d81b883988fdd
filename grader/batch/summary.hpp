// The end-of-batch summary: how many submissions ended in each status, the
// score distribution, and which exercises the class struggled with.
#pragma once

#include <string>
#include <vector>

#include "grader/course/model.hpp"
#include "grader/runner/results.hpp"

namespace grader::batch {

/// A submission's overall status: the first lesson status that is not
/// "graded", else "graded".
std::string overall_status(const runner::SubmissionResult& result);

/// Plain-text summary (several lines); exercises in the course's order.
/// `not_graded` lists the entries that were skipped without a gradebook row
/// ("'name': why"), each shown as a line of its own.
std::string class_summary(const course::Course& course, const std::vector<runner::SubmissionResult>& results,
                          const std::vector<std::string>& not_graded = {});

}  // namespace grader::batch
