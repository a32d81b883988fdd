// Exercise mha-projections: sizes, seeded initialisation, parameters, and
// the projection of a sequence into heads.
#include <cmath>

#include "common/seeded_init.hpp"
#include "common/tensor_testing.hpp"
#include "mha_public_support.hpp"
#include "multi-head-attention/bridge/proxy.hpp"

namespace {

using course::Index;
using course::Tensor;
using mha_public::filled;

// Init bounds may be computed in float or in double (one float ulp apart):
// the draws are float32 results under the course's tolerance (lessons/common/tensor_testing.hpp).
constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;

TEST(MhaProjections, SeedExampleHasTorchShapedParameters) {
  student::MultiHeadAttention mha(32, 4);
  EXPECT_SAME(mha.head_dim(), 8);
  const auto& p = mha.parameters();
  EXPECT_SAME(p.in_proj_weight.rows(), 96);
  EXPECT_SAME(p.in_proj_weight.cols(), 32);
  EXPECT_SAME(p.in_proj_bias.size(), 96);
  EXPECT_SAME(p.out_proj_weight.rows(), 32);
  EXPECT_SAME(p.out_proj_weight.cols(), 32);
  EXPECT_SAME(p.out_proj_bias.size(), 32);
  EXPECT_HOLDS(p.in_proj_bias.isZero(0), course_testing::Text() << "torch starts in_proj_bias at zero");
  EXPECT_HOLDS(p.out_proj_bias.isZero(0), course_testing::Text() << "torch starts out_proj.bias at zero");
}

TEST(MhaProjections, InitDrawsInProjRowByRowThenOutProj) {
  const Index e = 8;
  student::MultiHeadAttention mha(e, 2, 42);
  const auto& p = mha.parameters();
  const float in_bound = static_cast<float>(std::sqrt(6.0 / (e + 3 * e)));
  const float out_bound = static_cast<float>(1.0 / std::sqrt(double(e)));
  course::SplitMix64 generator(42);
  // The first E draws fill row 0; draw E is row 1, column 0.
  for (Index c = 0; c < e; ++c) {
    const float want = generator.uniform(in_bound);
    EXPECT_VALUE_NEAR(p.in_proj_weight(0, c), want, kTol) << "in_proj_weight(0, " << c << ")";
  }
  const float row1 = generator.uniform(in_bound);
  EXPECT_VALUE_NEAR(p.in_proj_weight(1, 0), row1, kTol)
      << "in_proj_weight(1, 0) is draw number E: fill the matrix row by row";
  for (Index i = e + 1; i < 3 * e * e; ++i) generator.uniform(in_bound);
  const float first_out = generator.uniform(out_bound);
  EXPECT_VALUE_NEAR(p.out_proj_weight(0, 0), first_out, kTol)
      << "out_proj_weight(0, 0) is the draw right after the last of in_proj_weight, with bound 1/sqrt(E)";
}

TEST(MhaProjections, InitStaysWithinTorchBounds) {
  student::MultiHeadAttention mha(32, 4, 3);
  const auto& p = mha.parameters();
  const double in_bound = std::sqrt(6.0 / 128.0), out_bound = 1.0 / std::sqrt(32.0);
  EXPECT_AT_MOST(p.in_proj_weight.cwiseAbs().maxCoeff(), (in_bound + kTol.allowed(in_bound)));
  EXPECT_HOLDS(p.in_proj_weight.cwiseAbs().maxCoeff() > 0.9 * in_bound, course_testing::Text() << "expected more than " << (0.9 * in_bound) << ", got " << (p.in_proj_weight.cwiseAbs().maxCoeff()) << ": " << "3072 uniform draws should come near the bound");
  EXPECT_AT_MOST(p.out_proj_weight.cwiseAbs().maxCoeff(), (out_bound + kTol.allowed(out_bound)));
  EXPECT_HOLDS(p.out_proj_weight.cwiseAbs().maxCoeff() > 0.9 * out_bound, course_testing::Text() << "expected more than " << (0.9 * out_bound) << ", got " << (p.out_proj_weight.cwiseAbs().maxCoeff()));
}

TEST(MhaProjections, InitDependsOnlyOnTheSeed) {
  student::MultiHeadAttention a(12, 3, 5), b(12, 3, 5), c(12, 3, 6);
  EXPECT_TENSOR_NEAR(a.parameters().in_proj_weight, b.parameters().in_proj_weight, 0, 0);
  EXPECT_HOLDS(!(a.parameters().in_proj_weight.isApprox(c.parameters().in_proj_weight)), course_testing::Text() << "seeds 5 and 6 gave the same in_proj_weight");
}

TEST(MhaProjections, EmbedDimMustBeDivisibleByNumHeads) {
  EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(10, 3), "embed_dim (10) must be divisible by num_heads (3)");
  EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(0, 1), "embed_dim");
  EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(8, 0), "num_heads");
}

