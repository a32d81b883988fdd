// Per-head attention weights for the attention picture, from the student's
// MultiHeadAttention (through the multi-head-attention lesson's proxy).
#pragma once

#include <cstdint>
#include <string>

#include "common/tensor.hpp"

namespace course::pictures {

/// Self-attention weights of every head, with the initial projections of the
/// student's MultiHeadAttention(E, num_heads, seed) and
/// average_attn_weights = false.
///
/// x: (B, L, E) -> weights (B, H, L, L); each row of weights.matrix({b, h})
/// should sum to 1. E must be divisible by num_heads (head_dim D = E / H).
/// Throws StudentFailure (picture_program.hpp) naming the call that failed,
/// or when the weights do not have that shape.
Tensor per_head_attention_weights(const Tensor& x, Index num_heads, std::uint64_t seed);

/// "MultiHeadAttention(32, 4, 0)": the module the weights come from.
std::string head_weights_source(Index embed_dim, Index num_heads, std::uint64_t seed);

}  // namespace course::pictures
