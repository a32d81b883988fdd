// Reference solution for exercise layer-norm: torch.nn.LayerNorm over the
// last axis, biased variance, eps inside the square root.
#include <cmath>

#include "encoder-block/encoder_block.hpp"

namespace course {

Tensor layer_norm(const Tensor& x, const LayerNormParameters& norm) {
  const Index e = norm.weight.size();
  check_shape("bias", norm.bias, {e});
  check_shape("x", x, {"B", "L", e});
  Tensor y(x.shape());
  if (e == 0) return y;  // no features: nothing to normalise (and no mean to take)
  const Index rows = x.dim(0) * x.dim(1);
  ConstMatrixMapF in(x.data(), rows, e);
  MatrixMapF out(y.data(), rows, e);
  for (Index r = 0; r < rows; ++r) {
    // Two passes (mean, then the squared deviations from it), as torch does:
    // E[x^2] - E[x]^2 cancels badly when the mean is large.
    double mean_d = 0, m2 = 0;
    for (Index i = 0; i < e; ++i) {
      const double v = in(r, i), delta = v - mean_d;
      mean_d += delta / static_cast<double>(i + 1);
      m2 += delta * (v - mean_d);
    }
    const double inv_std = 1.0 / std::sqrt(m2 / static_cast<double>(e) + static_cast<double>(norm.eps));
    for (Index i = 0; i < e; ++i)
      out(r, i) = static_cast<float>((in(r, i) - mean_d) * inv_std * norm.weight(i) + norm.bias(i));
  }
  return y;
}

}  // namespace course
