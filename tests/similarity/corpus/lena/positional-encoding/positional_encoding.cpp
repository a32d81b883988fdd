#include "positional-encoding/positional_encoding.hpp"

#include <cmath>
#include <stdexcept>

namespace course {

namespace {

void check_arguments(Index seq_len, Index d_model, double base) {
  if (seq_len < 0) throw std::invalid_argument("seq_len must be >= 0");
  if (d_model < 0) throw std::invalid_argument("d_model must be >= 0");
  if (!(base > 0.0) || !std::isfinite(base)) throw std::invalid_argument("base must be > 0 and finite");
}

void fill_position(MatrixXd& pe, Index pos, Index d_model, double base) {
  for (Index col = 0; col < d_model; col += 2) {
    const double exponent = static_cast<double>(col) / static_cast<double>(d_model);
    const double angle = static_cast<double>(pos) / std::pow(base, exponent);
    pe(pos, col) = std::sin(angle);
    if (col + 1 < d_model) {
      pe(pos, col + 1) = std::cos(angle);
    }
  }
}

}  // namespace

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  check_arguments(seq_len, d_model, base);
  MatrixXd pe(seq_len, d_model);
  for (Index pos = 0; pos < seq_len; ++pos) fill_position(pe, pos, d_model, base);
  return pe;
}

}  // namespace course
