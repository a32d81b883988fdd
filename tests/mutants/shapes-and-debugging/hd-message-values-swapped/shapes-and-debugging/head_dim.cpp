// Mutant (hd-message-values-swapped): the divisibility message shows the two values the wrong way round
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

Index head_dim(Index embed_dim, Index num_heads) {
  if (embed_dim <= 0) throw std::invalid_argument("head_dim: embed_dim must be > 0, got " + std::to_string(embed_dim));
  if (num_heads <= 0) throw std::invalid_argument("head_dim: num_heads must be > 0, got " + std::to_string(num_heads));
  if (embed_dim % num_heads != 0)
    throw std::invalid_argument("head_dim: embed_dim (" + std::to_string(num_heads) +
                                ") must be divisible by num_heads (" + std::to_string(embed_dim) + ")");
  return embed_dim / num_heads;
}

}  // namespace course
