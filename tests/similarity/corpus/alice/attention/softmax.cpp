// Exercise softmax: turn each row of scores into weights that sum to 1.
#include "attention/attention.hpp"

#include <cmath>

namespace course {

MatrixXf softmax_rows(const MatrixXf& scores) {
  MatrixXf weights(scores.rows(), scores.cols());
  for (Index row = 0; row < scores.rows(); ++row) {
    // the largest entry of the row keeps exp() finite
    float largest = -std::numeric_limits<float>::infinity();
    for (Index col = 0; col < scores.cols(); ++col) {
      if (scores(row, col) > largest) largest = scores(row, col);
    }
    float denominator = 0.0f;
    for (Index col = 0; col < scores.cols(); ++col) {
      const float e = std::exp(scores(row, col) - largest);
      weights(row, col) = e;
      denominator += e;
    }
    for (Index col = 0; col < scores.cols(); ++col) {
      weights(row, col) = weights(row, col) / denominator;
    }
  }
  return weights;
}

}  // namespace course
