// Variant: whole columns at once with Eigen array operations.
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
  if (seq_len == 0 || d_model == 0) return pe;
  const Index pairs = (d_model + 1) / 2;
  // frequencies: (pairs), positions: (seq_len), angles: (seq_len, pairs)
  const Eigen::ArrayXd two_i = 2.0 * Eigen::ArrayXd::LinSpaced(pairs, 0.0, static_cast<double>(pairs - 1));
  const Eigen::ArrayXd frequencies = (-two_i * (std::log(base) / static_cast<double>(d_model))).exp();
  const Eigen::ArrayXd positions = Eigen::ArrayXd::LinSpaced(seq_len, 0.0, static_cast<double>(seq_len - 1));
  const Eigen::ArrayXXd angles = (positions.matrix() * frequencies.matrix().transpose()).array();
  for (Index k = 0; k < pairs; ++k) {
    pe.col(2 * k) = angles.col(k).sin().matrix();
    if (2 * k + 1 < d_model) pe.col(2 * k + 1) = angles.col(k).cos().matrix();
  }
  return pe;
}

}  // namespace course
