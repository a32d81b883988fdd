// Public tests of exercise lvf-lengths: length_experiment(lengths, d_model, table_len, seed).
// Run them with `build/bin/grader check learned-vs-fixed`.
#include <cmath>

#include "common/tensor_testing.hpp"
#include "learned-vs-fixed/bridge/proxy.hpp"

namespace {

using course::Index;

// The course's tolerance for double results (lessons/common/tensor_testing.hpp): sums of
// square roots in another order agree to about 1e-15 here.
constexpr course_testing::Tolerance kTol = course_testing::kDoubleTol;

// ||PE(p) - PE(p + 1)|| for width 16: pair i turns by w_i = 10000^(-2i/16)
// per step, and a (sin, cos) pair moved by w is sqrt(2 - 2 cos w) away.
double neighbour_distance_width16() {
  double sum = 0;
  for (int i = 0; i < 8; ++i) sum += 2.0 - 2.0 * std::cos(std::pow(10000.0, -2.0 * i / 16.0));
  return std::sqrt(sum);
}

// The sinusoidal encoding (base 10000) by its formula: column 2i is sin(p w_i), 2i + 1 is cos(p w_i).
course::MatrixXd sinusoidal(Index length, Index width) {
  course::MatrixXd pe(length, width);
  for (Index p = 0; p < length; ++p)
    for (Index c = 0; c < width; ++c) {
      const double angle = double(p) * std::pow(10000.0, -double(c - c % 2) / double(width));
      pe(p, c) = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
    }
  return pe;
}

TEST(LvfLengths, OneReportPerLengthInOrder) {
  const std::vector<Index> lengths = {64, 8, 600, 8};
  const auto reports = student::length_experiment(lengths, 16, 512);
  ASSERT_SAME(reports.size(), lengths.size()) << "length_experiment({64, 8, 600, 8}, 16, 512): one report per length";
  for (std::size_t i = 0; i < lengths.size(); ++i) EXPECT_SAME(reports[i].length, lengths[i]) << "report " << i;
}

TEST(LvfLengths, LearnedServesUpToItsTableLength) {
  const auto reports = student::length_experiment({2, 511, 512, 513, 1000}, 16, 512);
  ASSERT_SAME(reports.size(), 5u);
  const bool want[] = {true, true, true, false, false};
  for (std::size_t i = 0; i < 5; ++i)
    EXPECT_SAME(reports[i].learned_serves, want[i]) << "length " << reports[i].length << " with a 512-row table";
}

TEST(LvfLengths, NoLearnedStatsBeyondTheTable) {
  const auto reports = student::length_experiment({100, 1000}, 16, 512);
  ASSERT_SAME(reports.size(), 2u);
  EXPECT_HOLDS(std::isfinite(reports[0].learned.min_distance), course_testing::Text() << "length 100 fits the table");
  EXPECT_HOLDS(std::isnan(reports[1].learned.min_distance), course_testing::Text() << "length 1000 does not fit: expected NaN for its learned.min_distance, the table has no rows for it");
  EXPECT_HOLDS(std::isnan(reports[1].learned.neighbour_ratio), course_testing::Text() << "length 1000 does not fit: expected NaN for its learned.neighbour_ratio");
}

TEST(LvfLengths, LearnedStatsAreThoseOfTheTablePrefix) {
  const auto reports = student::length_experiment({40}, 8, 50, 9);
  ASSERT_SAME(reports.size(), 1u);
  const course::PositionStats want =
      student::position_stats(student::LearnedPositionalEmbedding(50, 8, 9).forward(40));
  // A table of its own for each length, drawn with another seed (seed + length here).
  const course::PositionStats own_table =
      student::position_stats(student::LearnedPositionalEmbedding(50, 8, 9 + 40).forward(40));
  EXPECT_CHECK(course_testing::value_near(
      course_testing::subject() + ".learned.min_distance", reports[0].learned.min_distance, want.min_distance, kTol,
      {course_testing::mistake("a new table per length with another seed: every length is read from the one table "
                               "LearnedPositionalEmbedding(table_len, d_model, seed), as one model would",
                               own_table.min_distance)}));
  EXPECT_VALUE_NEAR(reports[0].learned.neighbour_ratio, want.neighbour_ratio, kTol);
}

TEST(LvfLengths, SinusoidalKeepsNeighboursApartAtEveryLength) {
  // Width 16: the closest two positions are always neighbours, and every pair
  // of neighbours is the same distance apart, whatever the length.
  const double d = neighbour_distance_width16();
  for (const auto& r : student::length_experiment({2, 64, 1000}, 16, 512))
    EXPECT_VALUE_NEAR(r.sinusoidal.min_distance, d, kTol) << "sinusoidal encoding, length " << r.length;
}

TEST(LvfLengths, SinusoidalStatsAreThoseOfEachLength) {
  // position_stats(positional_encoding(length, d_model)) at the report's own length, not the table's.
  const auto reports = student::length_experiment({3}, 8, 50);
  ASSERT_SAME(reports.size(), 1u);
  const course::PositionStats want = student::position_stats(sinusoidal(3, 8));
  const course::PositionStats at_table = student::position_stats(sinusoidal(50, 8));
  EXPECT_CHECK(course_testing::value_near(
      course_testing::subject() + ".sinusoidal.neighbour_ratio", reports[0].sinusoidal.neighbour_ratio,
      want.neighbour_ratio, kTol,
      {course_testing::mistake("the encoding is measured at the table's length, not at each length",
                               at_table.neighbour_ratio)}));
}

TEST(LvfLengths, OnlyTheSinusoidalEncodingKnowsWhatNearMeans) {
  // The untrained table's rows are independent draws: neighbours are as far
  // apart as any two rows (ratio near 1). Sinusoidal neighbours are much
  // closer than the average pair (about 0.4 at these lengths).
  for (const auto& r : student::length_experiment({64, 256}, 16, 512)) {
    EXPECT_ABOVE(r.learned.neighbour_ratio, 0.9) << "learned table, length " << r.length;
    EXPECT_BELOW(r.learned.neighbour_ratio, 1.1) << "learned table, length " << r.length;
    EXPECT_BELOW(r.sinusoidal.neighbour_ratio, 0.5) << "sinusoidal encoding, length " << r.length;
  }
}

TEST(LvfLengths, RejectsLengthsBelowTwo) {
  EXPECT_INVALID_ARGUMENT(student::length_experiment({8, 1}, 16, 512), "lengths[1]");
}

}  // namespace

