// Variant "attention-explicit-loops": a correct attention without Eigen
// products: loops, double accumulators, its own softmax, and boolean masks
// turned into an additive -inf bias. It must keep full marks.
#include <cmath>
#include <limits>
#include <vector>

#include "attention/attention.hpp"

namespace course {

AttentionResult scaled_dot_product_attention(const MatrixXf& query, const MatrixXf& key, const MatrixXf& value,
                                             const Mask& mask) {
  // query: (L, D), key: (S, D), value: (S, Dv), mask: (L, S) -> output (L, Dv), weights (L, S)
  const Index L = query.rows(), D = query.cols(), S = key.rows(), Dv = value.cols();
  check_shape("key", key, {S, D});
  check_shape("value", value, {S, Dv});
  if (mask.kind != Mask::Kind::none) check_shape("mask", mask.values, {L, S});

  const double minus_inf = -std::numeric_limits<double>::infinity();
  const double scale = 1.0 / std::sqrt(static_cast<double>(D));
  AttentionResult result{MatrixXf::Zero(L, Dv), MatrixXf(L, S)};
  std::vector<double> row(static_cast<std::size_t>(S));
  for (Index i = 0; i < L; ++i) {
    double row_max = minus_inf;
    for (Index j = 0; j < S; ++j) {
      double dot = 0.0;
      for (Index d = 0; d < D; ++d) dot += static_cast<double>(query(i, d)) * key(j, d);
      double bias = 0.0;
      if (mask.kind == Mask::Kind::boolean && mask.values(i, j) != 0.0f) bias = minus_inf;
      if (mask.kind == Mask::Kind::additive) bias = mask.values(i, j);
      const double s = dot * scale + bias;
      row[static_cast<std::size_t>(j)] = s;
      if (s > row_max) row_max = s;
    }
    double total = 0.0;
    for (auto& s : row) total += (s = std::exp(s - row_max));  // NaN for an all -inf row, as in PyTorch
    for (Index j = 0; j < S; ++j) {
      const double w = row[static_cast<std::size_t>(j)] / total;
      result.weights(i, j) = static_cast<float>(w);
      for (Index c = 0; c < Dv; ++c) result.output(i, c) += static_cast<float>(w * value(j, c));
    }
  }
  return result;
}

}  // namespace course
