// Variant "softmax-eigen-vectorised": a correct softmax with whole-matrix
// Eigen expressions. It must keep full marks.
#include "attention/attention.hpp"

namespace course {

MatrixXf softmax_rows(const MatrixXf& scores) {
  // scores: (R, C) -> weights: (R, C)
  if (scores.cols() == 0) return scores;
  Eigen::ArrayXXf shifted = scores.array().colwise() - scores.array().rowwise().maxCoeff();
  Eigen::ArrayXXf e = shifted.exp();
  MatrixXf weights = (e.colwise() / e.rowwise().sum()).matrix();
  return weights;
}

}  // namespace course
