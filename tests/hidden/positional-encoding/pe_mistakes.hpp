// The positional encoding with one of the lesson's pitfalls (README
// "Pitfalls"), for the hidden suites' `likely cause:` lines: the ones that
// need the formula rather than the expected table (pe_checks::mistakes_from).
#pragma once

#include <cmath>
#include <functional>

#include "../../public/positional-encoding/pe_checks.hpp"
#include "common/tensor_testing.hpp"

namespace pe_mistakes {

using course::Index;
using course::MatrixXd;

/// (seq_len, d_model): column c holds sin (even c) or cos (odd c) of
/// (pos + first_pos) / base^exponent(c).
inline MatrixXd encoding_with(Index seq_len, Index d_model, double base, Index first_pos,
                              const std::function<double(Index)>& exponent) {
  MatrixXd pe(seq_len, d_model);
  for (Index pos = 0; pos < seq_len; ++pos)
    for (Index c = 0; c < d_model; ++c) {
      const double angle = static_cast<double>(pos + first_pos) / std::pow(base, exponent(c));
      pe(pos, c) = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
    }
  return pe;
}

inline course_testing::Mistakes formula_mistakes(Index seq_len, Index d_model, double base) {
  course_testing::Mistakes m;
  if (seq_len == 0 || d_model == 0) return m;
  const double d = static_cast<double>(d_model);
  auto pair_exponent = [d](Index c) { return static_cast<double>(c - c % 2) / d; };
  m.push_back(course_testing::mistake("positions are counted from 1: the first position is pos = 0.",
                                      encoding_with(seq_len, d_model, base, 1, pair_exponent)));
  m.push_back(course_testing::mistake(
      "the pair index k is used in the exponent instead of the even column index 2k: base^(2k / d_model).",
      encoding_with(seq_len, d_model, base, 0, [d](Index c) { return static_cast<double>(c / 2) / d; })));
  m.push_back(course_testing::mistake(
      "each column has its own frequency base^(c / d_model): a pair's sine and cosine share the even column's "
      "exponent 2k / d_model.",
      encoding_with(seq_len, d_model, base, 0, [d](Index c) { return static_cast<double>(c) / d; })));
  if (base != 10000.0)
    m.push_back(course_testing::mistake("the base argument is ignored: the encoding was computed with 10000.",
                                        encoding_with(seq_len, d_model, 10000.0, 0, pair_exponent)));
  return m;
}

}  // namespace pe_mistakes
