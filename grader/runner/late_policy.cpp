#include "grader/runner/late_policy.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "grader/runner/points.hpp"

namespace grader::runner {

std::string describe_duration(double seconds) {
  const long long s = static_cast<long long>(std::llround(std::max(0.0, seconds)));
  auto unit = [](long long n, const char* name) { return fmt::format("{} {}{}", n, name, n == 1 ? "" : "s"); };
  if (s >= 86400) {
    const long long hours = (s % 86400) / 3600;
    return unit(s / 86400, "day") + (hours ? " " + unit(hours, "hour") : "");
  }
  if (s >= 3600) {
    const long long minutes = (s % 3600) / 60;
    return unit(s / 3600, "hour") + (minutes ? " " + unit(minutes, "minute") : "");
  }
  if (s >= 60) return unit(s / 60, "minute");
  return unit(s, "second");
}

Lateness assess_lateness(const course::LatePolicy& policy, const SubmissionTime& submitted,
                         std::optional<std::time_t> extended_due) {
  Lateness out;
  const std::time_t due = extended_due.value_or(policy.due);
  const std::string due_text =
      "due " + course::format_utc_time(due) + (extended_due ? " with an extension" : "");
  auto per_day_penalty = [&](double days) {
    return std::min(policy.max_percent, policy.percent_per_day * days);
  };
  if (!submitted.at) {
    if (submitted.flagged_late && !extended_due) {
      out.late = true;
      out.penalty_percent = exact_points(per_day_penalty(1));
      out.reason = fmt::format("flagged late by the LMS, submission time unknown ({}): charged as 1 day late, {}% off "
                               "(give --submitted-at for the exact time)",
                               due_text, points_text(out.penalty_percent));
    } else if (submitted.flagged_late) {
      out.reason = fmt::format("flagged late by the LMS, but {}; submission time unknown: not charged", due_text);
    } else {
      out.reason = fmt::format("submission time unknown ({}): treated as on time", due_text);
    }
    return out;
  }
  const double late_by = std::difftime(*submitted.at, due);
  const std::string when = "submitted " + course::format_utc_time(*submitted.at) +
                           (submitted.source.empty() ? "" : " (" + submitted.source + ")");
  if (late_by <= policy.grace_minutes * 60) {
    out.reason = fmt::format("on time: {}, {}", when, due_text);
    if (late_by > 0) out.reason += fmt::format(", within the {}-minute grace period", points_text(policy.grace_minutes));
    return out;
  }
  out.late = true;
  out.late_seconds = late_by;
  if (policy.no_credit_after) {
    const std::time_t cutoff = *policy.no_credit_after + (due - policy.due);
    if (*submitted.at > cutoff) {
      out.penalty_percent = 100;
      out.reason = fmt::format("{} late: {}, {}, after the cutoff {}: no credit", describe_duration(late_by), when,
                               due_text, course::format_utc_time(cutoff));
      return out;
    }
  }
  const double days = std::ceil(late_by / 86400.0);
  out.penalty_percent = exact_points(per_day_penalty(days));
  const bool capped = policy.percent_per_day * days > policy.max_percent;
  out.reason = fmt::format("{} late: {}, {}: {} day{} at {}% = {}% off{}", describe_duration(late_by), when, due_text,
                           points_text(days), days == 1 ? "" : "s", points_text(policy.percent_per_day),
                           points_text(out.penalty_percent), capped ? " (the cap)" : "");
  return out;
}

Lateness assess_lateness(const LateInputs& inputs) {
  if (!inputs.applied) return {};
  return assess_lateness(inputs.policy, SubmissionTime{inputs.submitted_at, inputs.time_source, inputs.flagged_late},
                         inputs.extended_due);
}

}  // namespace grader::runner
