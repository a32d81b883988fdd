// Broken on purpose (grader integration test): ends the process with status
// 0 on every call, as code that tries to pass by exiting "successfully" would.
#include "positional-encoding/positional_encoding.hpp"

#include <cstdlib>

namespace course {

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  (void)seq_len;
  (void)d_model;
  (void)base;
  std::exit(0);
}

}  // namespace course
