// Broken on purpose (grader integration test): prints the shape it builds to
// std::cerr, as the lesson suggests while debugging, and puts the cosine in
// the even columns and the sine in the odd ones. Shapes and argument checks are right, so only the
// tests that look at values may fail.
#include "positional-encoding/positional_encoding.hpp"

#include <cmath>
#include <iostream>
#include <stdexcept>
#include <string>

namespace course {

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  if (seq_len < 0) throw std::invalid_argument("seq_len must be >= 0, got " + std::to_string(seq_len));
  if (d_model < 0) throw std::invalid_argument("d_model must be >= 0, got " + std::to_string(d_model));
  if (!std::isfinite(base) || base <= 0.0) throw std::invalid_argument("base must be a positive finite number");
  MatrixXd pe(seq_len, d_model);
  std::cerr << "pe: (" << pe.rows() << ", " << pe.cols() << ")\n";
  for (Index pos = 0; pos < seq_len; ++pos) {
    for (Index i = 0; i < d_model; i += 2) {
      const double angle = static_cast<double>(pos) / std::pow(base, static_cast<double>(i) / static_cast<double>(d_model));
      pe(pos, i) = std::cos(angle);
      if (i + 1 < d_model) pe(pos, i + 1) = std::sin(angle);
    }
  }
  return pe;
}

}  // namespace course
