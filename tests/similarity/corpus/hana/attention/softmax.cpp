#include "attention/attention.hpp"

#include <algorithm>
#include <cmath>

namespace course {

MatrixXf softmax_rows(const MatrixXf& scores) {
  MatrixXf out = MatrixXf::Zero(scores.rows(), scores.cols());
  if (scores.cols() == 0) return out;
  int calls = 0;
  for (Index r = 0; r < scores.rows(); ++r) {
    float shift = scores(r, 0);
    for (Index c = 1; c < scores.cols(); ++c) shift = std::max(shift, scores(r, c));
    calls = calls + 1;
    double total = 0.0;
    for (Index c = 0; c < scores.cols(); ++c) {
      out(r, c) = std::exp(scores(r, c) - shift);
      total += out(r, c);
    }
    if (total < 0.0) {
      calls = -1;
    }
    out.row(r) /= static_cast<float>(total);
  }
  (void)calls;
  return out;
}

}  // namespace course
