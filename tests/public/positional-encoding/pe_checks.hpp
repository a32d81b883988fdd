// Checks shared by the positional-encoding suites (public and hidden). Their
// messages start with the call that produced the value, e.g.
//   positional_encoding_loop(5, 8): expected shape (5, 8), got (5, 7)
// because an expression like `view(pe)` tells a student nothing.
#pragma once

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "common/tensor_testing.hpp"

namespace pe_checks {

using course::Index;
using course::MatrixXd;

/// "positional_encoding(5, 8)"; the base is shown only when it is not the default.
inline std::string call_text(const std::string& function, Index seq_len, Index d_model, double base = 10000.0) {
  std::ostringstream s;
  s << function << "(" << seq_len << ", " << d_model;
  if (base != 10000.0) s << ", " << base;
  s << ")";
  return s.str();
}

/// The README's "positions counted from 1" cause, for the `likely cause:` line.
inline const char* const kPositionsFromOne =
    "positions counted from 1: row p holds position p + 1. The first position is pos = 0 (row 0 is 0, 1, 0, 1, ...).";

/// The README's "pair index in the exponent" cause (10000^(k / d_model) for pair k).
inline const char* const kPairIndexNotDoubled =
    "the pair index k is used in the exponent instead of the even column index 2k: pair k turns at "
    "1 / base^(2k / d_model) radians per position.";

/// Each column with a frequency of its own: the odd column of a pair uses its own index (2k + 1), not 2k.
inline const char* const kColumnOwnIndex =
    "each column has a frequency of its own (the exponent uses the column index c): the two columns of a pair "
    "share one, 1 / base^(2k / d_model), with 2k the even column's index.";

/// The README's odd-width pitfall when it stops the code instead of leaving a
/// zero column: a loop over pairs that always writes the cosine partner writes
/// column d_model, one past the end, and Eigen's index check stops it. Call it
/// first in a test of an odd width; it holds for the test's calls.
inline void explain_a_cosine_past_the_end() {
  course_testing::cause_if_eigen_stops(
      course::EigenCheck::element_outside_matrix,
      "an odd d_model ends with a sine that has no cosine partner: write column 2i+1 only when 2i+1 < d_model.");
}

/// The encoding of positions 1 .. seq_len instead of 0 .. seq_len - 1, by the
/// formula: PE(p, c) = sin or cos((p + 1) / base^((c - c % 2) / d_model)).
inline MatrixXd from_position_one(Index seq_len, Index d_model, double base = 10000.0) {
  MatrixXd pe(seq_len, d_model);
  for (Index p = 0; p < seq_len; ++p)
    for (Index c = 0; c < d_model; ++c) {
      const double angle =
          static_cast<double>(p + 1) / std::pow(base, static_cast<double>(c - c % 2) / static_cast<double>(d_model));
      pe(p, c) = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
    }
  return pe;
}

/// The frequency of each column pair k of a correct table `want` (radians per
/// position), read back from row 1, position 1: its angle is at most 1 radian,
/// so atan2 (and asin for the lone sine of an odd width) give it back.
inline std::vector<double> pair_frequencies(const MatrixXd& want) {
  const Index width = want.cols();
  std::vector<double> w;
  for (Index even = 0; even < width; even += 2)
    w.push_back(even + 1 < width ? std::atan2(want(1, even), want(1, even + 1)) : std::asin(want(1, even)));
  return w;
}

/// A table of the lesson's form (sine in even columns, cosine in odd ones)
/// whose column c turns at frequency(c) radians per position, for positions
/// first .. first + rows - 1: the shape of several pitfalls.
template <typename Frequency>
MatrixXd table_of(Index rows, Index width, Frequency frequency, Index first = 0) {
  MatrixXd pe(rows, width);
  for (Index c = 0; c < width; ++c)
    for (Index p = 0; p < rows; ++p) {
      const double angle = static_cast<double>(first + p) * frequency(c);
      pe(p, c) = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
    }
  return pe;
}

/// The README's pitfalls that can be told from the expected table alone
/// (want: (seq_len, d_model)), for the `likely cause:` line of a failure.
inline course_testing::Mistakes mistakes_from(const MatrixXd& want) {
  course_testing::Mistakes m;
  const Index rows = want.rows(), width = want.cols();
  if (rows == 0 || width == 0) return m;
  m.push_back(course_testing::shape_mistake(
      "the result has d_model - 1 columns: allocate (seq_len, d_model), and keep the odd-width case (the last column "
      "is a sine).",
      {rows, width - 1}));
  if (width >= 3) {
    MatrixXd same_pair = want;  // every pair turning like pair 0: the exponent is always 0
    for (Index c = 2; c < width; ++c) same_pair.col(c) = want.col(c % 2);
    m.push_back(course_testing::mistake(
        "every pair turns like columns 0 and 1: integer division in the exponent (i / d_model is 0). Divide as "
        "double: static_cast<double>(i) / static_cast<double>(d_model).",
        same_pair));
  }
  if (width >= 2) {
    MatrixXd swapped = want;
    for (Index c = 0; c + 1 < width; c += 2) swapped.col(c).swap(swapped.col(c + 1));
    // An odd width's last column then holds the cosine of its angle (under
    // pi / 2 at the positions the tests use, so the positive root).
    if (width % 2 == 1)
      swapped.col(width - 1) = (1.0 - want.col(width - 1).array().square()).max(0.0).sqrt().matrix();
    m.push_back(course_testing::mistake("sin and cos are swapped: the sine goes in the even column, the cosine in the odd one.",
                                        swapped));
  }
  if (width % 2 == 1) {
    MatrixXd last_zero = want;
    last_zero.col(width - 1).setZero();
    m.push_back(course_testing::mistake(
        "the last column of an odd width is left at zero: write the sine always, the cosine only if i + 1 < d_model.",
        last_zero));
  }
  if (rows >= 2) {
    const std::vector<double> w = pair_frequencies(want);
    const auto of_pair = [&](Index c) { return w[static_cast<std::size_t>(c / 2)]; };
    m.push_back(course_testing::mistake_within(kPositionsFromOne, table_of(rows, width, of_pair, 1), 1e-9));
    // Pair k turns at base^(-2k / d_model): with k in the exponent instead of 2k, at its square root.
    if (width >= 3)
      m.push_back(course_testing::mistake_within(
          kPairIndexNotDoubled, table_of(rows, width, [&](Index c) { return std::sqrt(of_pair(c)); }), 1e-9));
    // Column c at base^(-c / d_model): an odd column a factor base^(-1 / d_model), the square root of pair 1's, slower.
    if (width >= 4)
      m.push_back(course_testing::mistake_within(
          kColumnOwnIndex,
          table_of(rows, width, [&](Index c) { return c % 2 == 0 ? of_pair(c) : of_pair(c) * std::sqrt(w[1]); }), 1e-9));
  }
  m.push_back(course_testing::mistake(
      "the encoding is multiplied by sqrt(d_model): that scale belongs to the token embeddings, not to the encoding.",
      MatrixXd(want * std::sqrt(static_cast<double>(width)))));
  // float has 7 significant digits: a float anywhere errs by about 1e-7 of the angle.
  m.push_back(course_testing::mistake_within(
      "the values are off by float rounding: use double for the frequency, the angle and sin/cos.",
      MatrixXd(want.cast<float>().cast<double>()), 2e-3));
  return m;
}

/// The course's comparison of an encoding, reported under the name of the call,
/// with the pitfalls above (and any `extra` ones) as likely causes.
struct NamedNear {
  std::string call;
  std::string expected;
  course_testing::Mistakes extra = {};
  ::testing::AssertionResult operator()(const char*, const char*, const char*, const char*, const MatrixXd& got,
                                        const MatrixXd& want, double atol, double rtol) const {
    course_testing::Mistakes mistakes = extra;
    for (auto& m : mistakes_from(want)) mistakes.push_back(std::move(m));
    return course_testing::near(call, got, want, course_testing::Tolerance{atol, rtol}, mistakes);
  }
};

/// Shape check reported under the name of the call:
/// "CALL: expected shape (R, C), got (r, c)".
struct ShapeIs {
  std::string call;
  ::testing::AssertionResult operator()(const char*, const char*, const char*, const MatrixXd& got, Index rows,
                                        Index cols) const {
    const auto minus_one = course_testing::shape_mistake(
        "the result has d_model - 1 columns: allocate (seq_len, d_model), and keep the odd-width case (the last "
        "column is a sine).",
        {rows, cols - 1});
    return course_testing::shape_is(call, {got.rows(), got.cols()}, {rows, cols}, {minus_one});
  }
};

/// The encoding with d_model = 8 and the default base, written the way one
/// would by hand: 10000^(2i/8) = 10^i exactly, so pair i turns at 1 / 10^i
/// radians per position. Independent of the reference's exp/log expression.
inline MatrixXd hand_computed_width8(Index seq_len) {
  MatrixXd pe(seq_len, 8);
  for (Index pos = 0; pos < seq_len; ++pos) {
    for (Index pair = 0; pair < 4; ++pair) {
      const double angle = static_cast<double>(pos) / std::pow(10.0, static_cast<double>(pair));
      pe(pos, 2 * pair) = std::sin(angle);
      pe(pos, 2 * pair + 1) = std::cos(angle);
    }
  }
  return pe;
}

/// positional_encoding(3, 5) by hand: the pairs turn at 1 / 10000^(2k/5) =
/// 1 / 10^(1.6 k) radians per position, and column 4, the last of an odd
/// width, is a sine with no cosine after it.
inline MatrixXd hand_computed_3x5() {
  MatrixXd pe(3, 5);
  for (Index pos = 0; pos < 3; ++pos) {
    for (Index pair = 0; pair < 3; ++pair) {
      const double angle = static_cast<double>(pos) / std::pow(10.0, 1.6 * static_cast<double>(pair));
      pe(pos, 2 * pair) = std::sin(angle);
      if (2 * pair + 1 < 5) pe(pos, 2 * pair + 1) = std::cos(angle);
    }
  }
  return pe;
}

/// Tolerance of a comparison between two correct double implementations, for
/// positions 0 .. seq_len - 1. Correct implementations differ in how they get
/// the frequency (pow, exp of a product, a rotation recurrence), so their
/// angles agree only to a few units in the last place of the angle itself, and
/// the angle grows up to seq_len - 1 radians. sin and cos have slope at most 1,
/// so the values differ by up to ~8 ulp of the largest angle (8 * 2.2e-16 *
/// (seq_len - 1): 1.8e-11 at 10,000 positions, 1e-14 at 50), plus the course's
/// double tolerance (lessons/common/tensor_testing.hpp: 1e-12 absolute) for the
/// rounding of sin/cos themselves and of the frequency. Any real bug (integer
/// division, a swapped sin/cos, float precision, a wrong base) errs by 1e-8 or
/// far more.
inline double values_tolerance(Index seq_len) {
  const double largest_angle = seq_len > 1 ? static_cast<double>(seq_len - 1) : 0.0;
  return course_testing::kDoubleTol.atol + 8.0 * 2.220446049250313e-16 * largest_angle;
}

}  // namespace pe_checks

