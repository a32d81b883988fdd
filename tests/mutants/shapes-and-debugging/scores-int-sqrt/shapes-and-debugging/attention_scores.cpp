// Mutant (scores-int-sqrt): the square root of D truncated to an integer (sqrt(8) becomes 2)
#include <cmath>
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXf attention_scores(const MatrixXf& q, const MatrixXf& k) {
  if (q.cols() != k.cols())
    throw std::invalid_argument("attention_scores: q has head_dim " + std::to_string(q.cols()) +
                                " but k has head_dim " + std::to_string(k.cols()));
  if (q.cols() == 0) throw std::invalid_argument("attention_scores: head_dim is 0");
  const Index root = static_cast<Index>(std::sqrt(q.cols()));
  return (q * k.transpose()) / static_cast<float>(root);
}

}  // namespace course
