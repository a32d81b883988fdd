// Variant (scores-dot-product-loops): one dot product per (query, key) pair in plain loops
#include <cmath>
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXf attention_scores(const MatrixXf& q, const MatrixXf& k) {
  const Index queries = q.rows(), keys = k.rows(), width = q.cols();
  if (k.cols() != width)
    throw std::invalid_argument("attention_scores: head_dim differs (q: " + std::to_string(width) +
                                ", k: " + std::to_string(k.cols()) + ")");
  if (width < 1) throw std::invalid_argument("attention_scores: head_dim must be at least 1");
  const float scale = 1.0f / std::sqrt(static_cast<float>(width));
  MatrixXf scores(queries, keys);
  for (Index i = 0; i < queries; ++i)
    for (Index j = 0; j < keys; ++j) {
      float dot = 0.0f;
      for (Index c = 0; c < width; ++c) dot += q(i, c) * k(j, c);
      scores(i, j) = dot * scale;
    }
  return scores;
}

}  // namespace course
