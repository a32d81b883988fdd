// Exercise softmax: public tests. Values are small enough to check by hand.
#include <cmath>
#include <limits>

#include "attention/attention.hpp"
#include "attention/bridge/proxy.hpp"
#include "common/tensor_testing.hpp"
#include "matrix_literal.hpp"

namespace {

using attention_tests::matrix;

// The course's tolerance for float32 results (lessons/common/tensor_testing.hpp).
constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;

const float kLn2 = std::log(2.0f);
const float kLn4 = std::log(4.0f);

}  // namespace

TEST(Softmax, EqualScoresGiveEqualWeights) {
  auto got = student::softmax_rows(matrix({{2, 2, 2, 2}}));
  EXPECT_RESULT_NEAR(got, matrix({{0.25f, 0.25f, 0.25f, 0.25f}}), kTol);
}

TEST(Softmax, EachRowIsNormalisedOnItsOwn) {
  // exp(0) : exp(ln 2) : exp(ln 4) = 1 : 2 : 4, so the weights are sevenths.
  auto got = student::softmax_rows(matrix({{0, kLn2, kLn4}, {kLn4, kLn2, 0}, {5, 5, 5}}));
  auto want = matrix({{1 / 7.f, 2 / 7.f, 4 / 7.f}, {4 / 7.f, 2 / 7.f, 1 / 7.f}, {1 / 3.f, 1 / 3.f, 1 / 3.f}});
  // Each column normalised instead: column 0 is exp(0), exp(ln 4), exp(5) over their sum, and so on.
  const float e5 = std::exp(5.0f);
  auto over_columns = matrix({{1 / (5 + e5), 2 / (4 + e5), 4 / (5 + e5)},
                              {4 / (5 + e5), 2 / (4 + e5), 1 / (5 + e5)},
                              {e5 / (5 + e5), e5 / (4 + e5), e5 / (5 + e5)}});
  EXPECT_RESULT_NEAR_EXPLAINED(
      got, want, kTol,
      {course_testing::mistake("each column is normalised instead of each row: sum over a row's entries (the keys).",
                               over_columns)});
}

TEST(Softmax, KeepsTheShapeAndEveryRowSumsToOne) {
  auto got = student::softmax_rows(matrix({{0.5f, -1, 2, 0, 1}, {3, 3, -3, 0.25f, 1}, {-2, 0, 0, 4, -0.5f}}));
  ASSERT_SHAPE(got, {3, 5}) << "  softmax_rows keeps the shape: (3, 5) in, (3, 5) out";
  EXPECT_CHECK(course_testing::near(course_testing::last_call() + " row sums", course::MatrixXf(got.rowwise().sum()),
                                    matrix({{1}, {1}, {1}}), kTol));
}

TEST(Softmax, LargeScoresStayFinite) {
  // exp(1000) overflows float: only the max subtraction gets these right.
  auto got = student::softmax_rows(matrix({{1000, 1000}, {1000, 999}, {-1000, -1000}}));
  auto want = matrix({{0.5f, 0.5f}, {0.7310586f, 0.2689414f}, {0.5f, 0.5f}});
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_RESULT_NEAR_EXPLAINED(
      got, want, kTol,
      {course_testing::mistake("exp(1000) overflowed to inf and inf / inf is NaN: subtract each row's max before exp().",
                               matrix({{nan, nan}, {nan, nan}, {0.5f, 0.5f}})),
       course_testing::mistake("exp(1000) overflowed to inf and inf / inf is NaN: subtract each row's max before exp().",
                               matrix({{nan, nan}, {nan, nan}, {nan, nan}}))});
}

TEST(Softmax, MinusInfinityGetsZeroWeight) {
  const float inf = std::numeric_limits<float>::infinity();
  auto got = student::softmax_rows(matrix({{0, -inf, 0}, {-inf, kLn2, 0}}));
  EXPECT_RESULT_NEAR(got, matrix({{0.5f, 0, 0.5f}, {0, 2 / 3.f, 1 / 3.f}}), kTol);
}

TEST(Softmax, AllMinusInfinityRowIsNaN) {
  // No finite score to normalise by: max = -inf, -inf - (-inf) = NaN, as in
  // PyTorch. The other row is unaffected.
  const float inf = std::numeric_limits<float>::infinity();
  auto got = student::softmax_rows(matrix({{-inf, -inf, -inf}, {0, 0, kLn2}}));
  ASSERT_SHAPE(got, {2, 3});
  for (course::Index c = 0; c < 3; ++c)
    EXPECT_HOLDS(std::isnan(got(0, c)), "weight (0, " + std::to_string(c) + ") should be NaN (as in PyTorch), got " +
                                            course_testing::shown(got(0, c)));
  EXPECT_RESULT_NEAR(course::MatrixXf(got.bottomRows(1)), matrix({{0.25f, 0.25f, 0.5f}}), kTol);
}

TEST(Softmax, AnyNumberOfRowsAndColumns) {
  // One column: every weight is 1. No columns: R rows of nothing. One row of five.
  EXPECT_RESULT_NEAR(student::softmax_rows(matrix({{-3}, {0}, {1000}})), matrix({{1}, {1}, {1}}), kTol);
  EXPECT_SHAPE(student::softmax_rows(course::MatrixXf(2, 0)), {2, 0});
  auto got = student::softmax_rows(matrix({{0, kLn2, 0, kLn4, 0}}));
  EXPECT_RESULT_NEAR(got, matrix({{1 / 9.f, 2 / 9.f, 1 / 9.f, 4 / 9.f, 1 / 9.f}}), kTol);
}
