// Variant (scores-prescaled-queries): scales the queries before the product, as many implementations do
#include <cmath>
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXf attention_scores(const MatrixXf& q, const MatrixXf& k) {
  ShapeTrace trace("attention_scores");
  trace.step("q (L, D)", q);
  try {
    trace.expect("k (S, D)", k, {-1, q.cols()});
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("attention_scores: q and k need the same head_dim; ") + e.what());
  }
  if (q.cols() == 0) throw std::invalid_argument("attention_scores: head_dim is 0");
  const MatrixXf scaled = q / std::sqrt(static_cast<float>(q.cols()));
  MatrixXf scores = scaled * k.transpose();
  trace.expect("scores (L, S)", scores, {q.rows(), k.rows()});
  return scores;
}

}  // namespace course
