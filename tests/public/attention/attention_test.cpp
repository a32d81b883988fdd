// Exercise attention: public tests, without masks (those are in masks_test.cpp).
#include "attention/attention.hpp"
#include "attention/bridge/proxy.hpp"
#include "common/tensor_testing.hpp"
#include "matrix_literal.hpp"

namespace {

using attention_tests::matrix;

// The course's tolerance for float32 results (lessons/common/tensor_testing.hpp).
constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;

// The worked example of the README: L = 2, S = 3, D = 4, Dv = 2.
const course::MatrixXf kQuery = matrix({{1, 0, 1, 0}, {0, 2, 0, 0}});
const course::MatrixXf kKey = matrix({{1, 0, 1, 0}, {0, 1, 0, 1}, {1, 1, 0, 0}});
const course::MatrixXf kValue = matrix({{1, 0}, {0, 1}, {1, 1}});

// The pitfalls of the lesson's README, as failures name them.
const char* const kNotScaled =
    "the scores are not scaled: divide q k^T by sqrt(D) (in C++ `1 / 2` is 0, so std::pow(D, 1 / 2) is 1).";
const char* const kScaledByD = "the scores are divided by D instead of sqrt(D).";
const char* const kOverColumns =
    "the softmax normalises each column (over the queries) instead of each row (over the keys).";

}  // namespace

TEST(Attention, OutputIsLByDvAndWeightsAreLByS) {
  auto got = student::scaled_dot_product_attention(course::MatrixXf::Ones(2, 4), course::MatrixXf::Ones(3, 4),
                                                   course::MatrixXf::Ones(3, 5));
  EXPECT_SHAPE(got.output, {2, 5}) << "  output is (L, Dv): one row per query, as wide as the values";
  EXPECT_SHAPE(got.weights, {2, 3},
               {course_testing::shape_mistake("the weights are (S, L): the scores were computed as k q^T; compute q k^T "
                                              "(one row per query, one column per key).",
                                              {3, 2})})
      << "  weights are (L, S): one row per query, one column per key";
}

TEST(Attention, WorkedExampleFromTheReadme) {
  auto got = student::scaled_dot_product_attention(kQuery, kKey, kValue);
  // The README's pitfalls on the same input, worked out by hand.
  EXPECT_RESULT_NEAR_EXPLAINED(
      got.weights, matrix({{0.5064804f, 0.1863237f, 0.3071959f}, {0.1553624f, 0.4223188f, 0.4223188f}}), kTol,
      {course_testing::mistake(kNotScaled, matrix({{0.6652410f, 0.0900306f, 0.2447285f}, {0.0633789f, 0.4683105f, 0.4683105f}})),
       course_testing::mistake(kScaledByD, matrix({{0.4192290f, 0.2542752f, 0.3264958f}, {0.2326965f, 0.3836517f, 0.3836517f}})),
       course_testing::mistake(kOverColumns,
                               matrix({{0.7310586f, 0.2689414f, 0.3775407f}, {0.2689414f, 0.7310586f, 0.6224593f}}))});
  EXPECT_RESULT_NEAR_EXPLAINED(
      got.output, matrix({{0.8136763f, 0.4935196f}, {0.5776812f, 0.8446376f}}), kTol,
      {course_testing::mistake(kNotScaled, matrix({{0.9099694f, 0.3347590f}, {0.5316895f, 0.9366211f}})),
       course_testing::mistake(kScaledByD, matrix({{0.7457248f, 0.5807710f}, {0.6163483f, 0.7673035f}})),
       course_testing::mistake(kOverColumns, matrix({{1.1085992f, 0.6464821f}, {0.8914008f, 1.3535179f}}))});
}

TEST(Attention, ScoresAreDividedBySqrtOfKeyWidth) {
  // Dot products 4 and 0 with D = 4: the scores are 4 / 2 = 2 and 0, and
  // softmax([2, 0]) = [0.8807971, 0.1192029]. Dividing by D instead gives
  // [0.73, 0.27]; not dividing gives [0.98, 0.02].
  auto got = student::scaled_dot_product_attention(matrix({{1, 1, 1, 1}}), matrix({{1, 1, 1, 1}, {0, 0, 0, 0}}),
                                                   matrix({{1, 0}, {0, 1}}));
  const course_testing::Mistakes mistakes = {course_testing::mistake(kScaledByD, matrix({{0.7310586f, 0.2689414f}})),
                                             course_testing::mistake(kNotScaled, matrix({{0.9820138f, 0.0179862f}}))};
  EXPECT_RESULT_NEAR_EXPLAINED(got.weights, matrix({{0.8807971f, 0.1192029f}}), kTol, mistakes);
  EXPECT_RESULT_NEAR_EXPLAINED(got.output, matrix({{0.8807971f, 0.1192029f}}), kTol, mistakes);
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

// The header's contract, one sentence at a time: each shape letter varied on
// its own, and each error with the message the header gives.

TEST(Attention, OneQueryAloneGetsItsRowOfTheWorkedExample) {
  // L = 1: query 1 of the worked example on its own; the other queries never
  // change a query's row.
  auto got = student::scaled_dot_product_attention(matrix({{0, 2, 0, 0}}), kKey, kValue);
  EXPECT_RESULT_NEAR(got.weights, matrix({{0.1553624f, 0.4223188f, 0.4223188f}}), kTol);
  EXPECT_RESULT_NEAR(got.output, matrix({{0.5776812f, 0.8446376f}}), kTol);
}

TEST(Attention, FewerKeysThanQueriesAndAnyValueWidth) {
  // S = 2 (the first two keys): scaled scores [1, 0] and [0, 1]. Dv = 1 and
  // Dv = 3 change the output's width only.
  const course::MatrixXf key = matrix({{1, 0, 1, 0}, {0, 1, 0, 1}});
  auto got = student::scaled_dot_product_attention(kQuery, key, matrix({{1, 0}, {0, 1}}));
  const course::MatrixXf want = matrix({{0.7310586f, 0.2689414f}, {0.2689414f, 0.7310586f}});
  EXPECT_RESULT_NEAR(got.weights, want, kTol);
  EXPECT_RESULT_NEAR(got.output, want, kTol);
  auto narrow = student::scaled_dot_product_attention(kQuery, kKey, matrix({{1}, {0}, {1}}));
  EXPECT_RESULT_NEAR(narrow.output, matrix({{0.8136763f}, {0.5776812f}}), kTol);
  auto wide = student::scaled_dot_product_attention(kQuery, kKey, matrix({{1, 0, 2}, {0, 1, 2}, {1, 1, 2}}));
  EXPECT_RESULT_NEAR(wide.output, matrix({{0.8136763f, 0.4935196f, 2}, {0.5776812f, 0.8446376f, 2}}), kTol);
}

TEST(Attention, ErrorsNameTheArgumentAndItsExpectedShape) {
  // A key as wide as the values but not as the queries, fewer keys than values,
  // more values than keys: each names the argument whose shape does not fit.
  EXPECT_INVALID_ARGUMENT(student::scaled_dot_product_attention(kQuery, course::MatrixXf::Ones(3, 2), kValue),
                          "key: expected shape (3, 4), got (3, 2)");
  EXPECT_INVALID_ARGUMENT(student::scaled_dot_product_attention(kQuery, course::MatrixXf::Ones(2, 3), kValue),
                          "key: expected shape (2, 4), got (2, 3)");
  EXPECT_INVALID_ARGUMENT(student::scaled_dot_product_attention(kQuery, kKey, course::MatrixXf::Ones(2, 2)),
                          "value: expected shape (3, 2), got (2, 2)");
}
