// Exercise softmax.
#include "attention/attention.hpp"

#include <cmath>
#include <numeric>
#include <vector>

namespace course {

MatrixXf softmax_rows(const MatrixXf& scores) {
  const Index rows = scores.rows();
  const Index cols = scores.cols();
  MatrixXf weights(rows, cols);
  std::vector<float> buffer(static_cast<std::size_t>(cols));
  for (Index i = 0; i < rows; ++i) {
    float m = scores(i, 0);
    for (Index j = 0; j < cols; ++j) m = scores(i, j) > m ? scores(i, j) : m;
    for (Index j = 0; j < cols; ++j) buffer[static_cast<std::size_t>(j)] = std::exp(scores(i, j) - m);
    const float total = std::accumulate(buffer.begin(), buffer.end(), 0.0f);
    for (Index j = 0; j < cols; ++j) weights(i, j) = buffer[static_cast<std::size_t>(j)] / total;
  }
  return weights;
}

}  // namespace course
