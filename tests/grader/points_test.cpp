// Points are whole thousandths: splits add up to exactly the exercise's
// points, deterministically, and sums print without float noise.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <numeric>
#include <vector>

#include "grader/runner/points.hpp"

namespace {

using namespace grader::runner;

std::int64_t milli_sum(const std::vector<double>& parts) {
  std::int64_t sum = 0;
  for (double p : parts) sum += to_milli(p);
  return sum;
}

TEST(Points, EvenSplitAddsUpExactlyWithTheRemainderFirst) {
  const auto parts = split_points(10, 3);
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[0], 3.334);
  EXPECT_EQ(parts[1], 3.333);
  EXPECT_EQ(parts[2], 3.333);
  EXPECT_EQ(milli_sum(parts), 10000);
  PointSum sum;
  for (double p : parts) sum += p;
  EXPECT_EQ(sum.value(), 10.0);
  EXPECT_EQ(split_points(10, 3), parts) << "the same split every time";
}

TEST(Points, EverySplitOfEveryTotalAddsUp) {
  for (double total : {0.0, 1.0, 5.0, 10.0, 15.0, 25.0, 2.5, 0.001})
    for (std::size_t n = 1; n <= 40; ++n) {
      const auto parts = split_points(total, n);
      EXPECT_EQ(milli_sum(parts), to_milli(total)) << total << " over " << n;
      for (double p : parts) EXPECT_EQ(p, exact_points(p));
    }
}

TEST(Points, WeightedSplitFollowsTheWeights) {
  const auto parts = split_points(25, std::vector<double>{2, 2, 3, 1, 0});
  EXPECT_EQ(milli_sum(parts), 25000);
  EXPECT_EQ(parts[0], 6.25);
  EXPECT_EQ(parts[2], 9.375);
  EXPECT_EQ(parts[3], 3.125);
  EXPECT_EQ(parts[4], 0.0);
  const auto thirds = split_points(25, std::vector<double>{1, 1, 1});
  EXPECT_EQ(milli_sum(thirds), 25000);
  EXPECT_EQ(thirds[0], 8.334);
}

TEST(Points, SumsPrintWithoutFloatNoise) {
  // 0.1 added 1700 times is 170.00000000000026 as doubles.
  PointSum sum;
  double naive = 0;
  for (int i = 0; i < 1700; ++i) {
    sum += 0.1;
    naive += 0.1;
  }
  EXPECT_NE(fmt::format("{}", naive), "170");
  EXPECT_EQ(fmt::format("{}", sum.value()), "170");
}

}  // namespace

namespace {

TEST(Points, TextHasAtMostThreeDecimalsAndNoTrailingZeros) {
  using grader::runner::points_text;
  EXPECT_EQ(points_text(170), "170");
  EXPECT_EQ(points_text(170.00000000000026), "170");
  EXPECT_EQ(points_text(8.3336), "8.334");
  EXPECT_EQ(points_text(2.5), "2.5");
  EXPECT_EQ(points_text(0.05), "0.05");
  EXPECT_EQ(points_text(-0.0001), "0");
  EXPECT_EQ(points_text(-1.25), "-1.25");
}

}  // namespace
