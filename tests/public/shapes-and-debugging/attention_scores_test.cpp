// Public tests of exercise dbg-scores, on queries and keys small enough to
// multiply in your head. Run them with
//   build/bin/grader check shapes-and-debugging
#include <string>
#include <utility>
#include <vector>

#include "common/tensor_testing.hpp"
#include "dbg_checks.hpp"
#include "shapes-and-debugging/bridge/proxy.hpp"

namespace {

using course::MatrixXf;

std::string call_of(const MatrixXf& q, const MatrixXf& k) {
  return dbg::call_text("attention_scores", {course::bridge::describe_arg(q), course::bridge::describe_arg(k)});
}

// D = 4 below, so the scale 1/sqrt(D) is exactly 0.5 and every expected score
// is exact in float; the course's float32 tolerance (lessons/common/tensor_testing.hpp)
// forgives a scale computed with one rounding, or a division instead of a
// multiplication.
constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;

}  // namespace

TEST(DbgScores, OneRowPerQueryOneColumnPerKey) {
  // 2 queries and 3 keys give a (2, 3) matrix of scores.
  const MatrixXf q = MatrixXf::Ones(2, 4);
  const MatrixXf k = MatrixXf::Ones(3, 4);
  const MatrixXf got = student::attention_scores(q, k);
  // Every q_i . k_j is 4; divided by sqrt(4) = 2 that is 2.
  const MatrixXf want = MatrixXf::Constant(2, 3, 2.0f);
  DBG_EXPECT_NEAR(call_of(q, k), got, want, "(L, S) = (2, 3) scores, each 4 / sqrt(4) = 2", kTol.atol, kTol.rtol)
      << dbg::diagnose_scores(q, k, got);
}

TEST(DbgScores, SmallExampleByHand) {
  const MatrixXf q = dbg::mf({{1, 0, 0, 0},    // query 0 looks along feature 0
                              {0, 2, 0, 0}});  // query 1 along feature 1, twice as strongly
  const MatrixXf k = dbg::mf({{1, 0, 0, 0}, {0, 1, 0, 0}, {1, 1, 1, 1}});
  const MatrixXf got = student::attention_scores(q, k);
  // q k^T = [[1, 0, 1], [0, 2, 2]], then times 1/sqrt(4) = 0.5.
  const MatrixXf want = dbg::mf({{0.5f, 0.0f, 0.5f}, {0.0f, 1.0f, 1.0f}});
  DBG_EXPECT_NEAR(call_of(q, k), got, want, "q k^T / 2 worked out by hand", kTol.atol, kTol.rtol)
      << dbg::diagnose_scores(q, k, got);
}

TEST(DbgScores, SquareScoresAreNotTransposed) {
  // With as many keys as queries the shape cannot reveal a transposed result;
  // the values can: query 1 points the way key 0 does, and nothing else matches.
  const MatrixXf q = dbg::mf({{2, 0, 0, 0}, {0, 2, 0, 0}});
  const MatrixXf k = dbg::mf({{0, 2, 0, 0}, {0, 0, 2, 0}});
  const MatrixXf got = student::attention_scores(q, k);
  const MatrixXf want = dbg::mf({{0, 0},    // query 0 against keys 0 and 1
                                 {2, 0}});  // query 1 against key 0: 4 / sqrt(4)
  DBG_EXPECT_NEAR(call_of(q, k), got, want, "scores(i, j) = q_i . k_j / 2", kTol.atol, kTol.rtol)
      << dbg::diagnose_scores(q, k, got);
}

TEST(DbgScores, RejectsQueriesAndKeysOfDifferentWidths) {
  const MatrixXf q = MatrixXf::Ones(2, 4);
  const MatrixXf k = MatrixXf::Ones(3, 5);
  dbg::expect_rejected(
      call_of(q, k), [&] { return "returned a " + dbg::shape_text(student::attention_scores(q, k)) + " matrix"; },
      {"head_dim"}, dbg::advice::kScoresWidth);
}

TEST(DbgScores, RejectsZeroWidth) {
  // D = 0 would make the scale 1/sqrt(0) infinite and every score NaN.
  const MatrixXf q(1, 0), k(2, 0);
  dbg::expect_rejected(
      call_of(q, k), [&] { return "returned a " + dbg::shape_text(student::attention_scores(q, k)) + " matrix"; },
      {"head_dim"}, dbg::advice::kScoresZeroWidth);
}

TEST(DbgScores, ScaleIsOneOverSqrtOfAWidthThatIsNotASquare) {
  // Queries and keys along feature 0 make every raw score 1, so the scores are
  // the scale itself. The other tests use D = 4, whose square root is a whole
  // number: here D = 2, 5 and 8, where sqrt(D) rounded to an integer shows.
  const std::vector<std::pair<course::Index, float>> widths{{2, 0.70710678f}, {5, 0.44721360f}, {8, 0.35355339f}};
  for (const auto& [d, one_over_sqrt_d] : widths) {
    MatrixXf q = MatrixXf::Zero(2, d), k = MatrixXf::Zero(3, d);
    q.col(0).setOnes();
    k.col(0).setOnes();
    const MatrixXf got = student::attention_scores(q, k);
    const MatrixXf want = MatrixXf::Constant(2, 3, one_over_sqrt_d);
    DBG_EXPECT_NEAR(call_of(q, k), got, want, "1/sqrt(D) in every entry", kTol.atol, kTol.rtol)
        << dbg::diagnose_scores(q, k, got);
  }
}
