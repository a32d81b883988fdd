#include "pictures/toy_input.hpp"

#include <cmath>

#include "common/seeded_init.hpp"
#include "positional-encoding/positional_encoding.hpp"

namespace course::pictures {

Tensor toy_input(Index batch, Index seq_len, Index embed_dim, std::uint64_t seed) {
  // x: (B, L, E)
  Tensor x({batch, seq_len, embed_dim});
  const MatrixXd pe = positional_encoding(seq_len, embed_dim);  // (L, E)
  // A fixed tag moves the noise onto its own stream: with the bare seed the
  // embeddings would repeat the first projection weights number for number.
  SplitMix64 noise(seed ^ 0x746f792d696e7075ULL);
  // Uniform on [-sqrt(3), sqrt(3)] has variance 1, like a standard normal.
  const float half_width = std::sqrt(3.0f);
  for (Index b = 0; b < batch; ++b) {
    auto xb = x.matrix({b});
    for (Index l = 0; l < seq_len; ++l) {
      for (Index e = 0; e < embed_dim; ++e) {
        xb(l, e) = noise.uniform(half_width) + static_cast<float>(pe(l, e));
      }
    }
  }
  return x;
}

}  // namespace course::pictures
