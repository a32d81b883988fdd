// Reference solution for exercise attention (and the mask handling graded in
// exercise masks).
#include <cmath>
#include <iostream>
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
  // The mutation: the scale is left out, and the shapes are printed the way
  // the lesson suggests while debugging (the report must show this output).
  MatrixXf scores = query * key.transpose();
  std::cerr << "scores: (" << scores.rows() << ", " << scores.cols() << ")\n";

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
  result.weights = softmax_rows(scores);
  result.output = result.weights * value;
  return result;
}

}  // namespace course
