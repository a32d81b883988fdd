// Mutant (hd-narrowed-to-int): stores the sizes in int: anything beyond 2^31 is mangled
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

Index head_dim(Index embed_dim, Index num_heads) {
  int features = embed_dim;
  int heads = num_heads;
  if (features <= 0) throw std::invalid_argument("head_dim: embed_dim must be > 0, got " + std::to_string(features));
  if (heads <= 0) throw std::invalid_argument("head_dim: num_heads must be > 0, got " + std::to_string(heads));
  if (features % heads != 0)
    throw std::invalid_argument("head_dim: embed_dim (" + std::to_string(features) +
                                ") must be divisible by num_heads (" + std::to_string(heads) + ")");
  return features / heads;
}

}  // namespace course
