// Mutant "attention-softmax-over-queries": softmax taken down the columns of the scores (over queries)
// instead of along each row (over keys)
#include <cmath>
#include <limits>

#include "attention/attention.hpp"

namespace course {

AttentionResult scaled_dot_product_attention(const MatrixXf& query, const MatrixXf& key, const MatrixXf& value,
                                             const Mask& mask) {
  // query: (L, D), key: (S, D), value: (S, Dv), mask: (L, S) -> output (L, Dv), weights (L, S)
  const Index L = query.rows(), D = query.cols(), S = key.rows();
  check_shape("key", key, {S, D});
  check_shape("value", value, {S, value.cols()});
  if (mask.kind != Mask::Kind::none) check_shape("mask", mask.values, {L, S});

  // Dividing by sqrt(D) keeps the scores' spread near 1 whatever D is, so the
  // softmax does not saturate (README, "Why scale").
  const float scale = 1.0f / std::sqrt(static_cast<float>(D));
  MatrixXf scores = (query * key.transpose()) * scale;

  // The mask acts on scores, before the softmax, so blocked keys get exactly
  // zero weight and the remaining weights still sum to 1.
  if (mask.kind == Mask::Kind::boolean) {
    const float minus_inf = -std::numeric_limits<float>::infinity();
    for (Index i = 0; i < L; ++i)
      for (Index j = 0; j < S; ++j)
        if (mask.values(i, j) != 0.0f) scores(i, j) = minus_inf;
  } else if (mask.kind == Mask::Kind::additive) {
    scores += mask.values;
  }

  AttentionResult result;
  result.weights = softmax_rows(scores.transpose()).transpose();
  result.output = result.weights * value;
  return result;
}

}  // namespace course
