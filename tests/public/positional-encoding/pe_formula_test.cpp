// Public tests of exercise pe-formula: positional_encoding(seq_len, d_model, base).
// Run them with `build/bin/grader check positional-encoding`.
#include <cmath>
#include <limits>
#include <string>

#include "common/tensor_testing.hpp"
#include "pe_checks.hpp"
#include "positional-encoding/bridge/proxy.hpp"
#include "positional-encoding/positional_encoding.hpp"

using pe_checks::call_text;

// The values below are sines and cosines of angles under 5 radians, computed
// two ways (10^i by hand versus the formula): they agree to about 1e-16. The
// course's double tolerance (lessons/common/tensor_testing.hpp: 1e-12 + 1e-12 * |expected|)
// leaves room for any correct double computation and rejects every wrong one:
// a wrong formula misses by far more, and even a float computation of the right
// formula by about 3e-8.
constexpr course_testing::Tolerance kTol = course_testing::kDoubleTol;

// The README's pitfalls, as failures name them.
const char* const kSwapped = "sin and cos are swapped: the sine goes in the even column, the cosine in the odd one.";
const char* const kIntegerDivision =
    "integer division in the exponent: i / d_model is 0, so every pair turns at 1 radian per position. Divide as "
    "double: static_cast<double>(i) / static_cast<double>(d_model).";
const char* const kPairIndex = pe_checks::kPairIndexNotDoubled;

TEST(PeFormula, ShapeIsSeqLenByDModel) {
  EXPECT_ENCODING_SHAPE("positional_encoding(5, 8)", student::positional_encoding(5, 8), 5, 8);
  // An odd width keeps all its columns: the last one is a sine without a partner.
  EXPECT_ENCODING_SHAPE("positional_encoding(3, 5)", student::positional_encoding(3, 5), 3, 5);
  EXPECT_ENCODING_SHAPE("positional_encoding(1, 1)", student::positional_encoding(1, 1), 1, 1);
  // No positions is a valid request: an empty (0, 4) matrix. No width is too
  // (the header asks d_model >= 0): three positions of nothing, (3, 0).
  EXPECT_ENCODING_SHAPE("positional_encoding(0, 4)", student::positional_encoding(0, 4), 0, 4);
  EXPECT_ENCODING_SHAPE("positional_encoding(3, 0)", student::positional_encoding(3, 0), 3, 0);
}

TEST(PeFormula, FirstRowAlternatesZeroAndOne) {
  // At position 0 every angle is 0: sin 0 = 0 in even columns, cos 0 = 1 in odd ones.
  for (course::Index d_model : {8, 5}) {
    const std::string call = call_text("positional_encoding", 1, d_model);
    const course::MatrixXd pe = student::positional_encoding(1, d_model);
    ASSERT_ENCODING_SHAPE(call, pe, 1, d_model);
    course::MatrixXd want(1, d_model);
    for (course::Index c = 0; c < d_model; ++c) want(0, c) = c % 2 == 0 ? 0.0 : 1.0;
    EXPECT_ENCODING_NEAR_EXPLAINED(
        call, pe, want, "0, 1, 0, 1, ...", kTol.atol,
        course_testing::Mistakes{course_testing::mistake(pe_checks::kPositionsFromOne,
                                                         pe_checks::from_position_one(1, d_model))});
  }
}

