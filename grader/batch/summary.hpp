// The end-of-batch summary: how many submissions ended in each status, the
// score distribution, and which exercises the class struggled with.
#pragma once

#include <string>
#include <vector>

#include "grader/runner/results.hpp"

namespace grader::batch {

/// A submission's overall status: the first lesson status that is not
/// "graded", else "graded".
std::string overall_status(const runner::SubmissionResult& result);

/// Plain-text summary (several lines).
std::string class_summary(const std::vector<runner::SubmissionResult>& results);

}  // namespace grader::batch