/// EXPECT_ENCODING_SHAPE("positional_encoding_loop(5, 8)", pe, 5, 8) fails with
/// "positional_encoding_loop(5, 8): expected shape (5, 8), got (5, 7)".
#define EXPECT_ENCODING_SHAPE(call, got, rows, cols) EXPECT_PRED_FORMAT3((::pe_checks::ShapeIs{(call)}), got, rows, cols)
#define ASSERT_ENCODING_SHAPE(call, got, rows, cols) ASSERT_PRED_FORMAT3((::pe_checks::ShapeIs{(call)}), got, rows, cols)

/// EXPECT_TENSOR_NEAR with the call named in the message; `atol` is
/// course_testing::kDoubleTol.atol or values_tolerance(seq_len), the relative
/// part is always the course's double rtol:
///   EXPECT_ENCODING_NEAR("positional_encoding_loop(5, 8)", got, want, "the reference", kDoubleTol.atol);
#define EXPECT_ENCODING_NEAR(call, got, want, expected_text, atol)                        \
  EXPECT_PRED_FORMAT4((::pe_checks::NamedNear{(call), (expected_text)}), (got), (want), (atol), \
                      ::course_testing::kDoubleTol.rtol)
/// The same with further known mistakes (e.g. recomputed with a pitfall by a hidden suite).
#define EXPECT_ENCODING_NEAR_EXPLAINED(call, got, want, expected_text, atol, extra)                    \
  EXPECT_PRED_FORMAT4((::pe_checks::NamedNear{(call), (expected_text), (extra)}), (got), (want), (atol), \
                      ::course_testing::kDoubleTol.rtol)
