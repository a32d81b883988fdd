// Variant "attend-double-logsumexp": a correct self_attend and mean_pool that
// do not call scaled_dot_product_attention. Projections and dot products are
// accumulated in double from the last feature to the first, the softmax is
// exp(x - logsumexp(x)) in float, and the mean is a sum times 1/L. It must
// keep full marks.
#include <cmath>
#include <limits>
#include <stdexcept>

#include "order-matters/order_matters.hpp"

namespace course {

namespace {

// y = x * w^T, each entry a double sum taken backwards.
MatrixXf project(const MatrixXf& x, const MatrixXf& w) {
  MatrixXf y(x.rows(), w.rows());
  for (Index l = 0; l < x.rows(); ++l)
    for (Index o = 0; o < w.rows(); ++o) {
      double s = 0.0;
      for (Index i = x.cols() - 1; i >= 0; --i) s += static_cast<double>(x(l, i)) * static_cast<double>(w(o, i));
      y(l, o) = static_cast<float>(s);
    }
  return y;
}

}  // namespace

AttentionResult self_attend(const MatrixXf& x) {
  check_shape("x", x, {x.rows(), toy::kEmbedDim});
  const auto& w = toy::projections();
  const MatrixXf q = project(x, w.query), k = project(x, w.key), v = project(x, w.value);
  const Index L = x.rows(), D = q.cols();
  const double root_d = std::sqrt(static_cast<double>(D));

  AttentionResult r;
  r.weights = MatrixXf(L, L);
  for (Index i = 0; i < L; ++i) {
    for (Index j = 0; j < L; ++j) {
      double dot = 0.0;
      for (Index t = D - 1; t >= 0; --t) dot += static_cast<double>(q(i, t)) * static_cast<double>(k(j, t));
      r.weights(i, j) = static_cast<float>(dot / root_d);
    }
    float row_max = -std::numeric_limits<float>::infinity();
    for (Index j = 0; j < L; ++j) row_max = std::fmax(row_max, r.weights(i, j));
    float sum = 0.0f;
    for (Index j = L - 1; j >= 0; --j) sum += std::exp(r.weights(i, j) - row_max);
    const float log_sum_exp = row_max + std::log(sum);
    for (Index j = 0; j < L; ++j) r.weights(i, j) = std::exp(r.weights(i, j) - log_sum_exp);
  }
  r.output = MatrixXf(L, v.cols());
  for (Index i = 0; i < L; ++i)
    for (Index c = 0; c < v.cols(); ++c) {
      double acc = 0.0;
      for (Index j = L - 1; j >= 0; --j) acc += static_cast<double>(r.weights(i, j)) * static_cast<double>(v(j, c));
      r.output(i, c) = static_cast<float>(acc);
    }
  return r;
}

VectorXf mean_pool(const MatrixXf& x) {
  if (x.rows() < 1)
    throw std::invalid_argument("x must have at least one row to average, got " + shape_string({x.rows(), x.cols()}));
  const float inverse = 1.0f / static_cast<float>(x.rows());
  VectorXf mean(x.cols());
  for (Index c = 0; c < x.cols(); ++c) {
    float sum = 0.0f;
    for (Index l = x.rows() - 1; l >= 0; --l) sum += x(l, c);
    mean(c) = sum * inverse;
  }
  return mean;
}

}  // namespace course
