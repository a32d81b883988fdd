// Mutant: both bugs repaired, but only seq_len is checked; a negative d_model
// reaches MatrixXd::Zero.
#include <cmath>
#include <stdexcept>
#include <string>

#include "positional-encoding/positional_encoding.hpp"

namespace course {

MatrixXd positional_encoding_loop(Index seq_len, Index d_model) {
  if (seq_len < 0) throw std::invalid_argument("seq_len must be >= 0, got " + std::to_string(seq_len));
  MatrixXd pe = MatrixXd::Zero(seq_len, d_model);
  for (Index pos = 0; pos < seq_len; ++pos) {
    for (Index i = 0; i < d_model; i += 2) {
      double angle = static_cast<double>(pos) / std::pow(10000.0, static_cast<double>(i) / static_cast<double>(d_model));
      pe(pos, i) = std::sin(angle);
      if (i + 1 < d_model) pe(pos, i + 1) = std::cos(angle);
    }
  }
  return pe;
}

}  // namespace course
