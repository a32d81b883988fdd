// Variant "softmax-reciprocal-double-sum": each row's exponentials are summed
// pairwise in double, and the row is multiplied by the reciprocal of the sum
// instead of divided by it. A correct softmax: it must keep full marks.
#include <cmath>
#include <vector>

#include "attention/attention.hpp"

namespace course {

namespace {

// Sum of values[begin, end) by halves: the rounding grows with log2(n), not n.
double pairwise_sum(const std::vector<double>& values, std::size_t begin, std::size_t end) {
  if (end - begin == 0) return 0.0;
  if (end - begin == 1) return values[begin];
  const std::size_t middle = begin + (end - begin) / 2;
  return pairwise_sum(values, begin, middle) + pairwise_sum(values, middle, end);
}

}  // namespace

MatrixXf softmax_rows(const MatrixXf& scores) {
  MatrixXf weights(scores.rows(), scores.cols());
  if (scores.cols() == 0) return weights;
  std::vector<double> exps(static_cast<std::size_t>(scores.cols()));
  for (Index r = 0; r < scores.rows(); ++r) {
    const double row_max = scores.row(r).maxCoeff();
    for (Index c = 0; c < scores.cols(); ++c) exps[static_cast<std::size_t>(c)] = std::exp(scores(r, c) - row_max);
    const double inverse = 1.0 / pairwise_sum(exps, 0, exps.size());
    for (Index c = 0; c < scores.cols(); ++c)
      weights(r, c) = static_cast<float>(exps[static_cast<std::size_t>(c)] * inverse);
  }
  return weights;
}

}  // namespace course
