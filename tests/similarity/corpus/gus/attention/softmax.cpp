#include <cmath>
#include "attention/attention.hpp"

namespace course {

MatrixXf softmax_rows(const MatrixXf& scores) {
  const Index n_rows = scores.rows();
  MatrixXf result = scores;
  Index r = 0;
  while (r < n_rows) {
    auto line = result.row(r);
    const float peak = line.maxCoeff();
    line = (line.array() - peak).exp().matrix();
    const float sum = line.sum();
    line /= sum;
    r++;
  }
  return result;
}

}  // namespace course
