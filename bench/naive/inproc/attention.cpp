// In-process stand-in for the attention proxy (naive benchmark set-up only):
// the suites' student:: calls go straight to the student's functions.
#include "attention/bridge/proxy.hpp"

namespace student {
course::MatrixXf softmax_rows(const course::MatrixXf& scores) { return course::softmax_rows(scores); }
course::AttentionResult scaled_dot_product_attention(const course::MatrixXf& query, const course::MatrixXf& key,
                                                     const course::MatrixXf& value, const course::Mask& mask) {
  return course::scaled_dot_product_attention(query, key, value, mask);
}
course::Mask causal_mask(course::Index length) { return course::causal_mask(length); }
}  // namespace student
