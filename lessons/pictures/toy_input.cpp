#include "pictures/toy_input.hpp"

#include <cmath>

#include "common/seeded_init.hpp"

namespace course::pictures {

Tensor toy_input(Index seq_len, Index embed_dim, std::uint64_t seed) {
  // x: (1, L, E)
  Tensor x({1, seq_len, embed_dim});
  // A fixed tag moves the noise onto its own stream: with the bare seed the
  // embeddings would repeat the first projection weights number for number.
  SplitMix64 noise(seed ^ 0x746f792d696e7075ULL);
  // Uniform on [-sqrt(3), sqrt(3)] has variance 1, like a standard normal.
  const float half_width = std::sqrt(3.0f);
  auto x0 = x.matrix({0});
  for (Index l = 0; l < seq_len; ++l)
    for (Index e = 0; e < embed_dim; ++e) x0(l, e) = noise.uniform(half_width);
  return x;
}

}  // namespace course::pictures
