// Public tests of exercise order-attend: self_attend(x) and mean_pool(x).
// Run them with `build/bin/grader check order-matters`.
#include <cmath>

#include "common/tensor_testing.hpp"
#include "order-matters/bridge/proxy.hpp"
#include "order_public.hpp"

namespace {

using course::Index;
using course::MatrixXd;
using course::MatrixXf;
using order_public::has_shape;
using order_public::rows_in_order;
using order_public::toy_sentence;

constexpr Index E = course::toy::kEmbedDim;

// Outputs are float sums of 8 products of values below 4. Summing in another
// order (reordered rows, another loop) moves results by about 1e-7; the
// course's float32 tolerance (lessons/common/tensor_testing.hpp) allows it, while every wrong
// formula tried (no transpose, key used as value, a mask, no scaling) is off by
// more than 0.01.
constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;

TEST(OrderAttend, ShapesAreWordsByWidthAndWordsByWords) {
  const course::AttentionResult r = student::self_attend(toy_sentence("dog bites man"));
  EXPECT_CHECK(has_shape("self_attend(<matrix (3, 8)>).output", r.output, 3, E));
  EXPECT_CHECK(has_shape("self_attend(<matrix (3, 8)>).weights", r.weights, 3, 3));
}

TEST(OrderAttend, OneWordAttendsOnlyToItself) {
  // With one key the softmax is exactly 1, so the output is that word's
  // value: x * value^T.
  const MatrixXf x = toy_sentence("dog");
  const course::AttentionResult r = student::self_attend(x);
  ASSERT_CHECK(has_shape("self_attend(<embedding of dog (1, 8)>).output", r.output, 1, E));
  EXPECT_TENSOR_NEAR(r.weights, MatrixXf(MatrixXf::Ones(1, 1)), kTol.atol, kTol.rtol)
      << "self_attend(<embedding of dog>).weights: a single key gets all the weight";
  const MatrixXf want = x * course::toy::projections().value.transpose();
  EXPECT_TENSOR_NEAR(r.output, want, kTol.atol, kTol.rtol)
      << "self_attend(<embedding of dog>).output should be x * value^T (the value projection, transposed)";
}

TEST(OrderAttend, TwoWordsComputedByHand) {
  // The formula of the lesson, written out in double for two words.
  const MatrixXf x = toy_sentence("cat sees");
  const auto& p = course::toy::projections();
  const MatrixXd xd = x.cast<double>();
  const MatrixXd q = xd * p.query.cast<double>().transpose();
  const MatrixXd k = xd * p.key.cast<double>().transpose();
  const MatrixXd v = xd * p.value.cast<double>().transpose();
  MatrixXd scores = q * k.transpose() / std::sqrt(static_cast<double>(E));
  MatrixXd weights(2, 2);
  for (Index i = 0; i < 2; ++i) {
    const double e0 = std::exp(scores(i, 0)), e1 = std::exp(scores(i, 1));
    weights(i, 0) = e0 / (e0 + e1);
    weights(i, 1) = e1 / (e0 + e1);
  }
  const course::AttentionResult r = student::self_attend(x);
  EXPECT_TENSOR_NEAR(r.weights, MatrixXf(weights.cast<float>()), kTol.atol, kTol.rtol)
      << "self_attend(<embeddings of \"cat sees\">).weights";
  EXPECT_TENSOR_NEAR(r.output, MatrixXf((weights * v).cast<float>()), kTol.atol, kTol.rtol)
      << "self_attend(<embeddings of \"cat sees\">).output";
}

TEST(OrderAttend, ReorderingTheRowsReordersTheResult) {
  // Self-attention without positions is permutation-equivariant: feed the
  // rows in another order and the output rows come back in that order, the
  // weights with rows and columns reordered alike.
  const MatrixXf x = toy_sentence("the cat chases a mouse");
  const std::vector<Index> order = {4, 2, 0, 3, 1};
  const course::AttentionResult r = student::self_attend(x);
  const course::AttentionResult reordered = student::self_attend(rows_in_order(x, order));
  EXPECT_TENSOR_NEAR(reordered.output, rows_in_order(r.output, order), kTol.atol, kTol.rtol)
      << "self_attend(rows of x reordered {4, 2, 0, 3, 1}).output should be self_attend(x).output in that order";
  const MatrixXf w_rows = rows_in_order(r.weights, order);
  const MatrixXf w_both = rows_in_order(MatrixXf(w_rows.transpose()), order).transpose();
  EXPECT_TENSOR_NEAR(reordered.weights, w_both, kTol.atol, kTol.rtol)
      << "self_attend(reordered x).weights should be the weights with rows AND columns reordered";
}

TEST(OrderAttend, RejectsInputOfAnotherWidth) {
  EXPECT_INVALID_ARGUMENT(student::self_attend(MatrixXf::Zero(3, 5)), "x");
}

TEST(OrderAttend, MeanPoolAveragesTheRows) {
  MatrixXf x(3, 2);
  x << 1, 2,  //
      3, 4,   //
      5, 9;
  const course::VectorXf got = student::mean_pool(x);
  ASSERT_SAME(got.size(), 2) << "mean_pool(<matrix (3, 2)>): expected a vector of 2 (one entry per column), got "
                           << got.size();
  // 9 / 3 and 15 / 3 are exact in float.
  EXPECT_SAME(got(0), 3.0f) << "mean_pool: (1 + 3 + 5) / 3";
  EXPECT_SAME(got(1), 5.0f) << "mean_pool: (2 + 4 + 9) / 3";
}

TEST(OrderAttend, MeanPoolRejectsNoRows) {
  EXPECT_INVALID_ARGUMENT(student::mean_pool(MatrixXf::Zero(0, E)), "x");
}

}  // namespace

// The header's contract, sentence by sentence: L = 0, x wider or narrower
// than E, and mean_pool refusing no rows.
namespace {

TEST(OrderAttend, NoWordsGiveEmptyResults) {
  const course::AttentionResult r = student::self_attend(MatrixXf::Zero(0, E));
  EXPECT_CHECK(has_shape("self_attend(<matrix (0, 8)>).output", r.output, 0, E));
  EXPECT_CHECK(has_shape("self_attend(<matrix (0, 8)>).weights", r.weights, 0, 0));
}

TEST(OrderAttend, RejectsEveryOtherWidth) {
  EXPECT_INVALID_ARGUMENT(student::self_attend(MatrixXf::Zero(3, 9)), "x:");
  EXPECT_INVALID_ARGUMENT(student::self_attend(MatrixXf::Zero(2, 7)), "x:");
  EXPECT_INVALID_ARGUMENT(student::self_attend(MatrixXf::Zero(8, 3)), "x:");
}

TEST(OrderAttend, MeanPoolRefusesNoRowsAndKeepsOneRow) {
  EXPECT_INVALID_ARGUMENT(student::mean_pool(MatrixXf::Zero(0, E)), "x");
  EXPECT_INVALID_ARGUMENT(student::mean_pool(MatrixXf::Zero(0, 3)), "x");
  MatrixXf one(1, 3);
  one << 1.5f, -2, 7;
  const course::VectorXf got = student::mean_pool(one);
  ASSERT_SAME(got.size(), 3);
  EXPECT_SAME(got(0), 1.5f) << "mean_pool of one row is that row";
  EXPECT_SAME(got(2), 7.0f) << "mean_pool of one row is that row";
}

}  // namespace
