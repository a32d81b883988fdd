// Variant "stats-reversed-pairwise": a correct position_stats that visits the
// pairs from the last row backwards, computes each distance with its own loop
// (from the last column to the first) and adds the pair distances pairwise.
// It must keep full marks.
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "learned-vs-fixed/learned_vs_fixed.hpp"

namespace course {

namespace {

double pairwise_sum(const std::vector<double>& values, std::size_t begin, std::size_t end) {
  if (end - begin == 0) return 0.0;
  if (end - begin == 1) return values[begin];
  const std::size_t middle = begin + (end - begin) / 2;
  return pairwise_sum(values, begin, middle) + pairwise_sum(values, middle, end);
}

}  // namespace

PositionStats position_stats(const MatrixXd& positions) {
  const Index L = positions.rows();
  if (L < 2)
    throw std::invalid_argument("positions must have at least 2 rows to compare, got " +
                                shape_string({positions.rows(), positions.cols()}));
  std::vector<double> distances;
  double neighbour_sum = 0.0;
  double min_distance = std::numeric_limits<double>::infinity();
  for (Index q = L - 1; q > 0; --q) {
    for (Index p = q - 1; p >= 0; --p) {
      double squares = 0.0;
      for (Index c = positions.cols() - 1; c >= 0; --c) {
        const double diff = positions(q, c) - positions(p, c);
        squares += diff * diff;
      }
      const double d = std::sqrt(squares);
      distances.push_back(d);
      min_distance = std::min(min_distance, d);
      if (p + 1 == q) neighbour_sum += d;
    }
  }
  const double mean_pair = pairwise_sum(distances, 0, distances.size()) / static_cast<double>(distances.size());
  const double mean_neighbour = neighbour_sum / static_cast<double>(L - 1);
  return {min_distance, mean_neighbour / mean_pair};
}

}  // namespace course
