// Exercise running-stats: the accumulator's results, its state across
// calls, and its errors. Values are worked out by hand in each test.
#include <cmath>
#include <limits>
#include <stdexcept>

#include "accumulator/bridge/proxy.hpp"
#include "grader/authoring/testing.hpp"

namespace {

// Welford's update agrees with the exact mean and variance to a few ulps.
constexpr course_testing::Tolerance kTol{1e-12, 1e-12};

TEST(RunningStats, MeanAndVarianceOfThreeValues) {
  student::RunningStats stats;
  for (double x : {1.0, 2.0, 3.0}) stats.add(x);
  EXPECT_SAME(stats.count(), 3);
  EXPECT_VALUE_NEAR(stats.mean(), 2.0, kTol);
  // Squared distances 1, 0, 1 from the mean 2, over 3 values (a population variance).
  EXPECT_VALUE_NEAR(stats.variance(), 2.0 / 3.0, kTol);
}

TEST(RunningStats, StateLivesAcrossCalls) {
  student::RunningStats stats;
  stats.add(2.0);
  EXPECT_VALUE_NEAR(stats.mean(), 2.0, kTol);
  EXPECT_VALUE_NEAR(stats.variance(), 0.0, kTol);
  stats.add(4.0);
  EXPECT_SAME(stats.count(), 2);
  EXPECT_VALUE_NEAR(stats.mean(), 3.0, kTol);
  EXPECT_VALUE_NEAR(stats.variance(), 1.0, kTol);
}

TEST(RunningStats, RejectsValuesThatAreNotFinite) {
  student::RunningStats stats;
  EXPECT_INVALID_ARGUMENT(stats.add(std::numeric_limits<double>::quiet_NaN()), "x");
  EXPECT_INVALID_ARGUMENT(stats.add(std::numeric_limits<double>::infinity()), "x");
  // A refused value is not counted.
  EXPECT_SAME(stats.count(), 0);
}

TEST(RunningStats, MeanBeforeAnyValueIsAnError) {
  student::RunningStats stats;
  try {
    const double got = stats.mean();
    EXPECT_HOLDS(false, "expected std::domain_error (no values yet), got " + std::to_string(got));
  } catch (const std::domain_error&) {
  }
}

}  // namespace
