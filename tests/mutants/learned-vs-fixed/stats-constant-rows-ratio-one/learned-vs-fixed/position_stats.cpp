// Reference solution for exercise lvf-stats.
#include <algorithm>
#include <limits>
#include <stdexcept>

#include "learned-vs-fixed/learned_vs_fixed.hpp"

namespace course {

PositionStats position_stats(const MatrixXd& positions) {
  // positions: (L, W)
  const Index L = positions.rows();
  if (L < 2)
    throw std::invalid_argument("positions must have at least 2 rows to compare, got " +
                                shape_string({positions.rows(), positions.cols()}));
  double min_distance = std::numeric_limits<double>::infinity();
  double pair_sum = 0;
  double neighbour_sum = 0;
  for (Index p = 0; p < L; ++p) {
    for (Index q = p + 1; q < L; ++q) {
      const double d = (positions.row(p) - positions.row(q)).norm();
      min_distance = std::min(min_distance, d);
      pair_sum += d;
      if (q == p + 1) neighbour_sum += d;
    }
  }
  const double pairs = static_cast<double>(L) * static_cast<double>(L - 1) / 2.0;
  const double neighbours = static_cast<double>(L - 1);
  if (pair_sum == 0) return {min_distance, 1.0};
  return {min_distance, (neighbour_sum / neighbours) / (pair_sum / pairs)};
}

}  // namespace course
