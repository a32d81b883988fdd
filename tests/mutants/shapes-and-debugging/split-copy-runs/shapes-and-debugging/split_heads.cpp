// Variant (split-copy-runs): copies each contiguous run of D features with std::copy_n on the raw data
#include <algorithm>
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
  const float* in = x.data();
  float* to = out.data();
  for (Index b = 0; b < batch; ++b)
    for (Index l = 0; l < seq_len; ++l)
      for (Index h = 0; h < num_heads; ++h)
        std::copy_n(in + (b * seq_len + l) * embed_dim + h * head_dim, head_dim,
                    to + ((b * num_heads + h) * seq_len + l) * head_dim);
  return out;
}

}  // namespace course
