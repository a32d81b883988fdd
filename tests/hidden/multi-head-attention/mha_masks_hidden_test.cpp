// Exercise mha-masks, hidden tests: causal masks and merged masks against the
// reference on sweeps of shapes and of every mask kind. forward with masks is
// mha-combine's (mha_forward_masks_hidden_test.cpp).
#include "common/tensor_testing.hpp"
#include "mha_sweep.hpp"
#include "multi-head-attention/bridge/proxy.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace {

using course::AttentionMask;
using course::Index;
using mha_sweep::MaskCase;

TEST(MhaMasksHidden, CausalMaskMatchesReference) {
  for (auto [l, s] : {std::pair<Index, Index>{1, 1}, {4, 4}, {3, 6}, {6, 3}, {0, 2}, {7, 7}}) {
    SCOPED_TRACE("causal_mask(" + std::to_string(l) + ", " + std::to_string(s) + ")");
    const AttentionMask got = student::causal_mask(l, s), want = ref::causal_mask(l, s);
    EXPECT_SAME(got.kind, want.kind);
    EXPECT_TENSOR_NEAR(got.values, want.values, 0, 0);
  }
}

TEST(MhaMasksHidden, MergeMasksMatchesReference) {
  mha_sweep::Random random(41);
  for (const auto& s : mha_sweep::shapes()) {
    for (const MaskCase& c : mha_sweep::mask_cases(random, s)) {
      SCOPED_TRACE(testing::Message() << s << ", " << c.what);
      // Additions of one mask value to 0: exact.
      EXPECT_TENSOR_NEAR(
          student::merge_masks(c.attn_mask, c.key_padding_mask, s.batch, s.num_heads, s.query_len, s.key_len),
          ref::merge_masks(c.attn_mask, c.key_padding_mask, s.batch, s.num_heads, s.query_len, s.key_len), 0, 0);
    }
  }
}

}  // namespace
