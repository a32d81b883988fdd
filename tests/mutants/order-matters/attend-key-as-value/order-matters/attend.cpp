// Reference solution for exercise order-attend.
#include <stdexcept>

#include "order-matters/order_matters.hpp"

namespace course {

AttentionResult self_attend(const MatrixXf& x) {
  // x: (L, E) -> output (L, E), weights (L, L)
  check_shape("x", x, {x.rows(), toy::kEmbedDim});
  const toy::Projections& w = toy::projections();
  // nn.Linear layout: a row vector projects as x * W^T.
  return scaled_dot_product_attention(x * w.query.transpose(), x * w.key.transpose(), x * w.key.transpose());
}

VectorXf mean_pool(const MatrixXf& x) {
  // x: (L, W) -> (W)
  if (x.rows() < 1)
    throw std::invalid_argument("x must have at least one row to average, got " + shape_string({x.rows(), x.cols()}));
  return x.colwise().mean().transpose();
}

}  // namespace course
