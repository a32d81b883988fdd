// Exercise feed-forward: the activation and the position-wise feed-forward network.
#include <cmath>

#include "common/tensor_testing.hpp"
#include "encoder-block/bridge/proxy.hpp"
#include "encoder_public_support.hpp"

namespace {

using course::Activation;
using course::Index;
using course::MatrixXf;
using course::Tensor;
using course::VectorXf;
using encoder_public::random_tensor;

constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;

TEST(FeedForward, ReluKeepsThePositivePart) {
  const Tensor x({2, 3}, std::vector<float>{-2, -0.5f, 0, 0.25f, 1, 3});
  EXPECT_RESULT_NEAR(student::activate(x, Activation::relu), Tensor({2, 3}, std::vector<float>{0, 0, 0, 0.25f, 1, 3}),
                     kTol);
}

TEST(FeedForward, GeluIsTheExactErfForm) {
  // x * Phi(x), Phi the standard normal's CDF: torch.nn.functional.gelu(x), approximate="none".
  const Tensor x({1, 1, 6}, std::vector<float>{-3, -1, 0, 0.5f, 1, 2});
  const Tensor want({1, 1, 6}, std::vector<float>{-0.0040496941f, -0.15865525f, 0.0f, 0.34573123f, 0.84134475f,
                                                 1.9544997f});
  Tensor tanh_form = x;
  for (float& v : tanh_form.values())
    v = 0.5f * v * (1.0f + std::tanh(std::sqrt(2.0f / 3.14159265f) * (v + 0.044715f * v * v * v)));
  EXPECT_RESULT_NEAR_EXPLAINED(student::activate(x, Activation::gelu), want, kTol,
                               {course_testing::mistake("the tanh approximation of GELU, not the exact erf form", tanh_form),
                                course_testing::mistake("ReLU instead of GELU", student::activate(x, Activation::relu))});
}

TEST(FeedForward, ActivateKeepsTheShape) {
  const Tensor x = random_tensor({2, 1, 3, 2}, 1);
  EXPECT_SHAPE(student::activate(x, Activation::gelu), {2, 1, 3, 2});
  EXPECT_SHAPE(student::activate(Tensor({0, 4}), Activation::relu), {0, 4});
}

// E = 2, F = 3 by hand: x = (1, -1).
course::FeedForwardParameters small_network() {
  course::FeedForwardParameters p{MatrixXf(3, 2), VectorXf(3), MatrixXf(2, 3), VectorXf(2)};
  p.linear1_weight << 1, 0,   //
      0, 1,                   //
      1, 1;
  p.linear1_bias << 0.5f, 0, -1;
  p.linear2_weight << 1, 2, 3,  //
      -1, 0, 1;
  p.linear2_bias << 0.25f, -0.25f;
  return p;
}

TEST(FeedForward, KnownSmallNetwork) {
  // linear1: (1 + 0.5, -1, 0 - 1) = (1.5, -1, -1); ReLU: (1.5, 0, 0);
  // linear2: (1.5 + 0.25, -1.5 - 0.25) = (1.75, -1.75).
  const Tensor x({1, 1, 2}, std::vector<float>{1, -1});
  const Tensor y = student::feed_forward(x, small_network(), Activation::relu);
  ASSERT_SHAPE(y, {1, 1, 2}) << "expected (B, L, E)";
  EXPECT_RESULT_NEAR(y, Tensor({1, 1, 2}, std::vector<float>{1.75f, -1.75f}), kTol);
}

TEST(FeedForward, KnownSmallNetworkWithGelu) {
  // GELU(1.5, -1, -1) = (1.3997892, -0.15865525, -0.15865525).
  const float g15 = 1.3997892f, gm1 = -0.15865525f;
  const Tensor x({1, 1, 2}, std::vector<float>{1, -1});
  const Tensor want({1, 1, 2}, std::vector<float>{g15 + 2 * gm1 + 3 * gm1 + 0.25f, -g15 + gm1 - 0.25f});
  EXPECT_RESULT_NEAR(student::feed_forward(x, small_network(), Activation::gelu), want, kTol);
}

TEST(FeedForward, SquareWeightsAreAppliedTransposed) {
  // E = F = 2, so x * W and x * W^T both run; nn.Linear computes x * W^T
  // (a weight is (out, in)). x = (1, 1), ReLU, biases 0:
  //   linear1: W1 x = (1 + 2, 0 + 1) = (3, 1); linear2: W2 (3, 1) = (3, 9 + 1) = (3, 10).
  // Without the transposes: x W1 = (1, 3), then (1, 3) W2 = (1 + 9, 3) = (10, 3);
  // only linear1's left out: W2 (1, 3) = (1, 6); only linear2's: (3, 1) W2 = (6, 1).
  course::FeedForwardParameters p{MatrixXf(2, 2), VectorXf::Zero(2), MatrixXf(2, 2), VectorXf::Zero(2)};
  p.linear1_weight << 1, 2,  //
      0, 1;
  p.linear2_weight << 1, 0,  //
      3, 1;
  const Tensor x({1, 1, 2}, std::vector<float>{1, 1});
  const std::string cause =
      "a weight used without its transpose: linear1_weight is (F, E) and linear2_weight (E, F), so the hidden layer "
      "is x * linear1_weight^T and the output hidden * linear2_weight^T";
  auto shaped = [](float a, float b) { return Tensor({1, 1, 2}, std::vector<float>{a, b}); };
  EXPECT_RESULT_NEAR_EXPLAINED(student::feed_forward(x, p, Activation::relu), shaped(3, 10), kTol,
                               {course_testing::mistake(cause, shaped(10, 3)), course_testing::mistake(cause, shaped(1, 6)),
                                course_testing::mistake(cause, shaped(6, 1))});
}

TEST(FeedForward, EveryPositionGoesThroughTheSameNetwork) {
  // B = 2, L = 3, E = 4, F = 6: position (b, l) alone gives the same row as in the batch.
  std::mt19937 rng(5);
  const auto p = encoder_public::random_feed_forward(4, 6, rng);
  const Tensor x = random_tensor({2, 3, 4}, 6);
  const Tensor y = student::feed_forward(x, p, Activation::gelu);
  ASSERT_SHAPE(y, {2, 3, 4});
  for (Index b = 0; b < 2; ++b)
    for (Index l = 0; l < 3; ++l) {
      Tensor one({1, 1, 4});
      for (Index e = 0; e < 4; ++e) one.at({0, 0, e}) = x.at({b, l, e});
      const Tensor alone = student::feed_forward(one, p, Activation::gelu);
      for (Index e = 0; e < 4; ++e)
        EXPECT_VALUE_NEAR(y.at({b, l, e}), alone.at({0, 0, e}), kTol) << "position (" << b << ", " << l << ")";
    }
}

TEST(FeedForward, RejectsShapesThatDoNotFit) {
  const Tensor x({1, 2, 2});
  auto p = small_network();
  p.linear1_bias = VectorXf::Zero(2);
  EXPECT_INVALID_ARGUMENT(student::feed_forward(x, p, Activation::relu), "linear1_bias");
  p = small_network();
  p.linear2_weight = MatrixXf::Zero(3, 2);
  EXPECT_INVALID_ARGUMENT(student::feed_forward(x, p, Activation::relu), "linear2_weight");
  p = small_network();
  p.linear2_bias = VectorXf::Zero(3);
  EXPECT_INVALID_ARGUMENT(student::feed_forward(x, p, Activation::relu), "linear2_bias");
  EXPECT_INVALID_ARGUMENT(student::feed_forward(Tensor({1, 2, 3}), small_network(), Activation::relu), "x");
}

}  // namespace

