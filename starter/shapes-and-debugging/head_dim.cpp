// Exercise dbg-head-dim: this version returns a number for every input,
// which is exactly the problem. Make it refuse what cannot be split evenly
// (see the contract in shapes_and_debugging.hpp). Check your work with
//   build/bin/grader check shapes-and-debugging
#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

Index head_dim(Index embed_dim, Index num_heads) {
  return embed_dim / num_heads;
}

}  // namespace course
