// Exercise running-stats, hidden: a long stream against the reference, and
// infinity of either sign.
#include <cmath>
#include <limits>

#include "accumulator/bridge/proxy.hpp"
#include "grader/authoring/testing.hpp"

namespace {

constexpr course_testing::Tolerance kTol{1e-9, 1e-9};

TEST(RunningStatsHidden, LongStreamMatchesTheReference) {
  student::RunningStats stats;
  ref::RunningStats want;
  for (int i = 0; i < 200; ++i) {
    const double x = 1e6 + std::sin(0.37 * i) * 10.0;
    stats.add(x);
    want.add(x);
  }
  EXPECT_VALUE_NEAR(stats.mean(), want.mean(), kTol);
  EXPECT_VALUE_NEAR(stats.variance(), want.variance(), kTol);
}

TEST(RunningStatsHidden, RejectsNegativeInfinity) {
  student::RunningStats stats;
  stats.add(1.0);
  EXPECT_INVALID_ARGUMENT(stats.add(-std::numeric_limits<double>::infinity()), "x");
  EXPECT_VALUE_NEAR(stats.mean(), 1.0, kTol);
}

}  // namespace
