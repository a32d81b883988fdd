// Variant: each pair starts at (0, 1) and turns by its frequency at every step (one sin/cos per pair).
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
    const double step = std::pow(base, -static_cast<double>(i) / static_cast<double>(d_model));
    const double c = std::cos(step), s = std::sin(step);
    double sin_a = 0.0, cos_a = 1.0;  // the angle at position 0
    for (Index pos = 0; pos < seq_len; ++pos) {
      pe(pos, i) = sin_a;
      if (i + 1 < d_model) pe(pos, i + 1) = cos_a;
      const double next_sin = sin_a * c + cos_a * s;
      cos_a = cos_a * c - sin_a * s;
      sin_a = next_sin;
    }
  }
  return pe;
}

}  // namespace course
