#include "positional-encoding/positional_encoding.hpp"

#include <cmath>
#include <stdexcept>

namespace course {

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  if (seq_len < 0 || d_model < 0) {
    throw std::invalid_argument(seq_len < 0 ? "seq_len is negative" : "d_model is negative");
  }
  if (!(std::isfinite(base) && base > 0)) throw std::invalid_argument("base must be a positive number");
  // angles = positions (column) times frequencies (row): an outer product
  const Eigen::VectorXd positions = Eigen::VectorXd::LinSpaced(seq_len, 0.0, static_cast<double>(seq_len - 1));
  Eigen::RowVectorXd freq(d_model);
  for (Index j = 0; j < d_model; ++j) freq(j) = std::pow(base, -static_cast<double>(j - j % 2) / static_cast<double>(d_model));
  const MatrixXd angles = positions * freq;
  MatrixXd out(seq_len, d_model);
  out = angles.array().sin().matrix();
  for (Index j = 1; j < d_model; j += 2) out.col(j) = angles.col(j).array().cos().matrix();
  return out;
}

}  // namespace course
