// Mutant: the width and the exponent are repaired, but the loop bound still
// stops before an odd width's last column and no argument is checked.
#include <cmath>

#include "positional-encoding/positional_encoding.hpp"

namespace course {

MatrixXd positional_encoding_loop(Index seq_len, Index d_model) {
  MatrixXd pe = MatrixXd::Zero(seq_len, d_model);
  for (Index pos = 0; pos < seq_len; ++pos) {
    for (Index i = 0; i + 1 < d_model; i += 2) {
      double angle = static_cast<double>(pos) / std::pow(10000.0, static_cast<double>(i) / static_cast<double>(d_model));
      pe(pos, i) = std::sin(angle);
      pe(pos, i + 1) = std::cos(angle);
    }
  }
  return pe;
}

}  // namespace course
