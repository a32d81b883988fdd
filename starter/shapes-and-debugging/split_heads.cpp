// Exercise dbg-split-heads: this version returns the right shape, and the
// wrong numbers. Find out which token's features end up in which head (try a
// small x whose values tell you where they came from) and fix it. Check with
//   build/bin/grader check shapes-and-debugging
#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

Tensor split_heads(const Tensor& x, Index num_heads) {
  const Index batch = x.dim(0), seq_len = x.dim(1), embed_dim = x.dim(2);
  const Index head_dim = embed_dim / num_heads;
  // (B, L, E) -> (B, H, L, D)
  return Tensor({batch, num_heads, seq_len, head_dim}, x.values());
}

}  // namespace course
