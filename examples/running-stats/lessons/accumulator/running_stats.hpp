// Lesson accumulator: a running mean and variance (exercise running-stats).
#pragma once

#include <cstdint>

#include "grader/authoring/not_implemented.hpp"

namespace course {

/// The count, mean and population variance of the values added so far,
/// kept without storing the values (Welford's method): each add() updates
///   count += 1;  delta = x - mean;  mean += delta / count;  m2 += delta * (x - mean)
/// so that variance() = m2 / count. An object lives across calls: add, then
/// read, then add more.
class RunningStats {
 public:
  RunningStats() = default;

  /// Adds one value. Throws std::invalid_argument "x: expected a finite
  /// number, got nan" (or inf, -inf) and then adds nothing.
  void add(double x);
  /// How many values were added.
  std::int64_t count() const;
  /// The mean of the values added. Throws std::domain_error "mean: no values
  /// yet" when none was added.
  double mean() const;
  /// The population variance (the mean squared distance from the mean,
  /// divided by count()). Throws std::domain_error "variance: no values yet"
  /// when none was added.
  double variance() const;

 private:
  std::int64_t count_ = 0;
  double mean_ = 0.0;
  double m2_ = 0.0;  // the sum of squared distances from the mean
};

}  // namespace course
