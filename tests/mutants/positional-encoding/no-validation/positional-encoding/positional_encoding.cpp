// Mutant: right values, but no argument checks.
#include <cmath>
#include <stdexcept>
#include <string>

#include "positional-encoding/positional_encoding.hpp"

namespace course {

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  MatrixXd pe(seq_len, d_model);
  for (Index i = 0; i < d_model; i += 2) {
    const double wavelength = std::pow(base, static_cast<double>(i) / static_cast<double>(d_model));
    for (Index pos = 0; pos < seq_len; ++pos) {
      const double angle = static_cast<double>(pos) / wavelength;
      pe(pos, i) = std::sin(angle);
      if (i + 1 < d_model) pe(pos, i + 1) = std::cos(angle);
    }
  }
  return pe;
}

}  // namespace course
