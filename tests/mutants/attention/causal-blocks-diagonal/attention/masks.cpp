// Mutant "causal-blocks-diagonal": causal mask also blocks the diagonal (j >= i): a token cannot see
// itself and the first row is fully masked
#include <stdexcept>
#include <string>

#include "attention/attention.hpp"

namespace course {

Mask causal_mask(Index length) {
  // -> boolean mask (length, length), blocked where key j lies after query i
  if (length < 0) throw std::invalid_argument("length must be >= 0, got " + std::to_string(length));
  MatrixXb blocked(length, length);
  for (Index i = 0; i < length; ++i)
    for (Index j = 0; j < length; ++j) blocked(i, j) = j >= i;
  return Mask::boolean(blocked);
}

}  // namespace course
