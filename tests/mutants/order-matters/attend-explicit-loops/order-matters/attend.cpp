// Variant of exercise order-attend: explicit loops.
#include <stdexcept>

#include "order-matters/order_matters.hpp"

namespace course {

namespace {

// y = x * w^T, one dot product at a time.
MatrixXf project(const MatrixXf& x, const MatrixXf& w) {
  MatrixXf y(x.rows(), w.rows());
  for (Index l = 0; l < x.rows(); ++l)
    for (Index o = 0; o < w.rows(); ++o) {
      float s = 0;
      for (Index i = 0; i < x.cols(); ++i) s += x(l, i) * w(o, i);
      y(l, o) = s;
    }
  return y;
}

}  // namespace

AttentionResult self_attend(const MatrixXf& x) {
  if (x.cols() != toy::kEmbedDim)
    throw std::invalid_argument("x: expected " + std::to_string(toy::kEmbedDim) + " columns, got " + std::to_string(x.cols()));
  const auto& w = toy::projections();
  return scaled_dot_product_attention(project(x, w.query), project(x, w.key), project(x, w.value));
}

VectorXf mean_pool(const MatrixXf& x) {
  if (x.rows() == 0) throw std::invalid_argument("x is empty: nothing to average");
  VectorXf out = VectorXf::Zero(x.cols());
  for (Index c = 0; c < x.cols(); ++c) {
    double s = 0;
    for (Index r = 0; r < x.rows(); ++r) s += x(r, c);
    out(c) = static_cast<float>(s / static_cast<double>(x.rows()));
  }
  return out;
}

}  // namespace course
