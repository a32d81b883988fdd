// Variant loop-masks of exercise mha-masks: correct, with element loops,
// key padding applied before the attn_mask, and the (B*H, L, S) entry
// computed from a flat index.
#include <limits>
#include <stdexcept>
#include <string>

#include "multi-head-attention/multi_head_attention.hpp"

namespace course {

AttentionMask causal_mask(Index query_len, Index key_len) {
  if (query_len < 0) throw std::invalid_argument("query_len must be >= 0, got " + std::to_string(query_len));
  if (key_len < 0) throw std::invalid_argument("key_len must be >= 0, got " + std::to_string(key_len));
  Tensor values({query_len, key_len});
  for (Index i = 0; i < query_len; ++i)
    for (Index j = 0; j < key_len; ++j) values.at({i, j}) = j > i ? 1.0f : 0.0f;
  return {MaskKind::boolean, values};
}

Tensor merge_masks(const std::optional<AttentionMask>& attn_mask, const std::optional<Tensor>& key_padding_mask,
                   Index batch, Index num_heads, Index query_len, Index key_len) {
  const float minus_inf = -std::numeric_limits<float>::infinity();
  if (key_padding_mask) check_shape("key_padding_mask", *key_padding_mask, {batch, key_len});
  bool per_head = false;
  if (attn_mask) {
    const auto& shape = attn_mask->values.shape();
    per_head = shape.size() == 3;
    const std::vector<Index> want = per_head ? std::vector<Index>{batch * num_heads, query_len, key_len}
                                             : std::vector<Index>{query_len, key_len};
    if (shape != want)
      throw std::invalid_argument("attn_mask: expected shape " + shape_string({query_len, key_len}) + " or " +
                                  shape_string({batch * num_heads, query_len, key_len}) + ", got " +
                                  shape_string(shape));
  }
  Tensor out({batch, num_heads, query_len, key_len});
  for (Index b = 0; b < batch; ++b)
    for (Index h = 0; h < num_heads; ++h)
      for (Index l = 0; l < query_len; ++l)
        for (Index s = 0; s < key_len; ++s) {
          float value = 0.0f;
          if (key_padding_mask && key_padding_mask->at({b, s}) != 0.0f) value = minus_inf;
          if (attn_mask) {
            const float* m = attn_mask->values.data() + ((per_head ? b * num_heads + h : 0) * query_len + l) * key_len;
            if (attn_mask->kind == MaskKind::boolean) {
              if (m[s] != 0.0f) value = minus_inf;
            } else {
              value += m[s];
            }
          }
          out.at({b, h, l, s}) = value;
        }
  return out;
}

}  // namespace course
