// Exercise mha-masks: the causal mask, merging attn_mask and key_padding_mask,
// and both masks in forward.
#include <cmath>
#include <limits>

#include "common/tensor_testing.hpp"
#include "mha_public_support.hpp"
#include "multi-head-attention/bridge/proxy.hpp"

namespace {

using course::AttentionMask;
using course::Index;
using course::MaskKind;
using course::Tensor;
using mha_public::filled;
using mha_public::random_tensor;

constexpr float kInf = std::numeric_limits<float>::infinity();
// A blocked key contributes exactly 0, but an implementation may still round
// differently when other inputs change (e.g. a softmax that subtracts one
// maximum for the whole matrix): the course's float32 tolerance (lessons/common/tensor_testing.hpp).
constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;
// The weight of a blocked key is exp(-inf) = 0, but Eigen's vectorised exp()
// returns the smallest normal float (~3e-39) for -inf: both count as zero.
constexpr float kBlockedWeight = 1e-30f;

TEST(MhaMasks, CausalMaskBlocksLaterKeys) {
  const AttentionMask square = student::causal_mask(3, 3);
  EXPECT_SAME(square.kind, MaskKind::boolean);
  EXPECT_TENSOR_NEAR(square.values, Tensor({3, 3}, {0, 1, 1, 0, 0, 1, 0, 0, 0}), 0, 0);
  const AttentionMask wide = student::causal_mask(2, 4);
  EXPECT_TENSOR_NEAR(wide.values, Tensor({2, 4}, {0, 1, 1, 1, 0, 0, 1, 1}), 0, 0);
}

TEST(MhaMasks, BooleanMaskBecomesMinusInfinityInEveryHead) {
  // B = 1, H = 2, L = 2, S = 3; nonzero = blocked
  const AttentionMask mask{MaskKind::boolean, Tensor({2, 3}, {0, 1, 0, 1, 0, 0})};
  const Tensor bias = student::merge_masks(mask, std::nullopt, 1, 2, 2, 3);
  const Tensor want({1, 2, 2, 3}, {0, -kInf, 0, -kInf, 0, 0, 0, -kInf, 0, -kInf, 0, 0});
  EXPECT_TENSOR_NEAR(bias, want, 0, 0);
}

TEST(MhaMasks, AdditiveMaskIsAddedAsIs) {
  const AttentionMask mask{MaskKind::additive, Tensor({2, 2}, {0.5f, -1.0f, -kInf, 2.0f})};
  const Tensor bias = student::merge_masks(mask, std::nullopt, 2, 1, 2, 2);
  EXPECT_TENSOR_NEAR(bias, Tensor({2, 1, 2, 2}, {0.5f, -1.0f, -kInf, 2.0f, 0.5f, -1.0f, -kInf, 2.0f}), 0, 0);
}

TEST(MhaMasks, ThreeDimensionalMaskIsBatchMajor) {
  // B = 2, H = 3: entry i of the (B*H, L, S) mask holds the value i everywhere;
  // batch b, head h must receive entry b*H + h.
  const AttentionMask mask{MaskKind::additive, filled({6, 2, 2}, [](Index i) { return float(i / 4); })};
  const Tensor bias = student::merge_masks(mask, std::nullopt, 2, 3, 2, 2);
  ASSERT_SHAPE(bias, {2, 3, 2, 2});
  for (Index b = 0; b < 2; ++b)
    for (Index h = 0; h < 3; ++h) EXPECT_SAME(bias.at({b, h, 1, 0}), float(b * 3 + h)) << "b=" << b << ", h=" << h;
}

TEST(MhaMasks, KeyPaddingBlocksWholeKeyColumns) {
  // B = 2, H = 1, L = 2, S = 3: batch 1 pads its last key.
  const Tensor padding({2, 3}, {0, 0, 0, 0, 0, 1});
  const Tensor bias = student::merge_masks(std::nullopt, padding, 2, 1, 2, 3);
  EXPECT_TENSOR_NEAR(bias, Tensor({2, 1, 2, 3}, {0, 0, 0, 0, 0, 0, 0, 0, -kInf, 0, 0, -kInf}), 0, 0);
}

TEST(MhaMasks, CausalForwardIgnoresLaterTokens) {
  student::MultiHeadAttention mha(8, 2);
  mha.set_parameters(mha_public::random_parameters(8, 1));
  Tensor x = random_tensor({1, 4, 8}, 2);
  course::ForwardOptions options;
  options.attn_mask = student::causal_mask(4, 4);
  options.average_attn_weights = false;
  const auto before = mha.forward(x, x, x, options);
  ASSERT_HOLDS(before.weights.has_value(), "expected the attention weights, got none (std::nullopt)");
  for (Index h = 0; h < 2; ++h)
    for (Index l = 0; l < 4; ++l)
      for (Index s = l + 1; s < 4; ++s)
        EXPECT_AT_MOST(before.weights->at({0, h, l, s}), kBlockedWeight) << "query " << l << " must not see key " << s;
  for (Index e = 0; e < 8; ++e) x.at({0, 3, e}) += 5.0f;  // change only the last token
  const auto after = mha.forward(x, x, x, options);
  for (Index l = 0; l < 3; ++l)
    for (Index e = 0; e < 8; ++e)
      EXPECT_VALUE_NEAR(after.output.at({0, l, e}), before.output.at({0, l, e}), kTol) << "position " << l << " saw the future";
}

TEST(MhaMasks, PaddedKeysChangeNothing) {
  student::MultiHeadAttention mha(6, 3);
  mha.set_parameters(mha_public::random_parameters(6, 3));
  const Tensor query = random_tensor({2, 2, 6}, 4);
  Tensor key = random_tensor({2, 3, 6}, 5), value = random_tensor({2, 3, 6}, 6);
  course::ForwardOptions options;
  options.key_padding_mask = Tensor({2, 3}, {0, 0, 1, 0, 0, 0});  // batch 0 pads key 2
  const auto before = mha.forward(query, key, value, options);
  ASSERT_HOLDS(before.weights.has_value(), "expected the attention weights, got none (std::nullopt)");
  for (Index l = 0; l < 2; ++l) EXPECT_AT_MOST(before.weights->at({0, l, 2}), kBlockedWeight) << "padded key got weight";
  for (Index e = 0; e < 6; ++e) {
    key.at({0, 2, e}) = 9.0f;
    value.at({0, 2, e}) = -9.0f;
  }
  const auto after = mha.forward(query, key, value, options);
  EXPECT_RESULT_NEAR(after.output, before.output, kTol);
}

TEST(MhaMasks, RejectsMasksOfTheWrongShape) {
  const AttentionMask tall{MaskKind::boolean, Tensor({3, 3})};  // L = 2, S = 3 expected
  EXPECT_INVALID_ARGUMENT(student::merge_masks(tall, std::nullopt, 1, 2, 2, 3), "attn_mask");
  const AttentionMask per_head{MaskKind::boolean, Tensor({3, 2, 3})};  // B*H = 2 expected
  EXPECT_INVALID_ARGUMENT(student::merge_masks(per_head, std::nullopt, 1, 2, 2, 3), "attn_mask");
  EXPECT_INVALID_ARGUMENT(student::merge_masks(std::nullopt, Tensor({1, 4}), 1, 2, 2, 3), "key_padding_mask");
  EXPECT_INVALID_ARGUMENT(student::causal_mask(-1, 2), "query_len");
  EXPECT_INVALID_ARGUMENT(student::causal_mask(2, -1), "key_len");
}

}  // namespace

