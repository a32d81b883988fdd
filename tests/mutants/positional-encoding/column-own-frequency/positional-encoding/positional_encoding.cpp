// Mutant: every column gets its own frequency base^(-j / d_model); pairs no longer share one.
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
  for (Index pos = 0; pos < seq_len; ++pos) {
    for (Index j = 0; j < d_model; ++j) {
      const double angle = static_cast<double>(pos) / std::pow(base, static_cast<double>(j) / static_cast<double>(d_model));
      pe(pos, j) = j % 2 == 0 ? std::sin(angle) : std::cos(angle);
    }
  }
  return pe;
}

}  // namespace course
