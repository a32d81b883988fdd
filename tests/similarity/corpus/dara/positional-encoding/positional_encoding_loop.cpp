// Exercise pe-repair (fixed): three bugs, the width, the loop bound and an
// integer division in the exponent.
#include <cmath>
#include <stdexcept>

#include "positional-encoding/positional_encoding.hpp"

namespace course {

MatrixXd positional_encoding_loop(Index seq_len, Index d_model) {
  if (seq_len < 0) throw std::invalid_argument("seq_len is negative");
  if (d_model < 0) throw std::invalid_argument("d_model is negative");
  MatrixXd pe = MatrixXd::Zero(seq_len, d_model);
  for (Index pos = 0; pos < seq_len; ++pos) {
    for (Index i = 0; i < d_model; i += 2) {
      const double exponent = static_cast<double>(i) / static_cast<double>(d_model);
      double angle = static_cast<double>(pos) / std::pow(10000.0, exponent);
      pe(pos, i) = std::sin(angle);
      if (i + 1 < pe.cols()) pe(pos, i + 1) = std::cos(angle);
    }
  }
  return pe;
}

}  // namespace course
