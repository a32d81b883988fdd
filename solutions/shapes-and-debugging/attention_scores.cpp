// Exercise dbg-scores, fixed: q k^T (queries down, keys across), scaled by
// 1/sqrt(D) computed in floating point.
#include <cmath>
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXf attention_scores(const MatrixXf& q, const MatrixXf& k) {
  // q: (L, D); k: (S, D); scores: (L, S)
  if (q.cols() != k.cols())
    throw std::invalid_argument("attention_scores: q has head_dim " + std::to_string(q.cols()) +
                                " but k has head_dim " + std::to_string(k.cols()) +
                                "; queries and keys must have the same width D");
  if (q.cols() == 0) throw std::invalid_argument("attention_scores: head_dim is 0; the scale 1/sqrt(D) needs D > 0");
  const float scale = 1.0f / std::sqrt(static_cast<float>(q.cols()));
  return (q * k.transpose()) * scale;
}

}  // namespace course
