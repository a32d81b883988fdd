// Exercise pe-repair: this loop version of the encoding compiles and runs,
// but it is wrong. Find the bugs (the tests tell you what they see) and fix
// them here. Tip: print shapes at each step, and try positional_encoding_loop(5, 8).
#include <cmath>
#include <stdexcept>

#include "positional-encoding/positional_encoding.hpp"

namespace course {

MatrixXd positional_encoding_loop(Index seq_len, Index d_model) {
  if (seq_len < 0 || d_model < 0) throw std::invalid_argument(seq_len < 0 ? "seq_len < 0" : "d_model < 0");
  MatrixXd pe = MatrixXd::Zero(seq_len, d_model);  // was d_model - 1
  for (Index pos = 0; pos < seq_len; ++pos) {
    for (Index i = 0; i < d_model; i += 2) {  // was i + 1 < d_model: lost the last sine
      double angle = static_cast<double>(pos) / std::pow(10000.0, double(i) / double(d_model));
      pe(pos, i) = std::sin(angle);
      if (i + 1 < pe.cols()) pe(pos, i + 1) = std::cos(angle);
    }
  }
  return pe;
}

}  // namespace course
