// Mutant (scores-zero-width-accepted): checks that the widths match but not that D > 0 (the scores become NaN)
#include <cmath>
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXf attention_scores(const MatrixXf& q, const MatrixXf& k) {
  if (q.cols() != k.cols())
    throw std::invalid_argument("attention_scores: q has head_dim " + std::to_string(q.cols()) +
                                " but k has head_dim " + std::to_string(k.cols()));
  return (q * k.transpose()) / std::sqrt(static_cast<float>(q.cols()));
}

}  // namespace course
