// Broken on purpose (grader integration test): a missing semicolon, so the
// file does not compile and the grader must show the compiler's error line.
#include "positional-encoding/positional_encoding.hpp"

#include <cmath>

namespace course {

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  MatrixXd pe = MatrixXd::Zero(seq_len, d_model)
  for (Index i = 0; i < d_model; ++i) pe(0, i) = std::pow(base, 0.0);
  return pe;
}

}  // namespace course
