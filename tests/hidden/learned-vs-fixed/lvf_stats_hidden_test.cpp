// Exercise lvf-stats, hidden tests: position_stats against the reference on
// random and sinusoidal tables, the 0 / 0 case and the row check.
#include <cmath>
#include <random>

#include "common/tensor_testing.hpp"
#include "learned-vs-fixed/bridge/proxy.hpp"
#include "learned-vs-fixed/learned_vs_fixed.hpp"
#include "positional-encoding/positional_encoding.hpp"

namespace {

using course::Index;
using course::MatrixXd;

// Means of up to ~10^5 distances: summation order moves them by ~1e-13
// relative, inside the course's double rule (lessons/common/tensor_testing.hpp); every wrong
// formula is off by > 1e-3.
constexpr course_testing::Tolerance kTol = course_testing::kDoubleTol;

MatrixXd random_table(Index rows, Index cols, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  MatrixXd m(rows, cols);
  for (Index i = 0; i < m.size(); ++i) m.data()[i] = u(rng);
  return m;
}

void expect_same_stats(const MatrixXd& positions, const std::string& what) {
  const course::PositionStats got = student::position_stats(positions);
  const course::PositionStats want = ref::position_stats(positions);
  // The lesson's pitfalls, from the reference's values: squared distances, and
  // a mean over pairs that counts p == q (distance 0) once or every pair twice.
  const double n = static_cast<double>(positions.rows());
  EXPECT_CHECK(course_testing::value_near(
      course_testing::last_call() + ".min_distance", got.min_distance, want.min_distance, kTol,
      {course_testing::mistake("the distances are squared: take the square root (Euclidean distance).",
                               want.min_distance * want.min_distance)}))
      << "  (for " << what << ")";
  EXPECT_CHECK(course_testing::value_near(
      course_testing::last_call() + ".neighbour_ratio", got.neighbour_ratio, want.neighbour_ratio, kTol,
      {course_testing::mistake("the mean over pairs includes p == q, whose distance is 0: average over p < q only.",
                               want.neighbour_ratio * (n + 1) / (n - 1)),
       course_testing::mistake("the mean over pairs runs over every ordered pair (p, q), p == q included: average "
                               "over p < q only.",
                               want.neighbour_ratio * n / (n - 1))}))
      << "  (for " << what << ")";
}

TEST(LvfStatsHidden, MatchesReferenceOnRandomTables) {
  std::uint32_t seed = 1;
  for (auto [rows, cols] : {std::pair<Index, Index>{2, 3}, {3, 1}, {10, 4}, {57, 16}, {200, 2}})
    expect_same_stats(random_table(rows, cols, seed++), "<random " + course::shape_string({rows, cols}) + ">");
}

TEST(LvfStatsHidden, MatchesReferenceOnSinusoidalTables) {
  for (auto [len, width] : {std::pair<Index, Index>{16, 8}, {300, 4}, {128, 7}})
    expect_same_stats(ref::positional_encoding(len, width),
                      "positional_encoding(" + std::to_string(len) + ", " + std::to_string(width) + ")");
}

TEST(LvfStatsHidden, IdenticalRowsHaveNoRatio) {
  // Every row the same: min distance 0 and a mean distance of 0, so the ratio
  // is 0 / 0, NaN, as documented (no answer is better than an invented one).
  const course::PositionStats s = student::position_stats(MatrixXd::Constant(5, 3, 0.5));
  EXPECT_SAME(s.min_distance, 0.0);
  // Any number here answers 0 / 0: the code chose one instead of dividing.
  EXPECT_HOLDS(std::isnan(s.neighbour_ratio),
               course_testing::Text() << "position_stats(<5 identical rows>).neighbour_ratio: expected NaN, got "
                                      << s.neighbour_ratio << "\n"
                                      << grader::testing::likely_cause_line(
                                             "a ratio is made up when the mean distance is 0: min / mean is 0 / 0, "
                                             "NaN; divide and return what the division gives."));
}

TEST(LvfStatsHidden, RejectsFewerThanTwoRows) {
  EXPECT_INVALID_ARGUMENT(student::position_stats(MatrixXd::Zero(1, 4)), "positions");
  EXPECT_INVALID_ARGUMENT(student::position_stats(MatrixXd::Zero(0, 4)), "positions");
}

}  // namespace
