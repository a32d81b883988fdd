// Per-head attention weights for the attention picture.
#pragma once

#include <cstdint>
#include <string>

#include "common/tensor.hpp"

namespace course::pictures {

/// Self-attention weights of every head, with the initial projections of the
/// multi-head attention lesson's MultiHeadAttention(E, H, seed) (torch's
/// initialisation recipe, drawn from the course's SplitMix64).
///
/// x: (B, L, E) -> weights (B, H, L, L); each row of weights.matrix({b, h})
/// sums to 1. E must be divisible by num_heads (head_dim D = E / H).
Tensor per_head_attention_weights(const Tensor& x, Index num_heads, std::uint64_t seed);

/// Where the weights come from, for --help and the picture's subtitle.
std::string head_weights_source();

}  // namespace course::pictures
