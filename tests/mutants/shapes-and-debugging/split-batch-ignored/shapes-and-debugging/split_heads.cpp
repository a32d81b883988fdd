// Mutant (split-batch-ignored): reads every batch from batch 0 (the batch index is dropped in the loop)
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
  Tensor out({batch, num_heads, seq_len, head_dim});
  for (Index b = 0; b < batch; ++b)
    for (Index h = 0; h < num_heads; ++h)
      for (Index l = 0; l < seq_len; ++l)
        for (Index d = 0; d < head_dim; ++d) out.at({b, h, l, d}) = x.at({0, l, h * head_dim + d});
  return out;
}

}  // namespace course