// The header's contract, sentence by sentence: each argument's errors, the
// table rebuilt from each call's own arguments (nothing kept from an earlier,
// larger table), and the sinusoidal statistics at each width.
namespace {

TEST(LvfLengths, ErrorsNameTheFirstBadEntryAndTheSize) {
  EXPECT_INVALID_ARGUMENT(student::length_experiment({1, 0}, 16, 512), "lengths[0]");
  EXPECT_INVALID_ARGUMENT(student::length_experiment({2, 3, -4}, 16, 512), "lengths[2]");
  EXPECT_INVALID_ARGUMENT(student::length_experiment({8}, 0, 512), "d_model");
  EXPECT_INVALID_ARGUMENT(student::length_experiment({8}, 16, 0), "max_len");
}

TEST(LvfLengths, EachCallUsesItsOwnTable) {
  // A larger table first, then a smaller one, another width and another seed:
  // each report is read from LearnedPositionalEmbedding(table_len, d_model, seed) of its own call.
  struct Call {
    Index d_model, table_len;
    std::uint64_t seed;
  };
  for (const Call& c : {Call{8, 64, 3}, Call{8, 16, 3}, Call{4, 16, 3}, Call{4, 16, 5}}) {
    const auto reports = student::length_experiment({10, 20}, c.d_model, c.table_len, c.seed);
    ASSERT_SAME(reports.size(), 2u);
    const course::PositionStats want =
        student::position_stats(student::LearnedPositionalEmbedding(c.table_len, c.d_model, c.seed).forward(10));
    EXPECT_VALUE_NEAR(reports[0].learned.min_distance, want.min_distance, kTol)
        << "d_model " << c.d_model << ", table_len " << c.table_len << ", seed " << c.seed;
    EXPECT_VALUE_NEAR(reports[0].learned.neighbour_ratio, want.neighbour_ratio, kTol)
        << "d_model " << c.d_model << ", table_len " << c.table_len << ", seed " << c.seed;
    EXPECT_SAME(reports[1].learned_serves, c.table_len >= 20) << "length 20, table_len " << c.table_len;
  }
}

TEST(LvfLengths, SinusoidalStatisticsFollowTheWidth) {
  // Length 2: one pair, so the ratio is 1 and the distance is ||PE(0) - PE(1)||,
  // which for width 2 is the distance between (0, 1) and (sin 1, cos 1).
  const auto reports = student::length_experiment({2}, 2, 4);
  ASSERT_SAME(reports.size(), 1u);
  EXPECT_VALUE_NEAR(reports[0].sinusoidal.min_distance, std::sqrt(2.0 - 2.0 * std::cos(1.0)), kTol);
  EXPECT_VALUE_NEAR(reports[0].sinusoidal.neighbour_ratio, 1.0, kTol);
  EXPECT_VALUE_NEAR(reports[0].learned.neighbour_ratio, 1.0, kTol);
  EXPECT_SAME(student::length_experiment({}, 16, 512).size(), 0u) << "no lengths, no reports";
}

}  // namespace
