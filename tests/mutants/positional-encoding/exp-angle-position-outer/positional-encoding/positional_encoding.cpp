// Variant: angle = pos * exp(-2k ln(base) / d_model) over pair index k, position loop outside.
#include <cmath>
#include <stdexcept>
#include <string>

#include "positional-encoding/positional_encoding.hpp"

namespace course {

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  if (seq_len < 0) throw std::invalid_argument("positional_encoding: seq_len must be >= 0, got " + std::to_string(seq_len));
  if (d_model < 0) throw std::invalid_argument("positional_encoding: d_model must be >= 0, got " + std::to_string(d_model));
  if (!std::isfinite(base) || base <= 0.0) throw std::invalid_argument("positional_encoding: base must be positive and finite");
  MatrixXd pe(seq_len, d_model);
  const double log_base = std::log(base);
  for (Index pos = 0; pos < seq_len; ++pos) {
    for (Index k = 0; 2 * k < d_model; ++k) {
      const double angle = static_cast<double>(pos) * std::exp(-2.0 * static_cast<double>(k) * log_base / static_cast<double>(d_model));
      pe(pos, 2 * k) = std::sin(angle);
      if (2 * k + 1 < d_model) pe(pos, 2 * k + 1) = std::cos(angle);
    }
  }
  return pe;
}

}  // namespace course
