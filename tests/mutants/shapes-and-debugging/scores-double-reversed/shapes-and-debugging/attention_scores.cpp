// Variant "scores-double-reversed": each score is a double sum taken from the
// last feature to the first, divided by sqrt(D) in double, then rounded to
// float once. A correct fix: it must keep full marks.
#include <cmath>
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXf attention_scores(const MatrixXf& q, const MatrixXf& k) {
  if (q.cols() != k.cols())
    throw std::invalid_argument("attention_scores: q has head_dim " + std::to_string(q.cols()) +
                                " but k has head_dim " + std::to_string(k.cols()) +
                                "; queries and keys must have the same width D");
  if (q.cols() == 0) throw std::invalid_argument("attention_scores: head_dim is 0; the scale 1/sqrt(D) needs D > 0");
  const double root_d = std::sqrt(static_cast<double>(q.cols()));
  MatrixXf scores(q.rows(), k.rows());
  for (Index i = 0; i < q.rows(); ++i)
    for (Index j = 0; j < k.rows(); ++j) {
      double dot = 0.0;
      for (Index t = q.cols() - 1; t >= 0; --t) dot += static_cast<double>(q(i, t)) * static_cast<double>(k(j, t));
      scores(i, j) = static_cast<float>(dot / root_d);
    }
  return scores;
}

}  // namespace course
