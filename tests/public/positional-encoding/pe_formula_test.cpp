// Public tests of exercise pe-formula: positional_encoding(seq_len, d_model, base).
// Run them with `build/bin/grader check positional-encoding`.
#include <cmath>
#include <limits>

#include "common/testing.hpp"
#include "pe_checks.hpp"
#include "positional-encoding/bridge/proxy.hpp"
#include "positional-encoding/positional_encoding.hpp"

using pe_checks::call_text;

// The values below are sines and cosines of angles under 5 radians, computed
// two ways (10^i by hand versus the formula): they agree to about 1e-16. The
// course's double tolerance (common/testing.hpp: 1e-12 + 1e-12 * |expected|)
// leaves room for any correct double computation and rejects every wrong one:
// a wrong formula misses by far more, and even a float computation of the right
// formula by about 3e-8.
constexpr course_testing::Tolerance kTol = course_testing::kDoubleTol;

TEST(PeFormula, ShapeIsSeqLenByDModel) {
  EXPECT_SHAPE("positional_encoding(5, 8)", student::positional_encoding(5, 8), 5, 8);
  // An odd width keeps all its columns: the last one is a sine without a partner.
  EXPECT_SHAPE("positional_encoding(3, 5)", student::positional_encoding(3, 5), 3, 5);
  EXPECT_SHAPE("positional_encoding(1, 1)", student::positional_encoding(1, 1), 1, 1);
  // No positions is a valid request: an empty (0, 4) matrix.
  EXPECT_SHAPE("positional_encoding(0, 4)", student::positional_encoding(0, 4), 0, 4);
}

TEST(PeFormula, FirstRowAlternatesZeroAndOne) {
  // At position 0 every angle is 0: sin 0 = 0 in even columns, cos 0 = 1 in odd ones.
  for (course::Index d_model : {8, 5}) {
    const std::string call = call_text("positional_encoding", 1, d_model);
    const course::MatrixXd pe = student::positional_encoding(1, d_model);
    ASSERT_SHAPE(call, pe, 1, d_model);
    course::MatrixXd want(1, d_model);
    for (course::Index c = 0; c < d_model; ++c) want(0, c) = c % 2 == 0 ? 0.0 : 1.0;
    EXPECT_ENCODING_NEAR(call, pe, want, "0, 1, 0, 1, ...", kTol.atol);
  }
}

TEST(PeFormula, KnownValuesAtPositionOne) {
  // With d_model = 8 the pair frequencies are 1 / 10000^(2i/8) = 1, 1/10, 1/100, 1/1000.
  const course::MatrixXd pe = student::positional_encoding(5, 8);
  ASSERT_SHAPE("positional_encoding(5, 8)", pe, 5, 8);
  EXPECT_VALUE_NEAR(pe(1, 0), std::sin(1.0), kTol) << "positional_encoding(5, 8): PE(1, 0) = sin(1 / 10000^(0/8)) = sin(1)";
  EXPECT_VALUE_NEAR(pe(1, 1), std::cos(1.0), kTol) << "positional_encoding(5, 8): PE(1, 1) = cos(1): same angle as column 0, cosine";
  EXPECT_VALUE_NEAR(pe(1, 2), std::sin(0.1), kTol) << "positional_encoding(5, 8): PE(1, 2) = sin(1 / 10000^(2/8)) = sin(0.1)";
  EXPECT_VALUE_NEAR(pe(1, 3), std::cos(0.1), kTol) << "positional_encoding(5, 8): PE(1, 3) = cos(0.1): columns 2 and 3 share a frequency";
  EXPECT_VALUE_NEAR(pe(1, 6), std::sin(0.001), kTol) << "positional_encoding(5, 8): PE(1, 6) = sin(1 / 10000^(6/8)) = sin(0.001)";
  EXPECT_VALUE_NEAR(pe(3, 4), std::sin(0.03), kTol) << "positional_encoding(5, 8): PE(3, 4) = sin(3 / 10000^(4/8)) = sin(0.03)";
}

TEST(PeFormula, MatchesHandComputedTable) {
  const course::MatrixXd pe = student::positional_encoding(5, 8);
  EXPECT_ENCODING_NEAR("positional_encoding(5, 8)", pe, pe_checks::hand_computed_width8(5),
                       "sin/cos(pos / 10^i) computed by hand", kTol.atol);
}

TEST(PeFormula, OddWidthEndsWithASine) {
  // positional_encoding(3, 5): pairs (0, 1) and (2, 3) as usual, then column 4
  // alone, the sine of pos / 10000^(4/5). Row 0 is 0 there, so look at rows 1, 2.
  const course::MatrixXd pe = student::positional_encoding(3, 5);
  ASSERT_SHAPE("positional_encoding(3, 5)", pe, 3, 5);
  EXPECT_ENCODING_NEAR("positional_encoding(3, 5)", pe, pe_checks::hand_computed_3x5(),
                       "sin/cos(pos / 10^(1.6 k)), column 4 a sine", kTol.atol);
}

TEST(PeFormula, UsesTheBaseArgument) {
  // base 100, d_model 4: pair 1 turns at 1 / 100^(2/4) = 1/10 radian per position.
  const course::MatrixXd pe = student::positional_encoding(3, 4, 100.0);
  ASSERT_SHAPE("positional_encoding(3, 4, 100)", pe, 3, 4);
  EXPECT_VALUE_NEAR(pe(2, 2), std::sin(0.2), kTol) << "positional_encoding(3, 4, 100): PE(2, 2) = sin(2 / 100^(2/4)) = sin(0.2)";
  EXPECT_VALUE_NEAR(pe(2, 3), std::cos(0.2), kTol) << "positional_encoding(3, 4, 100): PE(2, 3) = cos(0.2)";
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
