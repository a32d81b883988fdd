// Variant "attention-double-scores-logsumexp": a correct attention that sums
// every dot product in double from the last term to the first, divides by
// sqrt(D) instead of multiplying by its reciprocal, and takes its own softmax
// as exp(x - logsumexp(x)) in float. It must keep full marks.
#include <cmath>
#include <limits>

#include "attention/attention.hpp"

namespace course {

AttentionResult scaled_dot_product_attention(const MatrixXf& query, const MatrixXf& key, const MatrixXf& value,
                                             const Mask& mask) {
  const Index L = query.rows(), D = query.cols(), S = key.rows(), Dv = value.cols();
  check_shape("key", key, {S, D});
  check_shape("value", value, {S, Dv});
  if (mask.kind != Mask::Kind::none) check_shape("mask", mask.values, {L, S});

  const double root_d = std::sqrt(static_cast<double>(D));
  const float minus_inf = -std::numeric_limits<float>::infinity();
  MatrixXf scores(L, S);
  for (Index i = 0; i < L; ++i) {
    for (Index j = 0; j < S; ++j) {
      double dot = 0.0;
      for (Index t = D - 1; t >= 0; --t) dot += static_cast<double>(query(i, t)) * static_cast<double>(key(j, t));
      float s = static_cast<float>(dot / root_d);
      if (mask.kind == Mask::Kind::boolean && mask.values(i, j) != 0.0f) s = minus_inf;
      if (mask.kind == Mask::Kind::additive) s += mask.values(i, j);
      scores(i, j) = s;
    }
  }

  AttentionResult result;
  result.weights = MatrixXf(L, S);
  for (Index i = 0; i < L; ++i) {
    float row_max = minus_inf;
    for (Index j = 0; j < S; ++j) row_max = std::fmax(row_max, scores(i, j));
    float sum = 0.0f;
    for (Index j = S - 1; j >= 0; --j) sum += std::exp(scores(i, j) - row_max);
    const float log_sum_exp = row_max + std::log(sum);
    for (Index j = 0; j < S; ++j) result.weights(i, j) = std::exp(scores(i, j) - log_sum_exp);
  }

  result.output = MatrixXf(L, Dv);
  for (Index i = 0; i < L; ++i) {
    for (Index c = 0; c < Dv; ++c) {
      double acc = 0.0;
      for (Index j = S - 1; j >= 0; --j) acc += static_cast<double>(result.weights(i, j)) * static_cast<double>(value(j, c));
      result.output(i, c) = static_cast<float>(acc);
    }
  }
  return result;
}

}  // namespace course
