// Mutant: loops over pairs and uses the pair index i, not 2i, in the exponent.
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
  for (Index pair = 0; 2 * pair < d_model; ++pair) {
    const double wavelength = std::pow(base, static_cast<double>(pair) / static_cast<double>(d_model));
    for (Index pos = 0; pos < seq_len; ++pos) {
      const double angle = static_cast<double>(pos) / wavelength;
      pe(pos, 2 * pair) = std::sin(angle);
      if (2 * pair + 1 < d_model) pe(pos, 2 * pair + 1) = std::cos(angle);
    }
  }
  return pe;
}

}  // namespace course
