// The toy sequence the attention picture looks at.
#pragma once

#include <cstdint>

#include "common/tensor.hpp"

namespace course::pictures {

/// Token embeddings plus positional encoding, as a Transformer's first layer
/// sees them: seeded unit-variance noise stands in for learned embeddings
/// (like torch.randn in the lesson's example), and the lesson's sinusoidal
/// encoding is added so that attention can tell positions apart.
///
/// The noise comes from the course's SplitMix64 on a stream derived from
/// `seed`, so it is the same on every machine and independent of the
/// parameters that MultiHeadAttention(E, H, seed) draws from the same seed.
///
/// \return x (B, L, E) with B = batch, L = seq_len, E = embed_dim
Tensor toy_input(Index batch, Index seq_len, Index embed_dim, std::uint64_t seed);

}  // namespace course::pictures
