// Exercise mha-combine: forward with masks. forward hands attn_mask and
// key_padding_mask to merge_masks and its score bias to attend_heads; these
// tests check that hand-on, with masks written out here (not made by the
// student's causal_mask), and against PyTorch's numbers for each kind of mask.
// In `grade`, merge_masks is the reference's (course.yaml `uses`): a wrong
// merge_masks costs mha-masks its points, not these.
#include <cmath>
#include <limits>

#include "common/tensor_testing.hpp"
#include "mha_public_support.hpp"
#include "mha_torch_support.hpp"
#include "multi-head-attention/bridge/proxy.hpp"

namespace {

using course::AttentionMask;
using course::Index;
using course::MaskKind;
using course::Tensor;
using mha_public::expect_torch_forward;
using mha_public::random_tensor;

// A blocked key contributes exactly 0, but an implementation may still round
// differently when other inputs change (e.g. a softmax that subtracts one
// maximum for the whole matrix): the course's float32 tolerance (lessons/common/tensor_testing.hpp).
constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;
// The weight of a blocked key is exp(-inf) = 0, but Eigen's vectorised exp()
// returns the smallest normal float (~3e-39) for -inf: both count as zero.
constexpr float kBlockedWeight = 1e-30f;

// The boolean causal mask of L queries over L keys: 1 (blocked) above the diagonal.
AttentionMask causal(Index length) {
  Tensor values({length, length});
  for (Index i = 0; i < length; ++i)
    for (Index j = i + 1; j < length; ++j) values.at({i, j}) = 1.0f;
  return AttentionMask{MaskKind::boolean, values};
}

TEST(MhaForwardMasks, BooleanMaskMatchesTorch) { expect_torch_forward("boolean_mask"); }
TEST(MhaForwardMasks, FiniteAdditiveMaskMatchesTorch) { expect_torch_forward("finite_additive_mask"); }
TEST(MhaForwardMasks, CausalMaskMatchesTorch) { expect_torch_forward("causal_mask"); }
TEST(MhaForwardMasks, KeyPaddingMaskMatchesTorch) { expect_torch_forward("key_padding"); }

TEST(MhaForwardMasks, CausalForwardIgnoresLaterTokens) {
  student::MultiHeadAttention mha(8, 2);
  mha.set_parameters(mha_public::random_parameters(8, 1));
  Tensor x = random_tensor({1, 4, 8}, 2);
  course::ForwardOptions options;
  options.attn_mask = causal(4);
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

TEST(MhaForwardMasks, PaddedKeysChangeNothing) {
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

TEST(MhaForwardMasks, BothMasksTogetherReachTheScores) {
  // B = 2, H = 2, L = 2, S = 3: the attn_mask blocks key 0 for query 1, the
  // padding blocks key 2 in batch 1. A forward that hands on only one of them
  // leaves weight on the other blocked key.
  student::MultiHeadAttention mha(4, 2);
  mha.set_parameters(mha_public::random_parameters(4, 7));
  const Tensor query = random_tensor({2, 2, 4}, 8), key = random_tensor({2, 3, 4}, 9);
  course::ForwardOptions options;
  options.attn_mask = AttentionMask{MaskKind::boolean, Tensor({2, 3}, {0, 0, 0, 1, 0, 0})};
  options.key_padding_mask = Tensor({2, 3}, {0, 0, 0, 0, 0, 1});
  options.average_attn_weights = false;
  const auto r = mha.forward(query, key, key, options);
  ASSERT_HOLDS(r.weights.has_value(), "expected the attention weights, got none (std::nullopt)");
  ASSERT_SHAPE(*r.weights, {2, 2, 2, 3});
  for (Index b = 0; b < 2; ++b)
    for (Index h = 0; h < 2; ++h)
      EXPECT_AT_MOST(r.weights->at({b, h, 1, 0}), kBlockedWeight) << "attn_mask blocks key 0 for query 1 (b=" << b << ", h=" << h << ")";
  for (Index h = 0; h < 2; ++h)
    for (Index l = 0; l < 2; ++l)
      EXPECT_AT_MOST(r.weights->at({1, h, l, 2}), kBlockedWeight) << "batch 1 pads key 2 (h=" << h << ", l=" << l << ")";
}

TEST(MhaForwardMasks, RejectsBadMasksWithMergeMasksErrors) {
  student::MultiHeadAttention mha(4, 2);
  const Tensor x = random_tensor({2, 3, 4}, 71);
  course::ForwardOptions swapped;
  swapped.key_padding_mask = Tensor({3, 2});
  EXPECT_INVALID_ARGUMENT(mha.forward(x, x, x, swapped), "key_padding_mask: expected shape (2, 3), got (3, 2)");
  course::ForwardOptions per_head;
  per_head.attn_mask = AttentionMask{MaskKind::boolean, Tensor({2, 3, 3})};  // H entries, B*H = 4 expected
  EXPECT_INVALID_ARGUMENT(mha.forward(x, x, x, per_head), "attn_mask: expected shape (3, 3) or (4, 3, 3), got (2, 3, 3)");
}

TEST(MhaForwardMasks, QueryThatSeesNoKeyIsNaN) {
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
