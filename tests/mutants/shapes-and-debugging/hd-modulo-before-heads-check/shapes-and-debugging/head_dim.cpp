// Mutant (hd-modulo-before-heads-check): takes embed_dim % num_heads before checking num_heads: 0 heads crash (SIGFPE)
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

Index head_dim(Index embed_dim, Index num_heads) {
  if (embed_dim <= 0) throw std::invalid_argument("head_dim: embed_dim must be > 0, got " + std::to_string(embed_dim));
  if (embed_dim % num_heads != 0)
    throw std::invalid_argument("head_dim: embed_dim (" + std::to_string(embed_dim) +
                                ") must be divisible by num_heads (" + std::to_string(num_heads) + ")");
  if (num_heads <= 0) throw std::invalid_argument("head_dim: num_heads must be > 0, got " + std::to_string(num_heads));
  return embed_dim / num_heads;
}

}  // namespace course
