// Exercise mha-masks: the causal mask, and attn_mask plus key_padding_mask
// merged into one additive score bias.
// Check your work with
//   build/bin/grader check multi-head-attention
#include <limits>
#include <stdexcept>
#include <string>

#include "multi-head-attention/multi_head_attention.hpp"

namespace course {

AttentionMask causal_mask(Index query_len, Index key_len) {
  // TODO(mha-masks): a boolean (query_len, key_len) mask, 1 where the key comes after the query.
  (void)query_len;
  (void)key_len;
  throw not_implemented("causal_mask", "lesson multi-head-attention, exercise mha-masks");
}

Tensor merge_masks(const std::optional<AttentionMask>& attn_mask, const std::optional<Tensor>& key_padding_mask,
                   Index batch, Index num_heads, Index query_len, Index key_len) {
  // TODO(mha-masks): start from zeros (B, H, L, S); a boolean attn_mask puts -inf
  // where it is nonzero, an additive one adds its values; a (B*H, L, S) mask
  // uses entry b*H + h; key_padding_mask (B, S) puts -inf in whole key columns.
  (void)attn_mask;
  (void)key_padding_mask;
  (void)batch;
  (void)num_heads;
  (void)query_len;
  (void)key_len;
  throw not_implemented("merge_masks", "lesson multi-head-attention, exercise mha-masks");
}

}  // namespace course
