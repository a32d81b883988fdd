// Exercise pe-formula: implement the sinusoidal positional encoding.
// Read lessons/positional-encoding/README.md first; check your work with
//   build/bin/grader check positional-encoding
#include "positional-encoding/positional_encoding.hpp"

namespace course {

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  // TODO(pe-formula): validate the arguments, then fill a (seq_len, d_model)
  // matrix: sine in even columns, cosine in odd ones, one frequency per pair.
  (void)seq_len;
  (void)d_model;
  (void)base;
  throw not_implemented("positional_encoding", "lesson positional-encoding, exercise pe-formula");
}

}  // namespace course
