// Broken on purpose (grader integration test): returns one column too few
// (zeros), so every caller that checks the shape sees (seq_len, d_model - 1).
#include "positional-encoding/positional_encoding.hpp"

namespace course {

MatrixXd positional_encoding(Index seq_len, Index d_model, double /*base*/) {
  return MatrixXd::Zero(seq_len, d_model > 0 ? d_model - 1 : 0);
}

}  // namespace course
