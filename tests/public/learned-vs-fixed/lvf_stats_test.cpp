// Public tests of exercise lvf-stats: position_stats(positions).
// Run them with `build/bin/grader check learned-vs-fixed`.
#include <cmath>

#include "common/tensor_testing.hpp"
#include "learned-vs-fixed/bridge/proxy.hpp"

namespace {

using course::MatrixXd;

// The course's tolerance for double results (lessons/common/tensor_testing.hpp): sums of
// square roots in another order agree to about 1e-15 here.
constexpr course_testing::Tolerance kTol = course_testing::kDoubleTol;

TEST(LvfStats, ThreePointsOnALine) {
  // (0, 0), (3, 4), (6, 8): neighbours 5 and 5 apart, the ends 10.
  MatrixXd p(3, 2);
  p << 0, 0,  //
      3, 4,   //
      6, 8;
  const course::PositionStats s = student::position_stats(p);
  EXPECT_VALUE_NEAR(s.min_distance, 5.0, kTol) << "position_stats: smallest distance, between neighbours";
  // neighbours: (5 + 5) / 2 = 5; all pairs: (5 + 10 + 5) / 3 = 20 / 3
  EXPECT_VALUE_NEAR(s.neighbour_ratio, 0.75, kTol) << "position_stats: neighbour_ratio = 5 / (20 / 3)";
}

TEST(LvfStats, IdenticalRowsHaveNoRatio) {
  // Every row the same: every distance is 0, and the ratio is 0 / 0 = NaN (the header), not a made-up 1.
  const course::PositionStats s = student::position_stats(MatrixXd::Constant(3, 2, 0.5));
  EXPECT_VALUE_NEAR(s.min_distance, 0.0, kTol);
  EXPECT_HOLDS(std::isnan(s.neighbour_ratio), course_testing::Text()
                                                  << "three identical rows: expected NaN for neighbour_ratio (0 / 0), got "
                                                  << s.neighbour_ratio);
}

TEST(LvfStats, TwoPositionsHaveRatioOne) {
  MatrixXd p(2, 2);
  p << 1, 2,  //
      4, 6;
  const course::PositionStats s = student::position_stats(p);
  EXPECT_VALUE_NEAR(s.min_distance, 5.0, kTol);
  EXPECT_VALUE_NEAR(s.neighbour_ratio, 1.0, kTol) << "two positions: the only pair is also the only neighbour pair";
}

TEST(LvfStats, ShufflingTheRowsChangesOnlyTheRatio) {
  // Points 0, 1, 2, 3 on a line: neighbours 1 apart, all pairs 10 / 6 on average.
  MatrixXd ordered(4, 1), shuffled(4, 1);
  ordered << 0, 1, 2, 3;
  shuffled << 0, 2, 1, 3;
  const course::PositionStats a = student::position_stats(ordered), b = student::position_stats(shuffled);
  EXPECT_VALUE_NEAR(a.min_distance, 1.0, kTol);
  EXPECT_VALUE_NEAR(b.min_distance, 1.0, kTol);
  EXPECT_VALUE_NEAR(a.neighbour_ratio, 0.6, kTol) << "rows 0, 1, 2, 3: neighbours 1, 1, 1 over the mean 10 / 6";
  EXPECT_VALUE_NEAR(b.neighbour_ratio, 1.0, kTol) << "rows 0, 2, 1, 3: neighbours 2, 1, 2 over the mean 10 / 6";
}

TEST(LvfStats, RepeatedRowGivesZeroMinimum) {
  MatrixXd p(3, 2);
  p << 1, 1,  //
      2, 2,   //
      1, 1;
  EXPECT_SAME(student::position_stats(p).min_distance, 0.0) << "rows 0 and 2 are the same code";
}

TEST(LvfStats, RejectsFewerThanTwoRows) {
  EXPECT_INVALID_ARGUMENT(student::position_stats(MatrixXd::Zero(1, 16)), "positions");
}

}  // namespace

// The header's contract, sentence by sentence: every row counted (the last
// included), identical rows give NaN, and fewer than 2 rows refused.
namespace {

TEST(LvfStats, TheLastRowCountsLikeAnyOther) {
  // Points 0, 4, 9, 10 on a line: the closest pair is the last two (1 apart).
  // Neighbours 4, 5, 1 (mean 10 / 3); pairs 4, 9, 10, 5, 6, 1 (mean 35 / 6).
  MatrixXd p(4, 1);
  p << 0, 4, 9, 10;
  const course::PositionStats s = student::position_stats(p);
  EXPECT_VALUE_NEAR(s.min_distance, 1.0, kTol) << "position_stats: rows 2 and 3 are 1 apart";
  EXPECT_VALUE_NEAR(s.neighbour_ratio, (10.0 / 3.0) / (35.0 / 6.0), kTol) << "position_stats: (10 / 3) / (35 / 6)";
}

TEST(LvfStats, EveryRowTheSameGivesNaN) {
  const course::PositionStats s = student::position_stats(MatrixXd::Constant(3, 2, 0.5));
  EXPECT_SAME(s.min_distance, 0.0);
  EXPECT_HOLDS(std::isnan(s.neighbour_ratio), course_testing::Text() << "every row the same: expected NaN (0 / 0) for neighbour_ratio, got " << s.neighbour_ratio);
}

TEST(LvfStats, FewerThanTwoRowsIncludingNone) {
  EXPECT_INVALID_ARGUMENT(student::position_stats(MatrixXd::Zero(1, 16)), "positions");
  EXPECT_INVALID_ARGUMENT(student::position_stats(MatrixXd::Zero(0, 3)), "positions");
}

}  // namespace
