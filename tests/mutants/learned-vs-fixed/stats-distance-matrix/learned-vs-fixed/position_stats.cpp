// Variant of exercise lvf-stats: a full distance matrix, then reductions.
#include <stdexcept>

#include "learned-vs-fixed/learned_vs_fixed.hpp"

namespace course {

PositionStats position_stats(const MatrixXd& positions) {
  const Index n = positions.rows();
  if (n < 2) throw std::invalid_argument("positions: need 2 or more rows, got " + std::to_string(n));
  MatrixXd dist(n, n);
  for (Index p = 0; p < n; ++p)
    for (Index q = 0; q < n; ++q) dist(p, q) = (positions.row(p) - positions.row(q)).norm();
  // Off-diagonal: add a huge value on the diagonal before taking the minimum.
  const double min_distance = (dist + MatrixXd::Identity(n, n) * 1e300).minCoeff();
  const double mean_all = dist.sum() / static_cast<double>(n * (n - 1));  // each pair counted twice, diagonal 0
  double near = 0;
  for (Index p = 0; p + 1 < n; ++p) near += dist(p, p + 1);
  return {min_distance, near / static_cast<double>(n - 1) / mean_all};
}

}  // namespace course
