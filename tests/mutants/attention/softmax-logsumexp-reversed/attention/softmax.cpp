// Variant "softmax-logsumexp-reversed": a correct softmax written as
// exp(x - logsumexp(x)), logsumexp(x) = max + log(sum exp(x - max)), with the
// sum taken from the last column to the first. Rounding max + log(sum) at the
// magnitude of the scores moves weights by a few ulps; it must keep full marks.
#include <cmath>
#include <limits>

#include "attention/attention.hpp"

namespace course {

MatrixXf softmax_rows(const MatrixXf& scores) {
  MatrixXf weights(scores.rows(), scores.cols());
  for (Index r = 0; r < scores.rows(); ++r) {
    float row_max = -std::numeric_limits<float>::infinity();
    for (Index c = scores.cols() - 1; c >= 0; --c) row_max = std::fmax(row_max, scores(r, c));
    float sum = 0.0f;
    for (Index c = scores.cols() - 1; c >= 0; --c) sum += std::exp(scores(r, c) - row_max);
    const float log_sum_exp = row_max + std::log(sum);
    for (Index c = 0; c < scores.cols(); ++c) weights(r, c) = std::exp(scores(r, c) - log_sum_exp);
  }
  return weights;
}

}  // namespace course