TEST(MhaProjections, SizesMustBePositive) {
  // "> 0", not "!= 0": a negative count is as wrong as zero.
  EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(8, -2), "num_heads");
  EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(-8, 2), "embed_dim");
  EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(-8, -2), "embed_dim");
  const Tensor x({1, 2, 4});
  const course::MatrixXf w = course::MatrixXf::Identity(4, 4);
  const course::VectorXf b = course::VectorXf::Zero(4);
  EXPECT_INVALID_ARGUMENT(student::project_heads(x, w, b, 0), "num_heads");
  EXPECT_INVALID_ARGUMENT(student::project_heads(x, w, b, -2), "num_heads");
}

TEST(MhaProjections, SetParametersKeepsTheValues) {
  student::MultiHeadAttention mha(6, 2);
  const auto p = mha_public::random_parameters(6, 1);
  mha.set_parameters(p);
  EXPECT_TENSOR_NEAR(mha.parameters().in_proj_weight, p.in_proj_weight, 0, 0);
  EXPECT_TENSOR_NEAR(mha.parameters().out_proj_weight, p.out_proj_weight, 0, 0);
  EXPECT_HOLDS(mha.parameters().in_proj_bias == p.in_proj_bias, "parameters() should return the in_proj_bias given to the constructor");
  EXPECT_HOLDS(mha.parameters().out_proj_bias == p.out_proj_bias, "parameters() should return the out_proj_bias given to the constructor");
}

TEST(MhaProjections, SetParametersRejectsWrongShapes) {
  student::MultiHeadAttention mha(6, 2);
  const auto good = mha_public::random_parameters(6, 2);
  auto p = good;
  p.in_proj_weight = good.in_proj_weight.transpose();  // (E, 3E) instead of (3E, E)
  EXPECT_INVALID_ARGUMENT(mha.set_parameters(p), "in_proj_weight");
  p = good;
  p.in_proj_bias = good.in_proj_bias.head(6);
  EXPECT_INVALID_ARGUMENT(mha.set_parameters(p), "in_proj_bias");
  p = good;
  p.out_proj_weight = course::MatrixXf::Zero(6, 7);
  EXPECT_INVALID_ARGUMENT(mha.set_parameters(p), "out_proj_weight");
  p = good;
  p.out_proj_bias = course::VectorXf::Zero(18);
  EXPECT_INVALID_ARGUMENT(mha.set_parameters(p), "out_proj_bias");
}

// The module lives in your worker across calls: a refused set_parameters must
// leave every parameter as it was, even when the bad one comes last (read
// back with parameters(); forward is exercise mha-combine's).
TEST(MhaProjections, RefusedSetParametersChangesNothing) {
  student::MultiHeadAttention mha(6, 2);
  const auto before = mha_public::random_parameters(6, 3);
  mha.set_parameters(before);
  // Good first fields, a bad last one: a setter that stores field by field has changed three already.
  auto p = mha_public::random_parameters(6, 5);
  p.out_proj_bias = course::VectorXf::Zero(5);
  EXPECT_INVALID_ARGUMENT(mha.set_parameters(p), "out_proj_bias");
  const auto after = mha.parameters();
  EXPECT_TENSOR_NEAR(after.in_proj_weight, before.in_proj_weight, 0, 0)
      << "set_parameters threw for out_proj_bias but had already replaced in_proj_weight: check every field first";
  EXPECT_HOLDS(after.in_proj_bias == before.in_proj_bias,
               "set_parameters threw for out_proj_bias but had already replaced in_proj_bias: check every field first");
  EXPECT_TENSOR_NEAR(after.out_proj_weight, before.out_proj_weight, 0, 0)
      << "set_parameters threw for out_proj_bias but had already replaced out_proj_weight: check every field first";
  EXPECT_HOLDS(after.out_proj_bias == before.out_proj_bias, "a refused out_proj_bias must not be stored");
}

TEST(MhaProjections, IdentityProjectionOnlySplitsTheHeads) {
  // x(b, l, e) = 100b + 10l + e, so every value says where it came from.
  const Tensor x = filled({2, 3, 6}, [](Index i) { return float(100 * (i / 18) + 10 * (i / 6 % 3) + i % 6); });
  const Tensor heads = student::project_heads(x, course::MatrixXf::Identity(6, 6), course::VectorXf::Zero(6), 3);
  ASSERT_SHAPE(heads, {2, 3, 3, 2}) << "expected (B, H, L, D) = (2, 3, 3, 2)";
  for (Index b = 0; b < 2; ++b)
    for (Index h = 0; h < 3; ++h)
      for (Index l = 0; l < 3; ++l)
        for (Index d = 0; d < 2; ++d)
          EXPECT_SAME(heads.at({b, h, l, d}), x.at({b, l, h * 2 + d}))
              << "head " << h << " should hold columns [" << 2 * h << ", " << 2 * h + 2 << ") of position " << l
              << " (b=" << b << ", d=" << d << ")";
}

