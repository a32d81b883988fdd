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
    else v = static_cast<float>(0.5 * v * (1.0 + std::erf(static_cast<double>(v) / std::sqrt(2.0))));
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
  for (Index b = 0; b < batch; ++b)
    for (Index l = 0; l < length; ++l)
      for (Index j = 0; j < f; ++j) {
        double sum = ff.linear1_bias(j);
        for (Index i = 0; i < e; ++i) sum += static_cast<double>(x.at({b, l, i})) * ff.linear1_weight(j, i);
        hidden.at({b, l, j}) = static_cast<float>(sum);
      }
  hidden = activate(hidden, activation);
  Tensor y({batch, length, e});
  for (Index b = 0; b < batch; ++b)
    for (Index l = 0; l < length; ++l)
      for (Index i = 0; i < e; ++i) {
        double sum = ff.linear2_bias(i);
        for (Index j = 0; j < f; ++j) sum += static_cast<double>(hidden.at({b, l, j})) * ff.linear2_weight(i, j);
        y.at({b, l, i}) = static_cast<float>(sum);
      }
  return y;
}

}  // namespace course
