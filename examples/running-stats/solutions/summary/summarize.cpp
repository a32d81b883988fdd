#include "summary/summary.hpp"

#include <cmath>
#include <stdexcept>

namespace course {

Summary summarize(const std::vector<double>& values) {
  if (values.empty()) throw std::invalid_argument("values: expected at least one value, got none");
  RunningStats stats;
  for (double v : values) stats.add(v);
  return {stats.count(), stats.mean(), std::sqrt(stats.variance())};
}

}  // namespace course
