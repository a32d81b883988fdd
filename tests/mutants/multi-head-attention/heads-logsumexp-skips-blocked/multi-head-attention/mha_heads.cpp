// Variant "heads-logsumexp-skips-blocked": a correct attend_heads written
// another way. Dot products run from the last feature to the first; the
// softmax is exp(x - logsumexp(x)) with logsumexp = max + log(sum); keys whose
// score is -inf (blocked by a mask) are set to 0 without calling exp; sums are
// taken in reverse key order. It must keep full marks, masks included.
#include <cmath>
#include <limits>
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

  const float minus_inf = -std::numeric_limits<float>::infinity();
  const float root_d = std::sqrt(static_cast<float>(d));
  HeadsOutput out{Tensor({batch, heads, length, d}), Tensor({batch, heads, length, keys})};
  for (Index b = 0; b < batch; ++b) {
    for (Index h = 0; h < heads; ++h) {
      for (Index l = 0; l < length; ++l) {
        float row_max = minus_inf;
        for (Index s = 0; s < keys; ++s) {
          float dot = 0.0f;
          for (Index t = d - 1; t >= 0; --t) dot += q.at({b, h, l, t}) * k.at({b, h, s, t});
          float score = dot / root_d;
          if (score_bias) score += score_bias->at({b, h, l, s});
          out.weights.at({b, h, l, s}) = score;
          row_max = std::fmax(row_max, score);
        }
        float sum = 0.0f;
        for (Index s = keys - 1; s >= 0; --s) {
          const float score = out.weights.at({b, h, l, s});
          if (score != minus_inf) sum += std::exp(score - row_max);
        }
        // A row with every key blocked has sum 0 and row_max -inf: NaN, as in PyTorch.
        const float log_sum_exp = row_max == minus_inf ? std::numeric_limits<float>::quiet_NaN() : row_max + std::log(sum);
        for (Index s = 0; s < keys; ++s) {
          float& w = out.weights.at({b, h, l, s});
          w = w == minus_inf && row_max != minus_inf ? 0.0f : std::exp(w - log_sum_exp);
        }
        for (Index t = 0; t < d; ++t) {
          float acc = 0.0f;
          for (Index s = keys - 1; s >= 0; --s) acc += out.weights.at({b, h, l, s}) * v.at({b, h, s, t});
          out.output.at({b, h, l, t}) = acc;
        }
      }
    }
  }
  return out;
}

}  // namespace course