TEST(MhaProjections, ProjectionIsXTimesWeightTransposedPlusBias) {
  // x is the unit vector e_1, so x * W^T is column 1 of W: W(i, 1) = 10i + 1.
  const Tensor x = filled({1, 1, 4}, [](Index i) { return i == 1 ? 1.0f : 0.0f; });
  course::MatrixXf w(4, 4);
  for (Index i = 0; i < 4; ++i)
    for (Index j = 0; j < 4; ++j) w(i, j) = float(10 * i + j);
  const course::VectorXf bias = course::VectorXf::LinSpaced(4, 0.5f, 2.0f);  // 0.5, 1, 1.5, 2
  const Tensor heads = student::project_heads(x, w, bias, 2);
  ASSERT_SHAPE(heads, {1, 2, 1, 2});
  for (Index h = 0; h < 2; ++h)
    for (Index d = 0; d < 2; ++d) {
      const Index feature = h * 2 + d;
      EXPECT_VALUE_NEAR(heads.at({0, h, 0, d}), float(10 * feature + 1) + bias(feature), kTol) << "feature " << feature;
    }
}

// Any shape letter may be 0: no positions (L = 0) or no sequences (B = 0)
// give heads as empty, with H and D as the sizes say.
TEST(MhaProjections, ProjectHeadsOfAnEmptySequenceOrBatch) {
  const course::MatrixXf w = course::MatrixXf::Identity(4, 4);
  const course::VectorXf b = course::VectorXf::Zero(4);
  EXPECT_SHAPE(student::project_heads(Tensor({2, 0, 4}), w, b, 2), {2, 2, 0, 2});
  EXPECT_SHAPE(student::project_heads(Tensor({0, 3, 4}), w, b, 2), {0, 2, 3, 2});
}

TEST(MhaProjections, ProjectHeadsRejectsBadArguments) {
  const Tensor x({2, 3, 6});
  const course::MatrixXf w = course::MatrixXf::Identity(6, 6);
  const course::VectorXf b = course::VectorXf::Zero(6);
  EXPECT_INVALID_ARGUMENT(student::project_heads(x, w, b, 4), "embed_dim (6) must be divisible by num_heads (4)");
  EXPECT_INVALID_ARGUMENT(student::project_heads(x, course::MatrixXf::Zero(6, 5), b, 2), "weight");
  EXPECT_INVALID_ARGUMENT(student::project_heads(x, w, course::VectorXf::Zero(5), 2), "bias");
  EXPECT_INVALID_ARGUMENT(student::project_heads(Tensor({3, 6}), w, b, 2), "x");
}

}  // namespace

// The header's contract, sentence by sentence: each error with the message it
// fixes, parameters of another width, and project_heads using every argument
// of every call.
namespace {

TEST(MhaProjections, SizeErrorsGiveTheHeadersMessages) {
  EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(0, 1), "embed_dim must be > 0, got 0");
  EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(8, 0), "num_heads must be > 0, got 0");
  EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(-4, 2), "embed_dim must be > 0, got -4");
  EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(12, 5), "embed_dim (12) must be divisible by num_heads (5)");
  EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(3, 6), "embed_dim (3) must be divisible by num_heads (6)");
}

TEST(MhaProjections, SetParametersNamesTheExpectedShape) {
  student::MultiHeadAttention mha(32, 4);
  const auto good = mha_public::random_parameters(32, 11);
  auto p = good;
  p.in_proj_weight = good.in_proj_weight.transpose();
  EXPECT_INVALID_ARGUMENT(mha.set_parameters(p), "in_proj_weight: expected shape (96, 32), got (32, 96)");
  p = good;
  p.in_proj_bias = good.in_proj_bias.head(32);
  EXPECT_INVALID_ARGUMENT(mha.set_parameters(p), "in_proj_bias: expected shape (96,), got (32,)");
  p = good;
  p.out_proj_weight = course::MatrixXf::Zero(32, 33);
  EXPECT_INVALID_ARGUMENT(mha.set_parameters(p), "out_proj_weight: expected shape (32, 32), got (32, 33)");
  p = good;
  p.out_proj_weight = course::MatrixXf::Zero(33, 32);
  EXPECT_INVALID_ARGUMENT(mha.set_parameters(p), "out_proj_weight: expected shape (32, 32), got (33, 32)");
  p = good;
  p.out_proj_bias = course::VectorXf::Zero(96);
  EXPECT_INVALID_ARGUMENT(mha.set_parameters(p), "out_proj_bias: expected shape (32,), got (96,)");
}

