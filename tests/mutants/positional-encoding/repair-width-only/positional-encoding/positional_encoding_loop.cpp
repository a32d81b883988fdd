// Mutant: the width is repaired, the integer division i / d_model is left in the exponent.
#include <cmath>
#include <stdexcept>
#include <string>

#include "positional-encoding/positional_encoding.hpp"

namespace course {

MatrixXd positional_encoding_loop(Index seq_len, Index d_model) {
  if (seq_len < 0) throw std::invalid_argument("positional_encoding_loop: seq_len must be >= 0, got " + std::to_string(seq_len));
  if (d_model < 0) throw std::invalid_argument("positional_encoding_loop: d_model must be >= 0, got " + std::to_string(d_model));
  MatrixXd pe = MatrixXd::Zero(seq_len, d_model);
  for (Index pos = 0; pos < seq_len; ++pos) {
    for (Index i = 0; i < d_model; i += 2) {
      double angle = static_cast<double>(pos) / std::pow(10000.0, i / d_model);
      pe(pos, i) = std::sin(angle);
      if (i + 1 < d_model) pe(pos, i + 1) = std::cos(angle);
    }
  }
  return pe;
}

}  // namespace course
