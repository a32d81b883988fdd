// pe-formula: frequencies first, then every position.
#include "positional-encoding/positional_encoding.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

namespace course {

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  if (seq_len < 0) throw std::invalid_argument("positional_encoding: seq_len < 0");
  if (d_model < 0) throw std::invalid_argument("positional_encoding: d_model < 0");
  if (!std::isfinite(base) || base <= 0.0) throw std::invalid_argument("positional_encoding: base <= 0");

  std::vector<double> inv_freq;
  for (Index i = 0; i < d_model; i += 2) {
    double power = double(i) / double(d_model);
    inv_freq.push_back(1.0 / std::pow(base, power));
  }

  MatrixXd enc(seq_len, d_model);
  for (Index p = 0; p < seq_len; ++p) {
    Index column = 0;
    for (double f : inv_freq) {
      double x = double(p) * f;
      enc(p, column) = std::sin(x);
      if (column + 1 < d_model) enc(p, column + 1) = std::cos(x);
      column += 2;
    }
  }
  return enc;
}

}  // namespace course
