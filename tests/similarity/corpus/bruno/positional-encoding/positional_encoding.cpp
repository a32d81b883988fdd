#include "positional-encoding/positional_encoding.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace course {

namespace {

void require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument(message);
}

// angle for position p and pair k: p * exp(-(2k / d) * ln(base))
double angle_for(Index p, Index k, Index d, double base) {
  const double rate = std::exp(-(2.0 * static_cast<double>(k) / static_cast<double>(d)) * std::log(base));
  return static_cast<double>(p) * rate;
}

}  // namespace

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  require(seq_len >= 0, "seq_len must not be negative");
  require(d_model >= 0, "d_model must not be negative");
  require(std::isfinite(base) && base > 0, "base must be positive");
  MatrixXd table = MatrixXd::Zero(seq_len, d_model);
  const Index pairs = (d_model + 1) / 2;
  for (Index p = 0; p < seq_len; ++p) {
    for (Index k = 0; k < pairs; ++k) {
      const double a = angle_for(p, k, d_model, base);
      table(p, 2 * k) = std::sin(a);
      if (2 * k + 1 < d_model) table(p, 2 * k + 1) = std::cos(a);
    }
  }
  return table;
}

}  // namespace course
