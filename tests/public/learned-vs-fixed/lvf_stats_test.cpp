// Public tests of exercise lvf-stats: position_stats(positions).
// Run them with `build/bin/grader check learned-vs-fixed`.
#include <cmath>

#include "common/testing.hpp"
#include "learned-vs-fixed/bridge/proxy.hpp"

namespace {

using course::MatrixXd;

// Sums of a few square roots of small integers: any order of summation is
// within 1e-15 of the exact values below; 1e-12 is a generous margin.
constexpr double kTolerance = 1e-12;

TEST(LvfStats, ThreePointsOnALine) {
  // (0, 0), (3, 4), (6, 8): neighbours 5 and 5 apart, the ends 10.
  MatrixXd p(3, 2);
  p << 0, 0,  //
      3, 4,   //
      6, 8;
  const course::PositionStats s = student::position_stats(p);
  EXPECT_NEAR(s.min_distance, 5.0, kTolerance) << "position_stats: smallest distance, between neighbours";
  // neighbours: (5 + 5) / 2 = 5; all pairs: (5 + 10 + 5) / 3 = 20 / 3
  EXPECT_NEAR(s.neighbour_ratio, 0.75, kTolerance) << "position_stats: neighbour_ratio = 5 / (20 / 3)";
}

TEST(LvfStats, TwoPositionsHaveRatioOne) {
  MatrixXd p(2, 2);
  p << 1, 2,  //
      4, 6;
  const course::PositionStats s = student::position_stats(p);
  EXPECT_NEAR(s.min_distance, 5.0, kTolerance);
  EXPECT_NEAR(s.neighbour_ratio, 1.0, kTolerance) << "two positions: the only pair is also the only neighbour pair";
}

TEST(LvfStats, ShufflingTheRowsChangesOnlyTheRatio) {
  // Points 0, 1, 2, 3 on a line: neighbours 1 apart, all pairs 10 / 6 on average.
  MatrixXd ordered(4, 1), shuffled(4, 1);
  ordered << 0, 1, 2, 3;
  shuffled << 0, 2, 1, 3;
  const course::PositionStats a = student::position_stats(ordered), b = student::position_stats(shuffled);
  EXPECT_NEAR(a.min_distance, 1.0, kTolerance);
  EXPECT_NEAR(b.min_distance, 1.0, kTolerance);
  EXPECT_NEAR(a.neighbour_ratio, 0.6, kTolerance) << "rows 0, 1, 2, 3: neighbours 1, 1, 1 over the mean 10 / 6";
  EXPECT_NEAR(b.neighbour_ratio, 1.0, kTolerance) << "rows 0, 2, 1, 3: neighbours 2, 1, 2 over the mean 10 / 6";
}

TEST(LvfStats, RepeatedRowGivesZeroMinimum) {
  MatrixXd p(3, 2);
  p << 1, 1,  //
      2, 2,   //
      1, 1;
  EXPECT_EQ(student::position_stats(p).min_distance, 0.0) << "rows 0 and 2 are the same code";
}

TEST(LvfStats, RejectsFewerThanTwoRows) {
  EXPECT_INVALID_ARGUMENT(student::position_stats(MatrixXd::Zero(1, 16)), "positions");
}

}  // namespace
