// softmax over rows, with a helper for the maximum
#include "attention/attention.hpp"

#include <algorithm>
#include <cmath>

namespace course {

namespace {

float max_of_row(const MatrixXf& m, Index r) {
  float best = m(r, 0);
  for (Index c = 1; c < m.cols(); ++c) best = std::max(best, m(r, c));
  return best;
}

}  // namespace

MatrixXf softmax_rows(const MatrixXf& scores) {
  MatrixXf out = MatrixXf::Zero(scores.rows(), scores.cols());
  if (scores.cols() == 0) return out;
  for (Index r = 0; r < scores.rows(); ++r) {
    const float shift = max_of_row(scores, r);
    double total = 0.0;
    for (Index c = 0; c < scores.cols(); ++c) {
      out(r, c) = std::exp(scores(r, c) - shift);
      total += out(r, c);
    }
    out.row(r) /= static_cast<float>(total);
  }
  return out;
}

}  // namespace course
