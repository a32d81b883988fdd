// Per-head weights from the multi-head attention lesson's MultiHeadAttention:
// self-attention with average_attn_weights = false. The reference in the
// course's build, the student's own module in the handout.
#include "multi-head-attention/multi_head_attention.hpp"
#include "pictures/head_weights.hpp"

namespace course::pictures {

Tensor per_head_attention_weights(const Tensor& x, Index num_heads, std::uint64_t seed) {
  // x: (B, L, E) -> weights (B, H, L, L)
  check_shape("x", x, {-1, -1, -1});
  const MultiHeadAttention mha(x.dim(2), num_heads, seed);
  return mha(x).second;
}

std::string head_weights_source() {
  return "the multi-head attention lesson's MultiHeadAttention(embed_dim, heads, seed), self-attention with "
         "per-head weights";
}

}  // namespace course::pictures
