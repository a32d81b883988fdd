// Variant loop-heads of exercise mha-heads: correct, with per-head loops over
// explicit indices, q scaled before the dot products (as torch does), and a
// softmax written out by hand.
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "multi-head-attention/multi_head_attention.hpp"

namespace course {

HeadsOutput attend_heads(const Tensor& q, const Tensor& k, const Tensor& v, const std::optional<Tensor>& score_bias) {
  if (q.rank() != 4) throw std::invalid_argument("q: expected shape (B, H, L, D), got " + shape_string(q.shape()));
  if (k.rank() != 4) throw std::invalid_argument("k: expected shape (B, H, S, D), got " + shape_string(k.shape()));
  const Index B = q.dim(0), H = q.dim(1), L = q.dim(2), D = q.dim(3), S = k.dim(2);
  check_shape("k", k, {B, H, S, D});
  check_shape("v", v, {B, H, S, D});
  if (score_bias) check_shape("score_bias", *score_bias, {B, H, L, S});
  const float scale = 1.0f / std::sqrt(static_cast<float>(D));

  HeadsOutput r{Tensor({B, H, L, D}), Tensor({B, H, L, S})};
  std::vector<float> row(static_cast<std::size_t>(S));
  for (Index b = 0; b < B; ++b)
    for (Index h = 0; h < H; ++h)
      for (Index i = 0; i < L; ++i) {
        float top = -std::numeric_limits<float>::infinity();
        for (Index j = 0; j < S; ++j) {
          float s = 0.0f;
          for (Index t = 0; t < D; ++t) s += (q.at({b, h, i, t}) * scale) * k.at({b, h, j, t});
          if (score_bias) s += score_bias->at({b, h, i, j});
          row[static_cast<std::size_t>(j)] = s;
          top = std::max(top, s);
        }
        float total = 0.0f;
        for (float& s : row) total += (s = std::exp(s - top));
        for (Index j = 0; j < S; ++j) r.weights.at({b, h, i, j}) = row[static_cast<std::size_t>(j)] / total;
        for (Index t = 0; t < D; ++t) {
          float acc = 0.0f;
          for (Index j = 0; j < S; ++j) acc += r.weights.at({b, h, i, j}) * v.at({b, h, j, t});
          r.output.at({b, h, i, t}) = acc;
        }
      }
  return r;
}

}  // namespace course
