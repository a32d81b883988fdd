#include "accumulator/running_stats.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace course {

void RunningStats::add(double x) {
  if (!std::isfinite(x)) throw std::invalid_argument("x: expected a finite number, got " + std::to_string(x));
  count_ += 1;
  const double delta = x - mean_;
  mean_ += delta / static_cast<double>(count_);
  m2_ += delta * (x - mean_);
}

std::int64_t RunningStats::count() const { return count_; }

double RunningStats::mean() const {
  if (count_ == 0) throw std::domain_error("mean: no values yet");
  return mean_;
}

double RunningStats::variance() const {
  if (count_ == 0) throw std::domain_error("variance: no values yet");
  return m2_ / static_cast<double>(count_);
}

}  // namespace course
