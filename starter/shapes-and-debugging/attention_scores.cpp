// Exercise dbg-scores: this version has two bugs, one in the shape of the
// result and one in its scale. Compare its output with a 2 x 2 example you
// work out by hand, then fix it. Check with
//   build/bin/grader check shapes-and-debugging
#include <cmath>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXf attention_scores(const MatrixXf& q, const MatrixXf& k) {
  const Index head_dim = q.cols();
  const float scale = 1.0f / static_cast<float>(std::pow(head_dim, 1 / 2));  // 1 / sqrt(D)
  return (k * q.transpose()) * scale;
}

}  // namespace course
