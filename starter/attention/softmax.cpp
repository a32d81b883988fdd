// Exercise softmax: turn each row of scores into weights that sum to 1.
// Read lessons/attention/README.md first; check your work with
//   build/bin/grader check attention
#include "attention/attention.hpp"

namespace course {

MatrixXf softmax_rows(const MatrixXf& scores) {
  // TODO(softmax): scores is (R, C); return an (R, C) matrix. For each row,
  // subtract the row's maximum, exponentiate, and divide by the row's sum.
  (void)scores;
  throw not_implemented("softmax_rows", "lesson attention, exercise softmax");
}

}  // namespace course
