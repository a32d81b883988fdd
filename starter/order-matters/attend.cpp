// Exercise order-attend: self-attention with the toy model, and mean pooling.
// Read lessons/order-matters/README.md first; check your work with
//   build/bin/grader check order-matters
#include "order-matters/order_matters.hpp"

namespace course {

AttentionResult self_attend(const MatrixXf& x) {
  // TODO(order-attend): x (L, E) -> output (L, E), weights (L, L).
  //   1. check that x is E = toy::kEmbedDim wide (course::check_shape)
  //   2. project with toy::projections(): q = x * query^T, k = x * key^T, v = x * value^T
  //   3. return your scaled_dot_product_attention(q, k, v)
  (void)x;
  throw not_implemented("self_attend", "lesson order-matters, exercise order-attend");
}

VectorXf mean_pool(const MatrixXf& x) {
  // TODO(order-attend): x (L, W) -> (W), the average of the rows. Reject L = 0.
  (void)x;
  throw not_implemented("mean_pool", "lesson order-matters, exercise order-attend");
}

}  // namespace course
