// Exercise attention: public tests, without masks (those are in masks_test.cpp).
#include "attention/attention.hpp"
#include "attention/bridge/proxy.hpp"
#include "common/testing.hpp"
#include "matrix_literal.hpp"

namespace {

using attention_tests::matrix;

// The course's tolerance for float32 results (common/testing.hpp).
constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;

// The worked example of the README: L = 2, S = 3, D = 4, Dv = 2.
const course::MatrixXf kQuery = matrix({{1, 0, 1, 0}, {0, 2, 0, 0}});
const course::MatrixXf kKey = matrix({{1, 0, 1, 0}, {0, 1, 0, 1}, {1, 1, 0, 0}});
const course::MatrixXf kValue = matrix({{1, 0}, {0, 1}, {1, 1}});

}  // namespace

TEST(Attention, OutputIsLByDvAndWeightsAreLByS) {
  auto got = student::scaled_dot_product_attention(course::MatrixXf::Ones(2, 4), course::MatrixXf::Ones(3, 4),
                                                   course::MatrixXf::Ones(3, 5));
  EXPECT_EQ(got.output.rows(), 2);
  EXPECT_EQ(got.output.cols(), 5) << "output is (L, Dv): one row per query, as wide as the values";
  EXPECT_EQ(got.weights.rows(), 2);
  EXPECT_EQ(got.weights.cols(), 3) << "weights are (L, S): one row per query, one column per key";
}

TEST(Attention, WorkedExampleFromTheReadme) {
  auto got = student::scaled_dot_product_attention(kQuery, kKey, kValue);
  EXPECT_RESULT_NEAR(got.weights, matrix({{0.5064804f, 0.1863237f, 0.3071959f}, {0.1553624f, 0.4223188f, 0.4223188f}}), kTol);
  EXPECT_RESULT_NEAR(got.output, matrix({{0.8136763f, 0.4935196f}, {0.5776812f, 0.8446376f}}), kTol);
}

TEST(Attention, ScoresAreDividedBySqrtOfKeyWidth) {
  // Dot products 4 and 0 with D = 4: the scores are 4 / 2 = 2 and 0, and
  // softmax([2, 0]) = [0.8807971, 0.1192029]. Dividing by D instead gives
  // [0.73, 0.27]; not dividing gives [0.98, 0.02].
  auto got = student::scaled_dot_product_attention(matrix({{1, 1, 1, 1}}), matrix({{1, 1, 1, 1}, {0, 0, 0, 0}}),
                                                   matrix({{1, 0}, {0, 1}}));
  EXPECT_RESULT_NEAR(got.weights, matrix({{0.8807971f, 0.1192029f}}), kTol);
  EXPECT_RESULT_NEAR(got.output, matrix({{0.8807971f, 0.1192029f}}), kTol);
}

TEST(Attention, IdenticalKeysAverageTheValues) {
  // Every key looks the same to every query, so each value row gets weight 1/4.
  auto key = matrix({{1, -2, 0.5f}, {1, -2, 0.5f}, {1, -2, 0.5f}, {1, -2, 0.5f}});
  auto value = matrix({{1, 2}, {3, 4}, {5, 6}, {7, 8}});
  auto got = student::scaled_dot_product_attention(matrix({{3, 1, 0}, {-1, 0, 2}}), key, value);
  EXPECT_RESULT_NEAR(got.weights, course::MatrixXf(course::MatrixXf::Constant(2, 4, 0.25f)), kTol);
  EXPECT_RESULT_NEAR(got.output, matrix({{4, 5}, {4, 5}}), kTol);
}

TEST(Attention, LargeScoresStayFinite) {
  // Scores 3600, -3600 and 3480: exp() of any of them overflows a float.
  course::MatrixXf key(3, 16);
  key.row(0).setConstant(30);
  key.row(1).setConstant(-30);
  key.row(2).setConstant(29);
  auto got = student::scaled_dot_product_attention(course::MatrixXf::Constant(1, 16, 30), key, kValue);
  EXPECT_RESULT_NEAR(got.weights, matrix({{1, 0, 0}}), kTol);
  EXPECT_RESULT_NEAR(got.output, matrix({{1, 0}}), kTol);
}

TEST(Attention, RejectsKeysOfAnotherWidth) {
  EXPECT_INVALID_ARGUMENT(student::scaled_dot_product_attention(kQuery, course::MatrixXf::Ones(3, 5), kValue),
                          "key: expected shape (3, 4), got (3, 5)");
}

TEST(Attention, RejectsValuesOfAnotherLength) {
  EXPECT_INVALID_ARGUMENT(student::scaled_dot_product_attention(kQuery, kKey, course::MatrixXf::Ones(4, 2)),
                          "value: expected shape (3, 2), got (4, 2)");
}
