// Mutant: counts positions from 1 (pos + 1), so row 0 is not 0, 1, 0, 1, ...
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
  for (Index i = 0; i < d_model; i += 2) {
    const double wavelength = std::pow(base, static_cast<double>(i) / static_cast<double>(d_model));
    for (Index pos = 0; pos < seq_len; ++pos) {
      const double angle = static_cast<double>(pos + 1) / wavelength;
      pe(pos, i) = std::sin(angle);
      if (i + 1 < d_model) pe(pos, i + 1) = std::cos(angle);
    }
  }
  return pe;
}

}  // namespace course
