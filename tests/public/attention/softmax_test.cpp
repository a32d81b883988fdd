// Exercise softmax: public tests. Values are small enough to check by hand.
#include <cmath>
#include <limits>

#include "attention/attention.hpp"
#include "attention/bridge/proxy.hpp"
#include "common/testing.hpp"
#include "matrix_literal.hpp"

namespace {

using attention_tests::matrix;

// The course's tolerance for float32 results (common/testing.hpp).
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
  EXPECT_RESULT_NEAR(got, want, kTol);
}

TEST(Softmax, KeepsTheShapeAndEveryRowSumsToOne) {
  auto got = student::softmax_rows(matrix({{0.5f, -1, 2, 0, 1}, {3, 3, -3, 0.25f, 1}, {-2, 0, 0, 4, -0.5f}}));
  ASSERT_EQ(got.rows(), 3) << "softmax_rows keeps the shape: (3, 5) in, (3, 5) out";
  ASSERT_EQ(got.cols(), 5) << "softmax_rows keeps the shape: (3, 5) in, (3, 5) out";
  EXPECT_RESULT_NEAR(course::MatrixXf(got.rowwise().sum()), matrix({{1}, {1}, {1}}), kTol);
}

TEST(Softmax, LargeScoresStayFinite) {
  // exp(1000) overflows float: only the max subtraction gets these right.
  auto got = student::softmax_rows(matrix({{1000, 1000}, {1000, 999}, {-1000, -1000}}));
  auto want = matrix({{0.5f, 0.5f}, {0.7310586f, 0.2689414f}, {0.5f, 0.5f}});
  EXPECT_RESULT_NEAR(got, want, kTol);
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
  ASSERT_EQ(got.rows(), 2);
  ASSERT_EQ(got.cols(), 3);
  for (course::Index c = 0; c < 3; ++c)
    EXPECT_TRUE(std::isnan(got(0, c))) << "softmax_rows([[-inf, -inf, -inf], [0, 0, ln 2]]): weight (0, " << c
                                       << ") should be NaN, got " << got(0, c);
  EXPECT_RESULT_NEAR(course::MatrixXf(got.bottomRows(1)), matrix({{0.25f, 0.25f, 0.5f}}), kTol);
}
