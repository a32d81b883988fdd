// Reference solution for exercise mha-combine: merging the heads and the
// full forward pass of torch.nn.MultiheadAttention.
#include <stdexcept>
#include <string>

#include "multi-head-attention/multi_head_attention.hpp"

namespace course {

Tensor merge_heads(const Tensor& heads) {
  check_shape("heads", heads, {"B", "H", "L", "D"});
  const Index batch = heads.dim(0), num_heads = heads.dim(1), length = heads.dim(2), d = heads.dim(3);
  Tensor merged({batch, length, num_heads * d});
  for (Index b = 0; b < batch; ++b)
    for (Index h = 0; h < num_heads; ++h) merged.matrix({b}).middleCols(h * d, d) = heads.matrix({b, h});
  return merged;
}

AttentionOutput MultiHeadAttention::forward(const Tensor& query, const Tensor& key, const Tensor& value,
                                            const ForwardOptions& options) const {
  const Index e = embed_dim_;
  check_shape("query", query, {"B", "L", e});
  const Index batch = query.dim(0), length = query.dim(1);
  check_shape("key", key, {batch, "S", e});
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
  // The output projection in one product over all B*L rows (both tensors are
  // contiguous), written in place.
  MatrixMapF out_rows(result.output.data(), batch * length, e);
  out_rows.noalias() = ConstMatrixMapF(merged.data(), batch * length, e) * p.out_proj_weight.transpose();
  out_rows.rowwise() += p.out_proj_bias.transpose();

  if (options.need_weights) {
    if (options.average_attn_weights) {
      Tensor mean({batch, length, keys});
      for (Index b = 0; b < batch; ++b) {
        for (Index h = 0; h < num_heads_; ++h) mean.matrix({b}) += heads.weights.matrix({b, h});
        mean.matrix({b}) /= static_cast<float>(num_heads_);
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
