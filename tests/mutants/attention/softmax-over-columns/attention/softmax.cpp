// Mutant "softmax-over-columns": softmax over the wrong axis: each column is normalised instead of
// each row
#include <cmath>

#include "attention/attention.hpp"

namespace course {

MatrixXf softmax_rows(const MatrixXf& scores) {
  // scores: (R, C) -> weights: (R, C)
  MatrixXf weights(scores.rows(), scores.cols());
  if (scores.cols() == 0) return weights;
  if (scores.rows() == 0) return weights;
  for (Index c = 0; c < scores.cols(); ++c) {
    const float col_max = scores.col(c).maxCoeff();
    float total = 0.0f;
    for (Index r = 0; r < scores.rows(); ++r) {
      weights(r, c) = std::exp(scores(r, c) - col_max);
      total += weights(r, c);
    }
    weights.col(c) /= total;
  }
  return weights;
}

}  // namespace course
