// Late work: how far past its (possibly extended) due date a submission came
// in, and the penalty the course's late policy gives for it. Pure functions
// of their inputs; the batch finds the inputs (grader/batch/submission_time.hpp).
#pragma once

#include <ctime>
#include <optional>
#include <string>

#include "grader/course/deadlines.hpp"
#include "grader/runner/results.hpp"

namespace grader::runner {

/// When a submission came in, as far as anyone knows.
struct SubmissionTime {
  std::optional<std::time_t> at;  ///< unknown when empty
  std::string source;             ///< where `at` came from, for the reason ("--submitted-at times.csv")
  bool flagged_late = false;      ///< the LMS marked the entry late (Canvas's "LATE" in the name)
};

/// The penalty under `policy`, with `extended_due` replacing policy.due for a
/// student with an extension:
///   - at or before due + grace: on time;
///   - later: percent_per_day for every day or part of a day past due (the
///     grace does not shift the count), at most max_percent;
///   - after no_credit_after (moved by the extension as much as due is): 100%;
///   - no time but flagged late by the LMS: charged as one day late, unless
///     the student has an extension (the LMS cannot have known of it);
///   - no time and no flag: on time, and the reason says the time is unknown.
Lateness assess_lateness(const course::LatePolicy& policy, const SubmissionTime& submitted,
                         std::optional<std::time_t> extended_due = std::nullopt);

/// The same decision from the inputs a gradebook kept (an empty Lateness when
/// they were not applied: graded without a deadline).
Lateness assess_lateness(const LateInputs& inputs);

/// "2 days 3 hours", "45 minutes", "12 seconds".
std::string describe_duration(double seconds);

}  // namespace grader::runner
