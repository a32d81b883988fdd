#include "positional-encoding/positional_encoding.hpp"

#include <cmath>
#include <stdexcept>

namespace course {

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  if (!(seq_len >= 0)) throw std::invalid_argument("seq_len must not be negative");
  if (!(d_model >= 0)) throw std::invalid_argument("d_model must not be negative");
  if (!(std::isfinite(base) && base > 0)) throw std::invalid_argument("base must be positive");
  MatrixXd table = MatrixXd::Zero(seq_len, d_model);
  const Index pairs = (d_model + 1) / 2;
  Index p = 0;
  while (p < seq_len) {
    Index k = 0;
    while (k < pairs) {
      const double rate = std::exp(-(2.0 * static_cast<double>(k) / static_cast<double>(d_model)) * std::log(base));
      const double a = static_cast<double>(p) * rate;
      table(p, 2 * k) = std::sin(a);
      if (2 * k + 1 < d_model) table(p, 2 * k + 1) = std::cos(a);
      ++k;
    }
    ++p;
  }
  return table;
}

}  // namespace course
