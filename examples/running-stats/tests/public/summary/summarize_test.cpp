// Exercise summarize: a list's summary, worked out by hand, and its error.
#include <cmath>

#include "grader/authoring/testing.hpp"
#include "summary/bridge/proxy.hpp"

namespace {

constexpr course_testing::Tolerance kTol{1e-12, 1e-12};

TEST(Summarize, ThreeValues) {
  const course::Summary got = student::summarize({1.0, 2.0, 3.0});
  EXPECT_SAME(got.count, 3);
  EXPECT_VALUE_NEAR(got.mean, 2.0, kTol);
  // The variance is 2/3; the standard deviation its square root.
  EXPECT_VALUE_NEAR(got.stddev, std::sqrt(2.0 / 3.0), kTol);
}

TEST(Summarize, RejectsAnEmptyList) { EXPECT_INVALID_ARGUMENT(student::summarize({}), "values"); }

}  // namespace