TEST(MhaProjections, ParametersOfAnotherWidthAreRefusedAtOnce) {
  // Every parameter consistent, but for E = 6: refused by set_parameters,
  // not accepted until the next forward fails.
  student::MultiHeadAttention mha(8, 2);
  EXPECT_INVALID_ARGUMENT(mha.set_parameters(mha_public::random_parameters(6, 12)),
                          "in_proj_weight: expected shape (24, 8), got (18, 6)");
  student::MultiHeadAttention small(6, 2);
  EXPECT_INVALID_ARGUMENT(small.set_parameters(mha_public::random_parameters(8, 12)),
                          "in_proj_weight: expected shape (18, 6), got (24, 8)");
}

TEST(MhaProjections, TheSmallestSizesAreAccepted) {
  // E = 1 with one head is > 0 and divisible: a module of one feature.
  student::MultiHeadAttention mha(1, 1);
  EXPECT_SAME(mha.head_dim(), 1);
  EXPECT_SHAPE(mha.parameters().in_proj_weight, {3, 1});
  EXPECT_SHAPE(student::project_heads(Tensor({1, 2, 1}), course::MatrixXf::Identity(1, 1), course::VectorXf::Zero(1), 1),
               {1, 1, 2, 1});
}

TEST(MhaProjections, HeadDimIsEmbedDimOverNumHeads) {
  EXPECT_SAME(student::MultiHeadAttention(6, 3).head_dim(), 2);
  EXPECT_SAME(student::MultiHeadAttention(6, 1).head_dim(), 6);
  EXPECT_SAME(student::MultiHeadAttention(5, 5).head_dim(), 1);
}

TEST(MhaProjections, ProjectHeadsErrorsNameTheExpectedShape) {
  const Tensor x({2, 3, 6});
  const course::MatrixXf w = course::MatrixXf::Identity(6, 6);
  const course::VectorXf b = course::VectorXf::Zero(6);
  EXPECT_INVALID_ARGUMENT(student::project_heads(x, course::MatrixXf::Zero(5, 6), b, 2),
                          "weight: expected shape (6, 6), got (5, 6)");
  EXPECT_INVALID_ARGUMENT(student::project_heads(x, course::MatrixXf::Zero(6, 5), b, 2),
                          "weight: expected shape (6, 6), got (6, 5)");
  EXPECT_INVALID_ARGUMENT(student::project_heads(x, w, course::VectorXf::Zero(7), 2), "bias: expected shape (6,), got (7,)");
  EXPECT_INVALID_ARGUMENT(student::project_heads(Tensor({3, 6}), w, b, 2), "x: expected shape");
  EXPECT_INVALID_ARGUMENT(student::project_heads(x, w, b, 0), "num_heads must be > 0");
  EXPECT_INVALID_ARGUMENT(student::project_heads(x, w, b, 7), "embed_dim (6) must be divisible by num_heads (7)");
}

TEST(MhaProjections, ProjectHeadsUsesEveryArgumentOfEachCall) {
  // The same x through two weights, two biases and two head counts: each call
  // answers for its own arguments (nothing is kept from an earlier call).
  // x = e_0 at every position, so x * W^T is column 0 of W.
  const Tensor x = filled({2, 2, 4}, [](Index i) { return i % 4 == 0 ? 1.0f : 0.0f; });
  course::MatrixXf w1(4, 4), w2(4, 4);
  for (Index i = 0; i < 4; ++i)
    for (Index j = 0; j < 4; ++j) {
      w1(i, j) = float(i + 1);
      w2(i, j) = -float(10 * (i + 1));
    }
  const course::VectorXf zero = course::VectorXf::Zero(4), ones = course::VectorXf::Ones(4);
  struct Case {
    const course::MatrixXf* w;
    const course::VectorXf* bias;
    Index heads;
    float scale, shift;
  };
  for (const Case& c : {Case{&w1, &zero, 2, 1, 0}, Case{&w2, &zero, 2, -10, 0}, Case{&w2, &ones, 2, -10, 1},
                        Case{&w1, &ones, 4, 1, 1}, Case{&w1, &zero, 1, 1, 0}}) {
    const Tensor heads = student::project_heads(x, *c.w, *c.bias, c.heads);
    const Index d = 4 / c.heads;
    ASSERT_SHAPE(heads, {2, c.heads, 2, d});
    for (Index b = 0; b < 2; ++b)
      for (Index h = 0; h < c.heads; ++h)
        for (Index l = 0; l < 2; ++l)
          for (Index k = 0; k < d; ++k)
            EXPECT_VALUE_NEAR(heads.at({b, h, l, k}), c.scale * float(h * d + k + 1) + c.shift, kTol)
                << "H = " << c.heads << ", b=" << b << ", h=" << h << ", l=" << l << ", d=" << k;
  }
}

}  // namespace
