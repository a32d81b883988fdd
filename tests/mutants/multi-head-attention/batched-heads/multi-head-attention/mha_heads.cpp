// Variant batched-heads of exercise mha-heads: correct, doing one big matrix
// product per head for the whole batch. The (B*L, B*S) score matrix holds
// every batch against every other; blocks across batches are set to -inf, so
// the softmax and the product with the stacked values only mix a batch with itself.
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "multi-head-attention/multi_head_attention.hpp"

namespace course {

namespace {

// The (B*rows, D) stack of head h: batch b's (rows, D) slice at rows [b*rows, (b+1)*rows).
MatrixXf stack_head(const Tensor& t, Index h) {
  const Index batch = t.dim(0), rows = t.dim(2), d = t.dim(3);
  MatrixXf m(batch * rows, d);
  for (Index b = 0; b < batch; ++b) m.middleRows(b * rows, rows) = t.matrix({b, h});
  return m;
}

}  // namespace

HeadsOutput attend_heads(const Tensor& q, const Tensor& k, const Tensor& v, const std::optional<Tensor>& score_bias) {
  if (q.rank() != 4) throw std::invalid_argument("q: expected shape (B, H, L, D), got " + shape_string(q.shape()));
  if (k.rank() != 4) throw std::invalid_argument("k: expected shape (B, H, S, D), got " + shape_string(k.shape()));
  const Index B = q.dim(0), H = q.dim(1), L = q.dim(2), D = q.dim(3), S = k.dim(2);
  check_shape("k", k, {B, H, S, D});
  check_shape("v", v, {B, H, S, D});
  if (score_bias) check_shape("score_bias", *score_bias, {B, H, L, S});
  const float inf = std::numeric_limits<float>::infinity();

  HeadsOutput r{Tensor({B, H, L, D}), Tensor({B, H, L, S})};
  for (Index h = 0; h < H; ++h) {
    const MatrixXf qs = stack_head(q, h), ks = stack_head(k, h), vs = stack_head(v, h);
    MatrixXf scores = (qs * ks.transpose()) / std::sqrt(static_cast<float>(D));  // (B*L, B*S)
    MatrixXf blocked = MatrixXf::Constant(B * L, B * S, -inf);
    for (Index b = 0; b < B; ++b) {
      blocked.block(b * L, b * S, L, S).setZero();
      if (score_bias) blocked.block(b * L, b * S, L, S) = score_bias->matrix({b, h});
    }
    scores += blocked;
    for (Index i = 0; i < B * L; ++i) {
      scores.row(i).array() -= scores.row(i).maxCoeff();
      scores.row(i) = scores.row(i).array().exp().matrix();
      scores.row(i) /= scores.row(i).sum();
    }
    const MatrixXf out = scores * vs;  // (B*L, D)
    for (Index b = 0; b < B; ++b) {
      r.weights.matrix({b, h}) = scores.block(b * L, b * S, L, S);
      r.output.matrix({b, h}) = out.middleRows(b * L, L);
    }
  }
  return r;
}

}  // namespace course
