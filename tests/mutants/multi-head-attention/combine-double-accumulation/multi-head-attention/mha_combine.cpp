// Variant "combine-double-accumulation": a correct forward pass whose output
// projection and head average are accumulated in double in another order. It
// must keep full marks.
#include <stdexcept>
#include <string>

#include "multi-head-attention/multi_head_attention.hpp"

namespace course {

Tensor merge_heads(const Tensor& heads) {
  if (heads.rank() != 4)
    throw std::invalid_argument("heads: expected shape (B, H, L, D), got " + shape_string(heads.shape()));
  const Index batch = heads.dim(0), num_heads = heads.dim(1), length = heads.dim(2), d = heads.dim(3);
  Tensor merged({batch, length, num_heads * d});
  for (Index b = 0; b < batch; ++b)
    for (Index h = 0; h < num_heads; ++h) merged.matrix({b}).middleCols(h * d, d) = heads.matrix({b, h});
  return merged;
}

AttentionOutput MultiHeadAttention::forward(const Tensor& query, const Tensor& key, const Tensor& value,
                                            const ForwardOptions& options) const {
  const Index e = embed_dim_;
  if (query.rank() != 3 || query.dim(2) != e)
    throw std::invalid_argument("query: expected shape (B, L, " + std::to_string(e) + "), got " +
                                shape_string(query.shape()));
  const Index batch = query.dim(0), length = query.dim(1);
  if (key.rank() != 3 || key.dim(0) != batch || key.dim(2) != e)
    throw std::invalid_argument("key: expected shape (" + std::to_string(batch) + ", S, " + std::to_string(e) +
                                "), got " + shape_string(key.shape()));
  const Index keys = key.dim(1);
  check_shape("value", value, {batch, keys, e});

  const MhaParameters& p = parameters_;
  const Tensor q = project_heads(query, p.in_proj_weight.middleRows(0, e), p.in_proj_bias.segment(0, e), num_heads_);
  const Tensor k = project_heads(key, p.in_proj_weight.middleRows(e, e), p.in_proj_bias.segment(e, e), num_heads_);
  const Tensor v = project_heads(value, p.in_proj_weight.middleRows(2 * e, e), p.in_proj_bias.segment(2 * e, e), num_heads_);

  std::optional<Tensor> bias;
  if (options.attn_mask || options.key_padding_mask)
    bias = merge_masks(options.attn_mask, options.key_padding_mask, batch, num_heads_, length, keys);
  const HeadsOutput heads = attend_heads(q, k, v, bias);

  const Tensor merged = merge_heads(heads.output);  // (B, L, E)
  AttentionOutput result{Tensor({batch, length, e}), std::nullopt};
  // The output projection by hand, accumulated in double: the bias first,
  // then the features from the last to the first.
  for (Index b = 0; b < batch; ++b) {
    for (Index l = 0; l < length; ++l) {
      for (Index o = 0; o < e; ++o) {
        double acc = p.out_proj_bias(o);
        for (Index f = e - 1; f >= 0; --f)
          acc += static_cast<double>(merged.at({b, l, f})) * static_cast<double>(p.out_proj_weight(o, f));
        result.output.at({b, l, o}) = static_cast<float>(acc);
      }
    }
  }

  if (options.need_weights) {
    if (options.average_attn_weights) {
      // The mean over heads in double, divided once.
      Tensor mean({batch, length, keys});
      for (Index b = 0; b < batch; ++b)
        for (Index l = 0; l < length; ++l)
          for (Index s = 0; s < keys; ++s) {
            double acc = 0.0;
            for (Index h = num_heads_ - 1; h >= 0; --h) acc += heads.weights.at({b, h, l, s});
            mean.at({b, l, s}) = static_cast<float>(acc / static_cast<double>(num_heads_));
          }
      result.weights = std::move(mean);
    } else {
      result.weights = heads.weights;
    }
  }
  return result;
}

std::pair<Tensor, Tensor> MultiHeadAttention::operator()(const Tensor& x) const {
  ForwardOptions per_head;
  per_head.average_attn_weights = false;
  AttentionOutput r = forward(x, x, x, per_head);
  return {std::move(r.output), std::move(*r.weights)};
}

}  // namespace course