TEST(PeFormula, KnownValuesAtPositionOne) {
  // With d_model = 8 the pair frequencies are 1 / 10000^(2i/8) = 1, 1/10, 1/100, 1/1000.
  const course::MatrixXd pe = student::positional_encoding(5, 8);
  ASSERT_ENCODING_SHAPE("positional_encoding(5, 8)", pe, 5, 8);
  EXPECT_CHECK(course_testing::value_near(course_testing::subject() + " at (1, 0)", pe(1, 0), std::sin(1.0), kTol,
                                          {course_testing::mistake(kSwapped, std::cos(1.0))}))
      << "  PE(1, 0) = sin(1 / 10000^(0/8)) = sin(1)";
  EXPECT_CHECK(course_testing::value_near(course_testing::subject() + " at (1, 1)", pe(1, 1), std::cos(1.0), kTol,
                                          {course_testing::mistake(kSwapped, std::sin(1.0))}))
      << "  PE(1, 1) = cos(1): same angle as column 0, cosine";
  EXPECT_CHECK(course_testing::value_near(course_testing::subject() + " at (1, 2)", pe(1, 2), std::sin(0.1), kTol,
                                          {course_testing::mistake(kIntegerDivision, std::sin(1.0)),
                                           course_testing::mistake(kPairIndex, std::sin(1 / std::pow(10000.0, 1.0 / 8))),
                                           course_testing::mistake(kSwapped, std::cos(0.1))}))
      << "  PE(1, 2) = sin(1 / 10000^(2/8)) = sin(0.1)";
  EXPECT_CHECK(course_testing::value_near(course_testing::subject() + " at (1, 3)", pe(1, 3), std::cos(0.1), kTol))
      << "  PE(1, 3) = cos(0.1): columns 2 and 3 share a frequency";
  EXPECT_CHECK(course_testing::value_near(course_testing::subject() + " at (1, 6)", pe(1, 6), std::sin(0.001), kTol,
                                          {course_testing::mistake(kIntegerDivision, std::sin(1.0)),
                                           course_testing::mistake(kPairIndex, std::sin(1 / std::pow(10000.0, 3.0 / 8)))}))
      << "  PE(1, 6) = sin(1 / 10000^(6/8)) = sin(0.001)";
  EXPECT_CHECK(course_testing::value_near(course_testing::subject() + " at (3, 4)", pe(3, 4), std::sin(0.03), kTol))
      << "  PE(3, 4) = sin(3 / 10000^(4/8)) = sin(0.03)";
}

TEST(PeFormula, MatchesHandComputedTable) {
  const course::MatrixXd pe = student::positional_encoding(5, 8);
  EXPECT_ENCODING_NEAR("positional_encoding(5, 8)", pe, pe_checks::hand_computed_width8(5),
                       "sin/cos(pos / 10^i) computed by hand", kTol.atol);
}

TEST(PeFormula, WidthsOneAndTwoHoldTheFirstPair) {
  // The narrowest widths: pair 0 turns at 1 radian per position, so width 2 is
  // sin(pos), cos(pos) and width 1 its sine alone (the lone sine of an odd width).
  for (course::Index d_model : {1, 2}) {
    const std::string call = call_text("positional_encoding", 3, d_model);
    const course::MatrixXd pe = student::positional_encoding(3, d_model);
    ASSERT_ENCODING_SHAPE(call, pe, 3, d_model);
    course::MatrixXd want(3, d_model);
    for (course::Index pos = 0; pos < 3; ++pos) {
      want(pos, 0) = std::sin(static_cast<double>(pos));
      if (d_model == 2) want(pos, 1) = std::cos(static_cast<double>(pos));
    }
    EXPECT_ENCODING_NEAR(call, pe, want, "sin(pos), then cos(pos) at width 2", kTol.atol);
  }
}

TEST(PeFormula, PairsHoldAtEveryPosition) {
  // Far down a long sequence too (rows 0 to 69): every pair is sin/cos(pos / 10^i)
  // at every position, however the positions after the first are computed
  // (directly, or from earlier ones by angle addition). Angles reach 69 radians,
  // so the tolerance admits the rounding of the angle itself (values_tolerance).
  const course::MatrixXd pe = student::positional_encoding(70, 8);
  EXPECT_ENCODING_NEAR("positional_encoding(70, 8)", pe, pe_checks::hand_computed_width8(70),
                       "sin/cos(pos / 10^i) computed by hand", pe_checks::values_tolerance(70));
}

TEST(PeFormula, OddWidthEndsWithASine) {
  // positional_encoding(3, 5): pairs (0, 1) and (2, 3) as usual, then column 4
  // alone, the sine of pos / 10000^(4/5). Row 0 is 0 there, so look at rows 1, 2.
  pe_checks::explain_a_cosine_past_the_end();
  const course::MatrixXd pe = student::positional_encoding(3, 5);
  ASSERT_ENCODING_SHAPE("positional_encoding(3, 5)", pe, 3, 5);
  EXPECT_ENCODING_NEAR("positional_encoding(3, 5)", pe, pe_checks::hand_computed_3x5(),
                       "sin/cos(pos / 10^(1.6 k)), column 4 a sine", kTol.atol);
}

