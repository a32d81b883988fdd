// Variant: the repair rewritten with the NumPy expression exp(-2k ln(10000) / d_model).
#include <cmath>
#include <stdexcept>
#include <string>

#include "positional-encoding/positional_encoding.hpp"

namespace course {

MatrixXd positional_encoding_loop(Index seq_len, Index d_model) {
  if (seq_len < 0) throw std::invalid_argument("positional_encoding_loop: seq_len must be >= 0, got " + std::to_string(seq_len));
  if (d_model < 0) throw std::invalid_argument("positional_encoding_loop: d_model must be >= 0, got " + std::to_string(d_model));
  MatrixXd pe(seq_len, d_model);
  const double log_base = std::log(10000.0);
  for (Index k = 0; 2 * k < d_model; ++k) {
    const double frequency = std::exp(-2.0 * static_cast<double>(k) * log_base / static_cast<double>(d_model));
    for (Index pos = 0; pos < seq_len; ++pos) {
      pe(pos, 2 * k) = std::sin(static_cast<double>(pos) * frequency);
      if (2 * k + 1 < d_model) pe(pos, 2 * k + 1) = std::cos(static_cast<double>(pos) * frequency);
    }
  }
  return pe;
}

}  // namespace course
