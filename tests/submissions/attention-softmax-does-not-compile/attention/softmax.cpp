// Broken on purpose (grader integration test): the reference softmax with a
// missing semicolon, so the file does not compile.
#include <cmath>

#include "attention/attention.hpp"

namespace course {

MatrixXf softmax_rows(const MatrixXf& scores) {
  // scores: (R, C) -> weights: (R, C)
  MatrixXf weights(scores.rows(), scores.cols());
  if (scores.cols() == 0) return weights;
  for (Index r = 0; r < scores.rows(); ++r) {
    // Subtracting the row max cancels in the ratio but keeps every exponent
    // <= 0, so exp cannot overflow. An all -inf row gives -inf - (-inf) = NaN
    // here, which is PyTorch's answer too.
    const float row_max = scores.row(r).maxCoeff();
    float total = 0.0f
    for (Index c = 0; c < scores.cols(); ++c) {
      weights(r, c) = std::exp(scores(r, c) - row_max);
      total += weights(r, c);
    }
    weights.row(r) /= total;
  }
  return weights;
}

}  // namespace course
