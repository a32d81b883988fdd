// Public tests of exercise pe-repair: the repaired positional_encoding_loop must
// return what positional_encoding returns with the default base.
// Run them with `build/bin/grader check positional-encoding`.
#include "common/testing.hpp"
#include "pe_checks.hpp"
#include "positional-encoding/bridge/proxy.hpp"
#include "positional-encoding/positional_encoding.hpp"

// Same reasoning as in pe_formula_test.cpp: angles under 5 radians, so two
// correct double computations agree to about 1e-16.
constexpr double kTolerance = 1e-12;

TEST(PeRepair, ShapeAtFiveByEight) {
  EXPECT_SHAPE("positional_encoding_loop(5, 8)", student::positional_encoding_loop(5, 8), 5, 8);
}

TEST(PeRepair, ValuesAtFiveByEight) {
  const course::MatrixXd pe = student::positional_encoding_loop(5, 8);
  EXPECT_ENCODING_NEAR("positional_encoding_loop(5, 8)", pe, pe_checks::hand_computed_width8(5),
                       "sin/cos(pos / 10^i) computed by hand", kTolerance);
}
