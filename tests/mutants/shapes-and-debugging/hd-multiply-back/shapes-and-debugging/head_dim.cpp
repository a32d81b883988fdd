// Variant (hd-multiply-back): checks divisibility by multiplying the quotient back
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

Index head_dim(Index embed_dim, Index num_heads) {
  if (!(embed_dim > 0)) throw std::invalid_argument("embed_dim must be > 0 (got " + std::to_string(embed_dim) + ")");
  if (!(num_heads > 0)) throw std::invalid_argument("num_heads must be > 0 (got " + std::to_string(num_heads) + ")");
  const Index quotient = embed_dim / num_heads;
  if (quotient * num_heads != embed_dim)
    throw std::invalid_argument("embed_dim (" + std::to_string(embed_dim) + ") must be divisible by num_heads (" +
                                std::to_string(num_heads) + "): " + std::to_string(num_heads) + " heads of " +
                                std::to_string(quotient) + " cover only " + std::to_string(quotient * num_heads));
  return quotient;
}

}  // namespace course