// The header's contract, sentence by sentence: every value a mask may hold
// (nonzero blocks: 2 and -1 too), both masks together, masks with their sizes
// swapped and the messages the header fixes, the causal mask's other shapes.
namespace {

TEST(MhaMasks, CausalMaskOfEveryShape) {
  // Taller than wide, a single row, and the empty shapes (lengths of 0 are allowed).
  EXPECT_TENSOR_NEAR(student::causal_mask(4, 2).values, Tensor({4, 2}, {0, 1, 0, 0, 0, 0, 0, 0}), 0, 0);
  EXPECT_TENSOR_NEAR(student::causal_mask(1, 3).values, Tensor({1, 3}, {0, 1, 1}), 0, 0);
  EXPECT_SAME(student::causal_mask(4, 2).kind, MaskKind::boolean);
  EXPECT_SHAPE(student::causal_mask(0, 3).values, {0, 3});
  EXPECT_SHAPE(student::causal_mask(2, 0).values, {2, 0});
  EXPECT_SHAPE(student::causal_mask(0, 0).values, {0, 0});
  EXPECT_INVALID_ARGUMENT(student::causal_mask(-2, -2), "query_len");
}

TEST(MhaMasks, EveryNonzeroEntryBlocks) {
  // A boolean attn_mask entry of 2 or -1 blocks as 1 does; so does a padding entry of -1 or 0.5.
  const AttentionMask mask{MaskKind::boolean, Tensor({2, 3}, {2, 0, 0, 0, 0, -1})};
  const Tensor bias = student::merge_masks(mask, std::nullopt, 1, 1, 2, 3);
  EXPECT_TENSOR_NEAR(bias, Tensor({1, 1, 2, 3}, {-kInf, 0, 0, 0, 0, -kInf}), 0, 0);
  const Tensor padding({2, 3}, {-1, 0, 0, 0, 0.5f, 0});
  const Tensor padded = student::merge_masks(std::nullopt, padding, 2, 1, 1, 3);
  EXPECT_TENSOR_NEAR(padded, Tensor({2, 1, 1, 3}, {-kInf, 0, 0, 0, -kInf, 0}), 0, 0);
}

TEST(MhaMasks, BothMasksTogether) {
  // B = 2, H = 2, L = 2, S = 3: an additive attn_mask plus padding of key 0 in
  // batch 1; then a boolean attn_mask with the same padding.
  const Tensor padding({2, 3}, {0, 0, 0, 1, 0, 0});
  const AttentionMask additive{MaskKind::additive, Tensor({2, 3}, {0.5f, -1, 2, 0, 3, -0.25f})};
  const Tensor bias = student::merge_masks(additive, padding, 2, 2, 2, 3);
  ASSERT_SHAPE(bias, {2, 2, 2, 3});
  for (Index h = 0; h < 2; ++h) {
    EXPECT_TENSOR_NEAR(Tensor({2, 3}, std::vector<float>(bias.matrix({0, h}).data(), bias.matrix({0, h}).data() + 6)),
                       additive.values, 0, 0)
        << "batch 0 (no padding), head " << h;
    EXPECT_TENSOR_NEAR(Tensor({2, 3}, std::vector<float>(bias.matrix({1, h}).data(), bias.matrix({1, h}).data() + 6)),
                       Tensor({2, 3}, {-kInf, -1, 2, -kInf, 3, -0.25f}), 0, 0)
        << "batch 1 (key 0 padded), head " << h;
  }
  const AttentionMask boolean{MaskKind::boolean, Tensor({2, 3}, {0, 0, 1, 0, 0, 0})};
  const Tensor both = student::merge_masks(boolean, padding, 2, 1, 2, 3);
  EXPECT_TENSOR_NEAR(both, Tensor({2, 1, 2, 3}, {0, 0, -kInf, 0, 0, 0, -kInf, 0, -kInf, -kInf, 0, 0}), 0, 0);
}

TEST(MhaMasks, PerHeadBooleanMaskReachesItsHeadOnly) {
  // (B*H, L, S) boolean: entry b*H + h blocks key h of batch b's head h only.
  const Tensor values = filled({4, 1, 2}, [](Index i) { return (i / 2) % 2 == i % 2 ? 1.0f : 0.0f; });
  const Tensor bias = student::merge_masks(AttentionMask{MaskKind::boolean, values}, std::nullopt, 2, 2, 1, 2);
  EXPECT_TENSOR_NEAR(bias, Tensor({2, 2, 1, 2}, {-kInf, 0, 0, -kInf, -kInf, 0, 0, -kInf}), 0, 0);
}

TEST(MhaMasks, MasksWithTheirSizesSwappedAreRejected) {
  // B = 1, H = 2, L = 2, S = 3.
  EXPECT_INVALID_ARGUMENT(student::merge_masks(AttentionMask{MaskKind::boolean, Tensor({3, 2})}, std::nullopt, 1, 2, 2, 3),
                          "attn_mask: expected shape (2, 3) or (2, 2, 3), got (3, 2)");
  EXPECT_INVALID_ARGUMENT(student::merge_masks(AttentionMask{MaskKind::additive, Tensor({2, 3, 2})}, std::nullopt, 1, 2, 2, 3),
                          "attn_mask: expected shape (2, 3) or (2, 2, 3), got (2, 3, 2)");
  // B = 2, H = 3, L = 5, S = 7: one mask per head but not per batch.
  EXPECT_INVALID_ARGUMENT(student::merge_masks(AttentionMask{MaskKind::boolean, Tensor({3, 5, 7})}, std::nullopt, 2, 3, 5, 7),
                          "attn_mask: expected shape (5, 7) or (6, 5, 7), got (3, 5, 7)");
  // key_padding_mask (S, B) instead of (B, S).
  EXPECT_INVALID_ARGUMENT(student::merge_masks(std::nullopt, Tensor({7, 2}), 2, 3, 5, 7),
                          "key_padding_mask: expected shape (2, 7), got (7, 2)");
  EXPECT_INVALID_ARGUMENT(student::merge_masks(std::nullopt, Tensor({1, 7}), 2, 3, 5, 7),
                          "key_padding_mask: expected shape (2, 7), got (1, 7)");
}

TEST(MhaMasks, ForwardRejectsBadMasksWithMergeMasksErrors) {
  student::MultiHeadAttention mha(4, 2);
  const Tensor x = random_tensor({2, 3, 4}, 71);
  course::ForwardOptions swapped;
  swapped.key_padding_mask = Tensor({3, 2});
  EXPECT_INVALID_ARGUMENT(mha.forward(x, x, x, swapped), "key_padding_mask: expected shape (2, 3), got (3, 2)");
  course::ForwardOptions per_head;
  per_head.attn_mask = AttentionMask{MaskKind::boolean, Tensor({2, 3, 3})};  // H entries, B*H = 4 expected
  EXPECT_INVALID_ARGUMENT(mha.forward(x, x, x, per_head), "attn_mask: expected shape (3, 3) or (4, 3, 3), got (2, 3, 3)");
}

TEST(MhaMasks, ForwardQueryThatSeesNoKeyIsNaN) {
  // Padding every key of batch 1: its outputs and weights are NaN, as in
  // PyTorch; batch 0 is untouched.
  student::MultiHeadAttention mha(4, 2);
  mha.set_parameters(mha_public::random_parameters(4, 72));
  const Tensor x = random_tensor({2, 2, 4}, 73);
  course::ForwardOptions options;
  options.key_padding_mask = Tensor({2, 2}, {0, 0, 1, 1});
  const auto r = mha.forward(x, x, x, options);
  ASSERT_SHAPE(r.output, {2, 2, 4});
  for (Index l = 0; l < 2; ++l)
    for (Index e = 0; e < 4; ++e) {
      EXPECT_HOLDS(std::isnan(r.output.at({1, l, e})), course_testing::Text() << "output(1, " << l << ", " << e
                                                       << ") with every key padded should be NaN, got " << r.output.at({1, l, e}));
      EXPECT_HOLDS(std::isfinite(r.output.at({0, l, e})), course_testing::Text() << "output(0, " << l << ", " << e
                                                          << ") has keys to attend to, got " << r.output.at({0, l, e}));
    }
}

}  // namespace