TEST(PeFormula, UsesTheBaseArgument) {
  // base 100, d_model 4: pair 1 turns at 1 / 100^(2/4) = 1/10 radian per position.
  const course::MatrixXd pe = student::positional_encoding(3, 4, 100.0);
  ASSERT_ENCODING_SHAPE("positional_encoding(3, 4, 100)", pe, 3, 4);
  EXPECT_CHECK(course_testing::value_near(course_testing::subject() + " at (2, 2)", pe(2, 2), std::sin(0.2), kTol))
      << "  PE(2, 2) = sin(2 / 100^(2/4)) = sin(0.2)";
  EXPECT_CHECK(course_testing::value_near(course_testing::subject() + " at (2, 3)", pe(2, 3), std::cos(0.2), kTol))
      << "  PE(2, 3) = cos(0.2)";
}

TEST(PeFormula, AcceptsABaseBelowOne) {
  // The header asks only base > 0. At base 0.25 and d_model 4, pair 1 turns at
  // 1 / 0.25^(2/4) = 2 radians per position: PE(1, 2) = sin(2), PE(1, 3) = cos(2).
  const course::MatrixXd pe = student::positional_encoding(2, 4, 0.25);
  ASSERT_ENCODING_SHAPE("positional_encoding(2, 4, 0.25)", pe, 2, 4);
  EXPECT_CHECK(course_testing::value_near(course_testing::subject() + " at (1, 2)", pe(1, 2), std::sin(2.0), kTol))
      << "  PE(1, 2) = sin(1 / 0.25^(2/4)) = sin(2)";
  EXPECT_CHECK(course_testing::value_near(course_testing::subject() + " at (1, 3)", pe(1, 3), std::cos(2.0), kTol))
      << "  PE(1, 3) = cos(2)";
}

TEST(PeFormula, OddWidthLastSineHoldsAtEveryPosition) {
  // The lone last sine of an odd width, far down a long sequence too (rows 0
  // to 69): column 6 of width 7 is sin(pos / 10000^(6/7)).
  pe_checks::explain_a_cosine_past_the_end();
  const course::MatrixXd pe = student::positional_encoding(70, 7);
  ASSERT_ENCODING_SHAPE("positional_encoding(70, 7)", pe, 70, 7);
  const double turn = std::pow(10000.0, -6.0 / 7.0);
  for (course::Index row = 69; row >= 0; --row) {
    const double want = std::sin(turn * static_cast<double>(row));
    const std::string where = course_testing::subject() + " at (" + std::to_string(row) + ", 6)";
    if (!course_testing::value_near(where, pe(row, 6), want, kTol)) {
      EXPECT_CHECK(course_testing::value_near(where, pe(row, 6), want, kTol)) << "  the last column is sin(pos / 10000^(6/7))";
      break;
    }
  }
}

TEST(PeFormula, RejectsBadArguments) {
  EXPECT_INVALID_ARGUMENT(student::positional_encoding(-1, 8), "seq_len");
  EXPECT_INVALID_ARGUMENT(student::positional_encoding(5, -2), "d_model");
  EXPECT_INVALID_ARGUMENT(student::positional_encoding(5, 8, 0.0), "base");
  EXPECT_INVALID_ARGUMENT(student::positional_encoding(5, 8, -10.0), "base");
}

TEST(PeFormula, RejectsNonFiniteBase) {
  // NaN compares false with everything: `base <= 0` alone lets it through.
  EXPECT_INVALID_ARGUMENT(student::positional_encoding(5, 8, std::numeric_limits<double>::quiet_NaN()), "base");
  EXPECT_INVALID_ARGUMENT(student::positional_encoding(5, 8, std::numeric_limits<double>::infinity()), "base");
}
