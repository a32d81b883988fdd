// Exercise dbg-split-heads, fixed: head h takes the contiguous feature block
// [h*D, (h+1)*D) of every token. In memory that is a reshape of (B, L, E) to
// (B, L, H, D) followed by swapping the L and H axes; the copy below does both.
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

Tensor split_heads(const Tensor& x, Index num_heads) {
  if (x.rank() != 3)
    throw std::invalid_argument("split_heads: x must have shape (B, L, E), got " + shape_string(x.shape()));
  const Index batch = x.dim(0), seq_len = x.dim(1), embed_dim = x.dim(2);
  if (num_heads <= 0)
    throw std::invalid_argument("split_heads: num_heads must be > 0, got " + std::to_string(num_heads));
  if (embed_dim % num_heads != 0)
    throw std::invalid_argument("split_heads: embed_dim (" + std::to_string(embed_dim) +
                                ") must be divisible by num_heads (" + std::to_string(num_heads) + ")");
  const Index head_dim = embed_dim / num_heads;

  Tensor out({batch, num_heads, seq_len, head_dim});
  for (Index b = 0; b < batch; ++b) {
    const auto tokens = x.matrix({b});  // (L, E)
    for (Index h = 0; h < num_heads; ++h) out.matrix({b, h}) = tokens.middleCols(h * head_dim, head_dim);
  }
  return out;
}

}  // namespace course
