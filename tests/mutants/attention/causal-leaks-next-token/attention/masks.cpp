// Mutant "causal-leaks-next-token": causal mask off by one (j > i + 1): each token also sees the next
// one
#include <stdexcept>
#include <string>

#include "attention/attention.hpp"

namespace course {

Mask causal_mask(Index length) {
  // -> boolean mask (length, length), blocked where key j lies after query i
  if (length < 0) throw std::invalid_argument("length must be >= 0, got " + std::to_string(length));
  MatrixXb blocked(length, length);
  for (Index i = 0; i < length; ++i)
    for (Index j = 0; j < length; ++j) blocked(i, j) = j > i + 1;
  return Mask::boolean(blocked);
}

}  // namespace course
