// Reference solution for exercise feed-forward: the activation and the
// position-wise feed-forward network of TransformerEncoderLayer.
#include <cmath>

#include "encoder-block/encoder_block.hpp"

namespace course {

// 1 / sqrt(2), for the exact GELU's erf(x / sqrt(2)).
constexpr float kInvSqrt2 = 0.70710678118654752440f;

Tensor activate(const Tensor& x, Activation activation) {
  Tensor y = x;
  for (float& v : y.values()) {
    if (activation == Activation::relu) v = v > 0.0f ? v : 0.0f;
    else v = 0.5f * v * (1.0f + std::erf(v * kInvSqrt2));
  }
  return y;
}

Tensor feed_forward(const Tensor& x, const FeedForwardParameters& ff, Activation activation) {
  const Index f = ff.linear1_weight.rows(), e = ff.linear1_weight.cols();
  check_shape("linear1_bias", ff.linear1_bias, {f});
  check_shape("linear2_weight", ff.linear2_weight, {e, f});
  check_shape("linear2_bias", ff.linear2_bias, {e});
  check_shape("x", x, {"B", "L", e});
  const Index batch = x.dim(0), length = x.dim(1);
  // Every position is one row: the (B*L, E) rows go through both maps at once.
  Tensor hidden({batch, length, f});
  MatrixMapF h(hidden.data(), batch * length, f);
  h.noalias() = ConstMatrixMapF(x.data(), batch * length, e) * ff.linear1_weight.transpose();
  h.rowwise() += ff.linear1_bias.transpose();
  hidden = activate(hidden, activation);
  Tensor y({batch, length, e});
  MatrixMapF out(y.data(), batch * length, e);
  out.noalias() = ConstMatrixMapF(hidden.data(), batch * length, f) * ff.linear2_weight.transpose();
  return y;
}

}  // namespace course
