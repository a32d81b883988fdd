// Mutant softmax-no-max-subtraction of exercise mha-heads: softmax without subtracting the row maximum: exp() overflows for large scores.
// A realistic bug the hidden tests must catch; see mutant.yaml.
#include <cmath>
#include <stdexcept>
#include <string>

#include "multi-head-attention/multi_head_attention.hpp"

namespace course {

HeadsOutput attend_heads(const Tensor& q, const Tensor& k, const Tensor& v, const std::optional<Tensor>& score_bias) {
  if (q.rank() != 4) throw std::invalid_argument("q: expected shape (B, H, L, D), got " + shape_string(q.shape()));
  if (k.rank() != 4) throw std::invalid_argument("k: expected shape (B, H, S, D), got " + shape_string(k.shape()));
  const Index batch = q.dim(0), heads = q.dim(1), length = q.dim(2), d = q.dim(3), keys = k.dim(2);
  check_shape("k", k, {batch, heads, keys, d});
  check_shape("v", v, {batch, heads, keys, d});
  if (score_bias) check_shape("score_bias", *score_bias, {batch, heads, length, keys});

  // 1/sqrt(D), the width of one head: the scores are sums of D products.
  const float scale = 1.0f / std::sqrt(static_cast<float>(d));
  HeadsOutput out{Tensor({batch, heads, length, d}), Tensor({batch, heads, length, keys})};
  for (Index b = 0; b < batch; ++b) {
    for (Index h = 0; h < heads; ++h) {
      MatrixXf scores = (q.matrix({b, h}) * k.matrix({b, h}).transpose()) * scale;  // (L, S)
      if (score_bias) scores += score_bias->matrix({b, h});
      // Softmax over the keys; subtracting the row maximum keeps exp() finite.
      scores = scores.array().exp().matrix();
      const Eigen::VectorXf row_sum = scores.rowwise().sum();
      scores = scores.array().colwise() / row_sum.array();
      out.weights.matrix({b, h}) = scores;
      out.output.matrix({b, h}) = scores * v.matrix({b, h});
    }
  }
  return out;
}

}  // namespace course
