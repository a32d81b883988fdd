// Exercise summarize, hidden: a spread that is not below 1, against the reference.
#include "grader/authoring/testing.hpp"
#include "summary/bridge/proxy.hpp"

namespace {

constexpr course_testing::Tolerance kTol{1e-12, 1e-12};

TEST(SummarizeHidden, TwoValuesFarApart) {
  const std::vector<double> values = {0.0, 4.0};
  const course::Summary got = student::summarize(values);
  const course::Summary want = ref::summarize(values);
  EXPECT_VALUE_NEAR(got.mean, want.mean, kTol);
  EXPECT_VALUE_NEAR(got.stddev, want.stddev, kTol);
}

}  // namespace
