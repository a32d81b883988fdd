// Mutant (scores-transposed): computes k q^T: the (S, L) transpose of the scores
#include <cmath>
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXf attention_scores(const MatrixXf& q, const MatrixXf& k) {
  if (q.cols() != k.cols())
    throw std::invalid_argument("attention_scores: q has head_dim " + std::to_string(q.cols()) +
                                " but k has head_dim " + std::to_string(k.cols()));
  if (q.cols() == 0) throw std::invalid_argument("attention_scores: head_dim is 0");
  return (k * q.transpose()) / std::sqrt(static_cast<float>(q.cols()));
}

}  // namespace course