// The header's contract, sentence by sentence: each error with the message
// the header gives (E and F from linear1_weight), and F varied alone.
namespace {

TEST(FeedForward, ErrorsGiveTheHeadersMessages) {
  // E = 8, F = 16.
  std::mt19937 rng(7);
  const auto good = encoder_public::random_feed_forward(8, 16, rng);
  const Tensor x({1, 2, 8});
  auto p = good;
  p.linear1_bias = VectorXf::Zero(8);
  EXPECT_INVALID_ARGUMENT(student::feed_forward(x, p, Activation::relu), "linear1_bias: expected shape (16,), got (8,)");
  p = good;
  p.linear2_weight = MatrixXf::Zero(16, 8);  // (F, E) instead of (E, F)
  EXPECT_INVALID_ARGUMENT(student::feed_forward(x, p, Activation::relu), "linear2_weight: expected shape (8, 16), got (16, 8)");
  p = good;
  p.linear2_bias = VectorXf::Zero(16);
  EXPECT_INVALID_ARGUMENT(student::feed_forward(x, p, Activation::relu), "linear2_bias: expected shape (8,), got (16,)");
  EXPECT_INVALID_ARGUMENT(student::feed_forward(Tensor({1, 2, 16}), good, Activation::relu),
                          "x: expected shape (B, L, 8), got (1, 2, 16)");
  EXPECT_INVALID_ARGUMENT(student::feed_forward(Tensor({2, 8}), good, Activation::gelu), "x: expected shape (B, L, 8), got (2, 8)");
}

TEST(FeedForward, OneHiddenUnit) {
  // F = 1: hidden = relu(x . w1 + b1) = relu(1 - 2 + 0.5) = 0 for x = (1, 1), and relu(3 + 0.5) for x = (3, 0).
  course::FeedForwardParameters p{MatrixXf(1, 2), VectorXf::Constant(1, 0.5f), MatrixXf(2, 1), VectorXf(2)};
  p.linear1_weight << 1, -2;
  p.linear2_weight << 2, -1;
  p.linear2_bias << 0.25f, 0;
  const Tensor x({1, 2, 2}, std::vector<float>{1, 1, 3, 0});
  EXPECT_RESULT_NEAR(student::feed_forward(x, p, Activation::relu), Tensor({1, 2, 2}, std::vector<float>{0.25f, 0, 7.25f, -3.5f}), kTol);
}

}  // namespace
