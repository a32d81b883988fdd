// Variant "causal-mask-triangular-view": a correct causal mask from Eigen's
// strictly upper triangle. It must keep full marks.
#include <stdexcept>

#include "attention/attention.hpp"

namespace course {

Mask causal_mask(Index length) {
  // -> boolean mask (length, length)
  if (length < 0) throw std::invalid_argument("causal_mask: length must be >= 0");
  MatrixXb blocked = MatrixXb::Zero(length, length);
  blocked.triangularView<Eigen::StrictlyUpper>().setConstant(true);
  return Mask::boolean(blocked);
}

}  // namespace course
