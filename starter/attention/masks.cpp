// Exercise masks: the causal mask of a decoder. (Applying masks happens in
// scaled_dot_product_attention.cpp; this exercise's tests grade both.)
// Read lessons/attention/README.md first; check your work with
//   build/bin/grader check attention
#include "attention/attention.hpp"

namespace course {

Mask causal_mask(Index length) {
  // TODO(masks): reject a negative length, then build a (length, length)
  // bool matrix that is true where key j comes after query i, and wrap it
  // with Mask::boolean.
  (void)length;
  throw not_implemented("causal_mask", "lesson attention, exercise masks");
}

}  // namespace course
