// Public tests of exercise pe-repair: the repaired positional_encoding_loop must
// return what positional_encoding returns with the default base.
// Run them with `build/bin/grader check positional-encoding`.
#include "common/tensor_testing.hpp"
#include "pe_checks.hpp"
#include "positional-encoding/bridge/proxy.hpp"
#include "positional-encoding/positional_encoding.hpp"

// Same reasoning as in pe_formula_test.cpp: angles under 5 radians, so two
// correct double computations agree to about 1e-16, well inside the course's
// double tolerance (lessons/common/tensor_testing.hpp).
constexpr course_testing::Tolerance kTol = course_testing::kDoubleTol;

TEST(PeRepair, ShapeAtFiveByEight) {
  EXPECT_ENCODING_SHAPE("positional_encoding_loop(5, 8)", student::positional_encoding_loop(5, 8), 5, 8);
}

TEST(PeRepair, ValuesAtFiveByEight) {
  const course::MatrixXd pe = student::positional_encoding_loop(5, 8);
  EXPECT_ENCODING_NEAR("positional_encoding_loop(5, 8)", pe, pe_checks::hand_computed_width8(5),
                       "sin/cos(pos / 10^i) computed by hand", kTol.atol);
}

TEST(PeRepair, OddWidthKeepsItsLastSine) {
  // The loop bound and the width are one bug: positional_encoding_loop(3, 5)
  // has 5 columns, and column 4 is the sine of pos / 10000^(4/5).
  pe_checks::explain_a_cosine_past_the_end();
  const course::MatrixXd pe = student::positional_encoding_loop(3, 5);
  ASSERT_ENCODING_SHAPE("positional_encoding_loop(3, 5)", pe, 3, 5);
  EXPECT_ENCODING_NEAR("positional_encoding_loop(3, 5)", pe, pe_checks::hand_computed_3x5(),
                       "sin/cos(pos / 10^(1.6 k)), column 4 a sine", kTol.atol);
}

TEST(PeRepair, EmptySizesAreAllowed) {
  EXPECT_ENCODING_SHAPE("positional_encoding_loop(0, 4)", student::positional_encoding_loop(0, 4), 0, 4);
  EXPECT_ENCODING_SHAPE("positional_encoding_loop(3, 0)", student::positional_encoding_loop(3, 0), 3, 0);
}

TEST(PeRepair, RejectsNegativeSeqLen) {
  EXPECT_INVALID_ARGUMENT(student::positional_encoding_loop(-1, 8), "seq_len");
}

TEST(PeRepair, RejectsNegativeDModel) {
  EXPECT_INVALID_ARGUMENT(student::positional_encoding_loop(5, -2), "d_model");
}
