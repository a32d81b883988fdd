// Mutant (split-reshape-blhd): returns the (B, L, H, D) reshape: the L and H axes are never swapped
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

Tensor split_heads(const Tensor& x, Index num_heads) {
  if (x.rank() != 3)
    throw std::invalid_argument("split_heads: x must have shape (B, L, E), got " + shape_string(x.shape()));
  if (num_heads <= 0)
    throw std::invalid_argument("split_heads: num_heads must be > 0, got " + std::to_string(num_heads));
  if (x.dim(2) % num_heads != 0)
    throw std::invalid_argument("split_heads: embed_dim (" + std::to_string(x.dim(2)) +
                                ") must be divisible by num_heads (" + std::to_string(num_heads) + ")");
  const Index batch = x.dim(0), seq_len = x.dim(1), embed_dim = x.dim(2);
  const Index head_dim = embed_dim / num_heads;
  return Tensor({batch, seq_len, num_heads, head_dim}, x.values());
}

}  // namespace course
