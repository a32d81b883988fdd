#include "positional-encoding/positional_encoding.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

namespace course {

MatrixXd positional_encoding(Index n, Index width, double b) {
  if (!std::isfinite(b) || b <= 0.0) throw std::invalid_argument("base has to be positive");
  if (width < 0) throw std::invalid_argument("width (d_model) has to be >= 0");
  if (n < 0) throw std::invalid_argument("length (seq_len) has to be >= 0");

  MatrixXd m(n, width);
  std::vector<double> scale;
  for (Index d = 0; d < width; d = d + 2) {
    double e = double(d) / double(width);
    scale.push_back(1.0 / std::pow(b, e));
  }

  for (Index row = 0; row < n; row++) {
    Index at = 0;
    for (double s : scale) {
      double theta = double(row) * s;
      m(row, at) = std::sin(theta);
      if (at + 1 < width) m(row, at + 1) = std::cos(theta);
      at = at + 2;
    }
  }
  return m;
}

}  // namespace course
