// Lesson summary: a list's count, mean and standard deviation, through the
// accumulator of lesson accumulator (exercise summarize).
#pragma once

#include <cstdint>
#include <vector>

#include "accumulator/running_stats.hpp"

namespace course {

struct Summary {
  std::int64_t count = 0;
  double mean = 0.0;
  double stddev = 0.0;  ///< population standard deviation: sqrt(variance)
};

/// The summary of `values`, computed with one RunningStats. Throws
/// std::invalid_argument "values: expected at least one value, got none" for
/// an empty list, and the accumulator's error for a value that is not finite.
Summary summarize(const std::vector<double>& values);

}  // namespace course
