// Exercise layer-norm: torch.nn.LayerNorm over the last axis.
#include <cmath>

#include "common/tensor_testing.hpp"
#include "encoder-block/bridge/proxy.hpp"
#include "encoder_public_support.hpp"

namespace {

using course::Index;
using course::Tensor;
using course::VectorXf;
using encoder_public::plain_norm;
using encoder_public::random_tensor;

// The course's tolerance for float32 results (lessons/common/tensor_testing.hpp).
constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;
// Mean and variance of a normalised position: eps = 1e-5 lowers the variance by
// eps / variance, and a position's statistics add E roundings, so they are
// checked to 1e-4 (a wrong axis or variance is off by 1e-1 or more).
constexpr course_testing::Tolerance kMomentTol{1e-4, 1e-4};

TEST(LayerNorm, KnownValues) {
  // One position, x = 1 2 3 4: mean 2.5, biased variance 1.25.
  const Tensor x({1, 1, 4}, std::vector<float>{1, 2, 3, 4});
  const Tensor y = student::layer_norm(x, plain_norm(4, 0.0f));
  ASSERT_SHAPE(y, {1, 1, 4});
  const float s = std::sqrt(1.25f);
  EXPECT_RESULT_NEAR(y, Tensor({1, 1, 4}, std::vector<float>{-1.5f / s, -0.5f / s, 0.5f / s, 1.5f / s}), kTol);
}

TEST(LayerNorm, BiasedVarianceAndEpsInsideTheRoot) {
  // x = -1 1: mean 0, biased variance 1 (the unbiased one would be 2); with eps = 3
  // y = x / sqrt(1 + 3) = -0.5 0.5 (eps outside the root would give -0.25 0.25).
  const Tensor x({1, 1, 2}, std::vector<float>{-1, 1});
  const Tensor want({1, 1, 2}, std::vector<float>{-0.5f, 0.5f});
  EXPECT_RESULT_NEAR_EXPLAINED(
      student::layer_norm(x, plain_norm(2, 3.0f)), want, kTol,
      {course_testing::mistake("the variance is divided by E - 1 instead of E",
                               Tensor({1, 1, 2}, std::vector<float>{-1 / std::sqrt(5.0f), 1 / std::sqrt(5.0f)})),
       course_testing::mistake("eps is added after the square root",
                               Tensor({1, 1, 2}, std::vector<float>{-0.25f, 0.25f}))});
}

TEST(LayerNorm, EveryPositionHasMeanZeroAndVarianceOne) {
  const Tensor x = random_tensor({2, 3, 8}, 1, 3.0f);
  const Tensor y = student::layer_norm(x, plain_norm(8));
  ASSERT_SHAPE(y, {2, 3, 8});
  for (Index b = 0; b < 2; ++b)
    for (Index l = 0; l < 3; ++l) {
      const auto [mean, variance] = encoder_public::row_moments(y, b, l);
      EXPECT_VALUE_NEAR(mean, 0.0, kTol) << "position (" << b << ", " << l << "): the mean over its E features";
      EXPECT_VALUE_NEAR(variance, 1.0, kMomentTol)
          << "position (" << b << ", " << l << "): the variance over its E features";
    }
}

TEST(LayerNorm, WeightAndBiasApplyPerFeature) {
  const Tensor x = random_tensor({2, 2, 3}, 2);
  const Tensor plain = student::layer_norm(x, plain_norm(3));
  course::LayerNormParameters p{VectorXf(3), VectorXf(3), 1e-5f};
  p.weight << 2.0f, -1.0f, 0.5f;
  p.bias << 0.25f, 0.0f, -3.0f;
  const Tensor y = student::layer_norm(x, p);
  Tensor want = plain;
  for (Index b = 0; b < 2; ++b)
    for (Index l = 0; l < 2; ++l)
      for (Index e = 0; e < 3; ++e) want.at({b, l, e}) = plain.at({b, l, e}) * p.weight(e) + p.bias(e);
  EXPECT_RESULT_NEAR(y, want, kTol);
}

TEST(LayerNorm, EachPositionIsNormalisedOnItsOwn) {
  // Shifting and scaling one position's features changes nothing (eps = 0),
  // and changes no other position: the statistics are per (b, l), over E only.
  Tensor x = random_tensor({2, 3, 5}, 3);
  const Tensor before = student::layer_norm(x, plain_norm(5, 0.0f));
  for (Index e = 0; e < 5; ++e) x.at({1, 2, e}) = 10.0f * x.at({1, 2, e}) + 7.0f;
  const Tensor after = student::layer_norm(x, plain_norm(5, 0.0f));
  EXPECT_RESULT_NEAR(after, before, kMomentTol);
}

TEST(LayerNorm, OneFeatureGivesTheBias) {
  // E = 1: x - mean is 0, so every position is bias(0).
  course::LayerNormParameters p{VectorXf::Constant(1, 2.0f), VectorXf::Constant(1, 0.75f), 1e-5f};
  EXPECT_RESULT_NEAR(student::layer_norm(random_tensor({2, 4, 1}, 4), p), Tensor({2, 4, 1}, 0.75f), kTol);
}

TEST(LayerNorm, RejectsShapesThatDoNotFit) {
  course::LayerNormParameters p = plain_norm(4);
  EXPECT_INVALID_ARGUMENT(student::layer_norm(Tensor({2, 3, 5}), p), "x");
  EXPECT_INVALID_ARGUMENT(student::layer_norm(Tensor({3, 4}), p), "x");
  p.bias = VectorXf::Zero(3);
  EXPECT_INVALID_ARGUMENT(student::layer_norm(Tensor({2, 3, 4}), p), "bias");
}

}  // namespace

