// Exercise mha-masks: the causal mask, and merging attn_mask and
// key_padding_mask into one score bias. These tests call causal_mask and
// merge_masks only: forward's use of the masks is mha-combine's
// (mha_forward_masks_test.cpp), so a wrong forward costs no point here.
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

constexpr float kInf = std::numeric_limits<float>::infinity();

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
  // Both negative: the header lets the message name either length.
  EXPECT_ERROR(student::causal_mask(-2, -2), std::invalid_argument, "_len");
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

}  // namespace
