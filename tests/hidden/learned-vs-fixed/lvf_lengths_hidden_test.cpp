// Exercise lvf-lengths, hidden tests: whole reports against the reference for
// several widths, tables and seeds; the table's edge; long sequences; errors.
#include <cmath>

#include "common/tensor_testing.hpp"
#include "learned-vs-fixed/bridge/proxy.hpp"
#include "learned-vs-fixed/learned_vs_fixed.hpp"

namespace {

using course::Index;

// See lvf_stats_hidden_test.cpp: the statistics agree to ~1e-13 relative,
// inside the course's double rule (lessons/common/tensor_testing.hpp).
constexpr course_testing::Tolerance kTol = course_testing::kDoubleTol;

void expect_same_stat(double got, double want, const std::string& what) {
  if (std::isnan(want)) {
    EXPECT_HOLDS(std::isnan(got), course_testing::Text() << what << ": expected NaN (the table cannot serve this length), got " << got);
  } else {
    EXPECT_VALUE_NEAR(got, want, kTol) << what;
  }
}

struct Config {
  std::vector<Index> lengths;
  Index d_model, table_len;
  std::uint64_t seed;
};

TEST(LvfLengthsHidden, MatchesReference) {
  for (const Config& s : {Config{{2, 31, 32, 33, 64}, 16, 32, 0}, Config{{100, 5, 101, 300}, 7, 100, 5},
                         Config{{10, 10, 3}, 4, 9, 77}}) {
    const auto got = student::length_experiment(s.lengths, s.d_model, s.table_len, s.seed);
    const auto want = ref::length_experiment(s.lengths, s.d_model, s.table_len, s.seed);
    ASSERT_SAME(got.size(), want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
      const std::string at = "length_experiment(d_model " + std::to_string(s.d_model) + ", table_len " +
                             std::to_string(s.table_len) + ", seed " + std::to_string(s.seed) + "), length " +
                             std::to_string(want[i].length);
      EXPECT_SAME(got[i].length, want[i].length) << at;
      EXPECT_SAME(got[i].learned_serves, want[i].learned_serves) << at << ": learned_serves";
      expect_same_stat(got[i].learned.min_distance, want[i].learned.min_distance, at + ": learned.min_distance");
      expect_same_stat(got[i].learned.neighbour_ratio, want[i].learned.neighbour_ratio, at + ": learned.neighbour_ratio");
      expect_same_stat(got[i].sinusoidal.min_distance, want[i].sinusoidal.min_distance, at + ": sinusoidal.min_distance");
      expect_same_stat(got[i].sinusoidal.neighbour_ratio, want[i].sinusoidal.neighbour_ratio,
                       at + ": sinusoidal.neighbour_ratio");
    }
  }
}

TEST(LvfLengthsHidden, TheTableServesExactlyItsOwnLength) {
  const auto reports = student::length_experiment({20, 21}, 6, 20, 2);
  ASSERT_SAME(reports.size(), 2u);
  EXPECT_HOLDS(reports[0].learned_serves, course_testing::Text() << "expected learned_serves true for length 20: a 20-row table serves it");
  EXPECT_HOLDS(std::isfinite(reports[0].learned.neighbour_ratio), course_testing::Text() << "length 20 fits a 20-row table");
  EXPECT_HOLDS(!(reports[1].learned_serves), course_testing::Text() << "a 20-row table cannot serve length 21");
}

TEST(LvfLengthsHidden, SinusoidalServesLengthsFarBeyondTheTable) {
  // 1200 positions with a 16-row table: the formula does not care.
  const auto reports = student::length_experiment({1200}, 8, 16);
  ASSERT_SAME(reports.size(), 1u);
  EXPECT_HOLDS(!(reports[0].learned_serves), "learned_serves should be false: the table is shorter than the length");
  const auto want = ref::length_experiment({1200}, 8, 16);
  expect_same_stat(reports[0].sinusoidal.min_distance, want[0].sinusoidal.min_distance, "sinusoidal.min_distance at 1200");
  expect_same_stat(reports[0].sinusoidal.neighbour_ratio, want[0].sinusoidal.neighbour_ratio,
                   "sinusoidal.neighbour_ratio at 1200");
}

TEST(LvfLengthsHidden, RejectsBadArguments) {
  EXPECT_INVALID_ARGUMENT(student::length_experiment({4, 1, 0}, 8, 16), "lengths[1]");
  EXPECT_INVALID_ARGUMENT(student::length_experiment({0}, 8, 16), "lengths[0]");
  EXPECT_INVALID_ARGUMENT(student::length_experiment({4}, 0, 16), "d_model");
}

}  // namespace
