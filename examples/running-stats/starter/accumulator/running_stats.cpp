#include "accumulator/running_stats.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace course {

void RunningStats::add(double x) {
  // TODO(running-stats): refuse a value that is not finite, then Welford's update of count_, mean_ and m2_.
  (void)x;
  throw not_implemented("RunningStats::add", "lesson accumulator, exercise running-stats");
}

std::int64_t RunningStats::count() const {
  // TODO(running-stats): how many values were added.
  throw not_implemented("RunningStats::count", "lesson accumulator, exercise running-stats");
}

double RunningStats::mean() const {
  // TODO(running-stats): the mean so far; std::domain_error before any add.
  throw not_implemented("RunningStats::mean", "lesson accumulator, exercise running-stats");
}

double RunningStats::variance() const {
  // TODO(running-stats): m2_ / count_; std::domain_error before any add.
  throw not_implemented("RunningStats::variance", "lesson accumulator, exercise running-stats");
}

}  // namespace course
