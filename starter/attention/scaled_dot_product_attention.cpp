// Exercise attention: scaled dot-product attention. The mask part of this
// function is graded in exercise masks; you can leave it for later.
// Read lessons/attention/README.md first; check your work with
//   build/bin/grader check attention
#include "attention/attention.hpp"

namespace course {

AttentionResult scaled_dot_product_attention(const MatrixXf& query, const MatrixXf& key, const MatrixXf& value,
                                             const Mask& mask) {
  // TODO(attention): query (L, D), key (S, D), value (S, Dv).
  //   1. check the shapes of key and value with course::check_shape
  //   2. scores = query * key^T / sqrt(D)                     -> (L, S)
  //   3. weights = softmax_rows(scores)                       -> (L, S)
  //   4. output = weights * value                             -> (L, Dv)
  // TODO(masks): unless mask.kind is none, check its shape (L, S) and apply it
  // to the scores between steps 2 and 3.
  (void)query;
  (void)key;
  (void)value;
  (void)mask;
  throw not_implemented("scaled_dot_product_attention", "lesson attention, exercise attention");
}

}  // namespace course
