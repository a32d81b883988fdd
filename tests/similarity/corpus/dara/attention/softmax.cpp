#include "attention/attention.hpp"

namespace course {

MatrixXf softmax_rows(const MatrixXf& scores) {
  // No loops: broadcast the row maxima, exponentiate, divide by row sums.
  const Eigen::VectorXf maxima = scores.rowwise().maxCoeff();
  MatrixXf shifted = scores.colwise() - maxima;
  MatrixXf exps = shifted.array().exp().matrix();
  const Eigen::VectorXf sums = exps.rowwise().sum();
  for (Index i = 0; i < exps.rows(); ++i) exps.row(i) /= sums(i);
  return exps;
}

}  // namespace course
