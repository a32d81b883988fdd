// Variant (hd-lldiv): std::lldiv gives quotient and remainder in one call
#include <cstdlib>
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

Index head_dim(Index embed_dim, Index num_heads) {
  if (embed_dim < 1)
    throw std::invalid_argument("head_dim: embed_dim must be positive, got " + std::to_string(embed_dim));
  if (num_heads < 1)
    throw std::invalid_argument("head_dim: num_heads must be positive, got " + std::to_string(num_heads));
  const std::lldiv_t split = std::lldiv(embed_dim, num_heads);
  if (split.rem != 0)
    throw std::invalid_argument("head_dim: embed_dim (" + std::to_string(embed_dim) +
                                ") must be divisible by num_heads (" + std::to_string(num_heads) + ")");
  return split.quot;
}

}  // namespace course
