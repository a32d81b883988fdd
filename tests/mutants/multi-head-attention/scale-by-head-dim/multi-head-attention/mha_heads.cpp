// Reference solution for exercise mha-heads: scaled dot-product attention in
// every (batch, head) pair.
#include <cmath>
#include <stdexcept>
#include <string>

#include "multi-head-attention/multi_head_attention.hpp"

namespace course {

HeadsOutput attend_heads(const Tensor& q, const Tensor& k, const Tensor& v, const std::optional<Tensor>& score_bias) {
  check_shape("q", q, {"B", "H", "L", "D"});
  check_shape("k", k, {"B", "H", "S", "D"});
  const Index batch = q.dim(0), heads = q.dim(1), length = q.dim(2), d = q.dim(3), keys = k.dim(2);
  check_shape("k", k, {batch, heads, keys, d});
  check_shape("v", v, {batch, heads, keys, d});
  if (score_bias) check_shape("score_bias", *score_bias, {batch, heads, length, keys});

  // 1/sqrt(D), the width of one head: the scores are sums of D products.
  const float scale = 1.0f / static_cast<float>(d);  // the mutation: 1/D instead of 1/sqrt(D)
  HeadsOutput out{Tensor({batch, heads, length, d}), Tensor({batch, heads, length, keys})};
  for (Index b = 0; b < batch; ++b) {
    for (Index h = 0; h < heads; ++h) {
      // The scores are computed straight into this head's slice of the weights
      // and turned into probabilities there: no (L, S) temporary per head, and
      // noalias() lets Eigen's product write its result in place. The scale is
      // a separate pass: written inside the product, (q * k^T) * scale, Eigen
      // scales while packing q and loses its fast packing path.
      MatrixMapF weights = out.weights.matrix({b, h});  // (L, S)
      weights.noalias() = q.matrix({b, h}) * k.matrix({b, h}).transpose();
      weights *= scale;
      if (score_bias) weights += score_bias->matrix({b, h});
      // Softmax over the keys (each row); subtracting the row maximum keeps
      // exp() finite, and an all -inf row becomes NaN (-inf - -inf), as in
      // PyTorch. exp() runs over the whole (L, S) slice at once rather than
      // row by row: with few keys (S = 10 in the lesson's examples) a row is
      // shorter than one SIMD register and Eigen would call the scalar exp.
      if (keys > 0) {
        for (Index l = 0; l < length; ++l) weights.row(l).array() -= weights.row(l).maxCoeff();
        weights = weights.array().exp().matrix();
        for (Index l = 0; l < length; ++l) weights.row(l) /= weights.row(l).sum();
      }
      out.output.matrix({b, h}).noalias() = weights * v.matrix({b, h});  // (L, D)
    }
  }
  return out;
}

}  // namespace course
