// Mutant (scores-no-checks): no width checks: mismatched q and k abort inside Eigen, D = 0 gives NaN
#include <cmath>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXf attention_scores(const MatrixXf& q, const MatrixXf& k) {
  return (q * k.transpose()) / std::sqrt(static_cast<float>(q.cols()));
}

}  // namespace course
