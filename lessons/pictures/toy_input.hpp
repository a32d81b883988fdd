// The toy sequence the attention picture looks at.
#pragma once

#include <cstdint>

#include "common/tensor.hpp"

namespace course::pictures {

/// One sequence of seeded unit-variance token embeddings, standing in for
/// learned ones (like torch.randn in the lesson's example). The noise comes
/// from the course's SplitMix64 on a stream derived from `seed`, so it is the
/// same on every machine and independent of the parameters that
/// MultiHeadAttention(E, H, seed) draws from the same seed.
///
/// (No positional encoding is added: the picture runs the multi-head
/// attention lesson's worker, which holds only that lesson's code.)
///
/// \return x (1, L, E) with L = seq_len, E = embed_dim
Tensor toy_input(Index seq_len, Index embed_dim, std::uint64_t seed);

}  // namespace course::pictures
