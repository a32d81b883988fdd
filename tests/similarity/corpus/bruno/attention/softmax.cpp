#include "attention/attention.hpp"
#include <cmath>

namespace course {

// Row by row with Eigen's row views.
MatrixXf softmax_rows(const MatrixXf& scores) {
  MatrixXf result = scores;
  const Index n_rows = scores.rows();
  for (Index r = 0; r < n_rows; r++) {
    auto line = result.row(r);
    const float peak = line.maxCoeff();
    line = (line.array() - peak).exp().matrix();
    const float sum = line.sum();
    line /= sum;
  }
  return result;
}

}  // namespace course
