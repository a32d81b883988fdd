// Mutant (hd-accepts-zero-embed-dim): checks embed_dim < 0 instead of <= 0: head_dim(0, 4) is 0
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

Index head_dim(Index embed_dim, Index num_heads) {
  if (embed_dim < 0) throw std::invalid_argument("head_dim: embed_dim must be >= 0, got " + std::to_string(embed_dim));
  if (num_heads <= 0) throw std::invalid_argument("head_dim: num_heads must be > 0, got " + std::to_string(num_heads));
  if (embed_dim % num_heads != 0)
    throw std::invalid_argument("head_dim: embed_dim (" + std::to_string(embed_dim) +
                                ") must be divisible by num_heads (" + std::to_string(num_heads) + ")");
  return embed_dim / num_heads;
}

}  // namespace course