// The header's contract, sentence by sentence: each error with the message
// the header gives, and each letter varied alone.
namespace {

TEST(LayerNorm, ErrorsGiveTheHeadersMessages) {
  course::LayerNormParameters p = plain_norm(8);
  EXPECT_INVALID_ARGUMENT(student::layer_norm(Tensor({2, 3, 5}), p), "x: expected shape (B, L, 8), got (2, 3, 5)");
  EXPECT_INVALID_ARGUMENT(student::layer_norm(Tensor({3, 8}), p), "x: expected shape (B, L, 8), got (3, 8)");
  p.bias = VectorXf::Zero(5);
  EXPECT_INVALID_ARGUMENT(student::layer_norm(Tensor({2, 3, 8}), p), "bias: expected shape (8,), got (5,)");
  // E comes from the weight: a bias of the input's width beside a weight of another is refused.
  course::LayerNormParameters q{VectorXf::Ones(5), VectorXf::Zero(8), 1e-5f};
  EXPECT_INVALID_ARGUMENT(student::layer_norm(Tensor({2, 3, 8}), q), "bias: expected shape (5,), got (8,)");
}

TEST(LayerNorm, EachLetterVariedAlone) {
  // x = 1 2 3 4 at every position: every position gives the same normalised row.
  const float s = std::sqrt(1.25f);
  const std::vector<float> row = {-1.5f / s, -0.5f / s, 0.5f / s, 1.5f / s};
  for (const auto& shape : {std::vector<Index>{1, 1, 4}, std::vector<Index>{3, 1, 4}, std::vector<Index>{1, 5, 4},
                            std::vector<Index>{2, 3, 4}}) {
    Tensor x(shape);
    Tensor want(shape);
    for (Index i = 0; i < x.size(); ++i) {
      x.data()[i] = float(i % 4 + 1);
      want.data()[i] = row[std::size_t(i % 4)];
    }
    EXPECT_RESULT_NEAR(student::layer_norm(x, plain_norm(4, 0.0f)), want, kTol);
  }
}

}  // namespace
