// The deadline of a graded assignment and its late policy, from a small YAML
// file (`grader grade --deadlines deadlines.yaml`), kept apart from
// course.yaml so that moving a date never changes the course version (and
// never regrades a class). Format: docs/deadlines.md.
#pragma once

#include <ctime>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "grader/course/model.hpp"

namespace grader::course {

struct LatePolicy {
  std::time_t due = 0;                   ///< seconds since the epoch (UTC)
  double grace_minutes = 0;              ///< a submission this late still counts as on time
  double percent_per_day = 0;            ///< of the points, per day or part of a day past `due`
  double max_percent = 100;              ///< the per-day penalty stops here
  std::optional<std::time_t> no_credit_after;  ///< later than this: 100% off
  bool operator==(const LatePolicy&) const = default;
};

/// "2026-11-20T23:59:00Z", "2026-11-20T23:59Z", "2026-11-20T23:59:00.5+01:00"
/// (a time zone is required: Z or +HH:MM); nullopt when malformed.
std::optional<std::time_t> parse_utc_time(std::string_view text);
/// "2026-11-20T22:59:00Z".
std::string format_utc_time(std::time_t t);

/// Reads the deadlines file. Throws CourseError with every problem as
/// "deadlines.yaml:LINE:COLUMN: error: ...".
LatePolicy load_deadlines(const std::filesystem::path& path);
LatePolicy load_deadlines_from_string(const std::string& yaml_text, const std::string& display_name);

}  // namespace grader::course
