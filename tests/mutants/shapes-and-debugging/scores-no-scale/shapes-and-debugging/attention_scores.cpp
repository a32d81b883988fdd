// Mutant (scores-no-scale): std::pow(D, 1 / 2): 1 / 2 is 0 in integers, so the scale is 1
#include <cmath>
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXf attention_scores(const MatrixXf& q, const MatrixXf& k) {
  if (q.cols() != k.cols())
    throw std::invalid_argument("attention_scores: q has head_dim " + std::to_string(q.cols()) +
                                " but k has head_dim " + std::to_string(k.cols()));
  if (q.cols() == 0) throw std::invalid_argument("attention_scores: head_dim is 0");
  const Index head_dim = q.cols();
  const float scale = 1.0f / static_cast<float>(std::pow(head_dim, 1 / 2));
  return (q * k.transpose()) * scale;
}

}  // namespace course
