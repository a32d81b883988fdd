// Mutant additive-mask-ignored of exercise mha-masks: an additive (float) attn_mask is ignored; only boolean masks are applied.
// A realistic bug the hidden tests must catch; see mutant.yaml.
#include <limits>
#include <stdexcept>
#include <string>

#include "multi-head-attention/multi_head_attention.hpp"

namespace course {

AttentionMask causal_mask(Index query_len, Index key_len) {
  if (query_len < 0) throw std::invalid_argument("query_len must be >= 0, got " + std::to_string(query_len));
  if (key_len < 0) throw std::invalid_argument("key_len must be >= 0, got " + std::to_string(key_len));
  AttentionMask mask{MaskKind::boolean, Tensor({query_len, key_len})};
  for (Index i = 0; i < query_len; ++i)
    for (Index j = i + 1; j < key_len; ++j) mask.values.at({i, j}) = 1.0f;
  return mask;
}

Tensor merge_masks(const std::optional<AttentionMask>& attn_mask, const std::optional<Tensor>& key_padding_mask,
                   Index batch, Index num_heads, Index query_len, Index key_len) {
  const float blocked = -std::numeric_limits<float>::infinity();
  Tensor bias({batch, num_heads, query_len, key_len});

  if (attn_mask) {
    const Tensor& m = attn_mask->values;
    const bool shared = m.shape() == std::vector<Index>{query_len, key_len};
    if (!shared && m.shape() != std::vector<Index>{batch * num_heads, query_len, key_len})
      throw std::invalid_argument("attn_mask: expected shape " + shape_string({query_len, key_len}) + " or " +
                                  shape_string({batch * num_heads, query_len, key_len}) + ", got " +
                                  shape_string(m.shape()));
    for (Index b = 0; b < batch; ++b) {
      for (Index h = 0; h < num_heads; ++h) {
        // torch stacks per-head masks batch-major: entry b*H + h.
        const ConstMatrixMapF mask = shared ? m.matrix({}) : m.matrix({b * num_heads + h});
        MatrixMapF target = bias.matrix({b, h});
        if (attn_mask->kind == MaskKind::boolean) target = (mask.array() != 0.0f).select(blocked, target);
      }
    }
  }

  if (key_padding_mask) {
    check_shape("key_padding_mask", *key_padding_mask, {batch, key_len});
    for (Index b = 0; b < batch; ++b)
      for (Index s = 0; s < key_len; ++s)
        if (key_padding_mask->at({b, s}) != 0.0f)
          for (Index h = 0; h < num_heads; ++h) bias.matrix({b, h}).col(s).setConstant(blocked);
  }
  return bias;
}

}  // namespace course
