// Reference solution for exercise pe-formula.
#include "positional-encoding/positional_encoding.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace course {

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  if (seq_len < 0) throw std::invalid_argument("seq_len must be >= 0, got " + std::to_string(seq_len));
  if (d_model < 0) throw std::invalid_argument("d_model must be >= 0, got " + std::to_string(d_model));
  if (!(base > 0) || !std::isfinite(base)) throw std::invalid_argument("base must be a positive finite number");
  MatrixXd pe(seq_len, d_model);
  for (Index i = 0; i < d_model; i += 2) {
    // Same expression as the seeds' NumPy version: exp(i * -(ln(base) / d_model)).
    const double inverse_wavelength = std::exp(static_cast<double>(i) * -(std::log(base) / static_cast<double>(d_model)));
    for (Index pos = 0; pos < seq_len; ++pos) {
      const double angle = static_cast<double>(pos) * inverse_wavelength;
      pe(pos, i) = std::sin(angle);
      if (i + 1 < d_model) pe(pos, i + 1) = std::cos(angle);
    }
  }
  return pe;
}

}  // namespace course
