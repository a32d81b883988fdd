// Exercise encoder-stack: the embeddings with their positions, then N layers and the final norm.
#include <cmath>

#include "common/tensor_testing.hpp"
#include "encoder-block/bridge/proxy.hpp"
#include "encoder_public_support.hpp"

namespace {

using course::Activation;
using course::EncoderConfig;
using course::EncoderMasks;
using course::EncoderParameters;
using course::Index;
using course::Tensor;
using encoder_public::random_layer;
using encoder_public::random_tensor;

constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;

TEST(EncoderStack, InputOfZeroEmbeddingsIsTheEncoding) {
  // Row 0 of the encoding is 0 1 0 1; row 1 is sin(1) cos(1) sin(0.01) cos(0.01) for E = 4.
  const Tensor x = student::encoder_input(Tensor({2, 2, 4}));
  ASSERT_SHAPE(x, {2, 2, 4});
  const std::vector<float> rows = {0, 1, 0, 1, std::sin(1.0f), std::cos(1.0f), std::sin(0.01f), std::cos(0.01f)};
  Tensor want({2, 2, 4});
  for (Index b = 0; b < 2; ++b)
    for (Index i = 0; i < 8; ++i) want.data()[b * 8 + i] = rows[std::size_t(i)];
  EXPECT_RESULT_NEAR(x, want, kTol);
}

TEST(EncoderStack, InputScalesTheEmbeddingsBySqrtE) {
  // E = 9: embeddings of 1 become 3, plus the encoding (row 0: 0 1 0 1 ... 0).
  const Tensor x = student::encoder_input(Tensor({1, 1, 9}, 1.0f));
  Tensor want({1, 1, 9});
  for (Index e = 0; e < 9; ++e) want.at({0, 0, e}) = 3.0f + (e % 2 == 1 ? 1.0f : 0.0f);
  EXPECT_RESULT_NEAR_EXPLAINED(x, want, kTol,
                               {course_testing::mistake("the embeddings are not scaled by sqrt(E)",
                                                        Tensor({1, 1, 9}, std::vector<float>{1, 2, 1, 2, 1, 2, 1, 2, 1}))});
}

TEST(EncoderStack, InputScaleIsNotAWholeNumber) {
  // E = 6: sqrt(6) = 2.449..., which an integer type would cut to 2. Row 0 of the encoding is 0 1 0 1 0 1.
  const Tensor x = student::encoder_input(Tensor({1, 1, 6}, 1.0f));
  Tensor want({1, 1, 6}), truncated({1, 1, 6});
  for (Index e = 0; e < 6; ++e) {
    want.at({0, 0, e}) = std::sqrt(6.0f) + (e % 2 == 1 ? 1.0f : 0.0f);
    truncated.at({0, 0, e}) = 2.0f + (e % 2 == 1 ? 1.0f : 0.0f);
  }
  EXPECT_RESULT_NEAR_EXPLAINED(x, want, kTol,
                               {course_testing::mistake("sqrt(E) is cut to a whole number (an integer type holds it)",
                                                        truncated)});
}

TEST(EncoderStack, NoLayersIsTheInput) {
  const Tensor embeddings = random_tensor({2, 3, 4}, 1);
  const Tensor input = student::encoder_input(embeddings);
  EXPECT_RESULT_NEAR(student::transformer_encoder(embeddings, {}, {2}), input, kTol);
  EncoderParameters normed;
  normed.final_norm = encoder_public::plain_norm(4);
  EXPECT_RESULT_NEAR(student::transformer_encoder(embeddings, normed, {2}),
                     student::layer_norm(input, *normed.final_norm), kTol);
}

TEST(EncoderStack, LayersRunInOrderWithTheirOwnParameters) {
  const Tensor embeddings = random_tensor({2, 4, 8}, 2, 0.5f);
  EncoderParameters p;
  p.layers = {random_layer(8, 12, 3), random_layer(8, 12, 4), random_layer(8, 12, 5)};
  std::mt19937 rng(6);
  p.final_norm = encoder_public::random_norm(8, rng);
  for (bool norm_first : {false, true}) {
    const EncoderConfig c{4, Activation::gelu, norm_first};
    Tensor want = student::encoder_input(embeddings);
    for (const auto& layer : p.layers) want = student::encoder_layer(want, layer, c);
    want = student::layer_norm(want, *p.final_norm);
    EXPECT_RESULT_NEAR(student::transformer_encoder(embeddings, p, c), want, kTol) << "norm_first = " << norm_first;
  }
}

TEST(EncoderStack, EveryLayerGetsTheMasks) {
  const Tensor embeddings = random_tensor({2, 3, 6}, 7);
  EncoderParameters p;
  p.layers = {random_layer(6, 8, 8), random_layer(6, 8, 9)};
  EncoderMasks masks;
  masks.src_key_padding_mask = Tensor({2, 3}, std::vector<float>{0, 0, 1, 0, 1, 1});
  const EncoderConfig c{3};
  Tensor want = student::encoder_input(embeddings);
  for (const auto& layer : p.layers) want = student::encoder_layer(want, layer, c, masks);
  EXPECT_RESULT_NEAR(student::transformer_encoder(embeddings, p, c, masks), want, kTol);
}

TEST(EncoderStack, RejectsEmbeddingsOfAnotherRank) {
  EXPECT_INVALID_ARGUMENT(student::encoder_input(Tensor({3, 4})), "embeddings");
  EXPECT_INVALID_ARGUMENT(student::transformer_encoder(Tensor({3, 4}), {}, {1}), "embeddings");
}

}  // namespace

// The header's contract, sentence by sentence: encoder_input's message and
// each letter varied alone, and a stack of one layer.
namespace {

TEST(EncoderStack, InputErrorGivesTheHeadersMessage) {
  EXPECT_INVALID_ARGUMENT(student::encoder_input(Tensor({3, 4})), "embeddings: expected shape (B, L, E), got (3, 4)");
  EXPECT_INVALID_ARGUMENT(student::encoder_input(Tensor({1, 2, 3, 4})), "embeddings: expected shape (B, L, E), got (1, 2, 3, 4)");
}

TEST(EncoderStack, InputEachLetterVariedAlone) {
  // Zero embeddings give the encoding at every batch: row l of PE(L, E).
  for (const auto& shape : {std::vector<Index>{1, 1, 2}, std::vector<Index>{3, 1, 2}, std::vector<Index>{1, 3, 2},
                            std::vector<Index>{1, 1, 5}}) {
    const Tensor x = student::encoder_input(Tensor(shape));
    ASSERT_SHAPE(x, shape);
    for (Index b = 0; b < shape[0]; ++b)
      for (Index l = 0; l < shape[1]; ++l) {
        EXPECT_VALUE_NEAR(x.at({b, l, 0}), std::sin(double(l)), kTol) << "PE(" << l << ", 0) = sin(" << l << ")";
        EXPECT_VALUE_NEAR(x.at({b, l, 1}), std::cos(double(l)), kTol) << "PE(" << l << ", 1) = cos(" << l << ")";
      }
  }
}

TEST(EncoderStack, OneLayerIsThatLayerOnTheInput) {
  const Tensor embeddings = random_tensor({1, 3, 4}, 21, 0.5f);
  EncoderParameters p;
  p.layers = {random_layer(4, 6, 22)};
  const EncoderConfig c{2, Activation::relu, false};
  EXPECT_RESULT_NEAR(student::transformer_encoder(embeddings, p, c),
                     student::encoder_layer(student::encoder_input(embeddings), p.layers[0], c), kTol);
}

}  // namespace
