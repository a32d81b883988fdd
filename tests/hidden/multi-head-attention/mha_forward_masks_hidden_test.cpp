// Exercise mha-combine, hidden tests: forward with every kind of mask against
// PyTorch's fixtures and against the reference on sweeps. In `grade`,
// merge_masks is the reference's (course.yaml `uses`), so these tests grade
// how forward hands its masks on, not how they are merged (mha-masks).
#include "common/tensor_testing.hpp"
#include "mha_against_torch.hpp"
#include "mha_sweep.hpp"
#include "multi-head-attention/bridge/proxy.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace {

using course::Tensor;
using mha_fixture::expect_forward_matches_torch;
using mha_sweep::MaskCase;

TEST(MhaForwardMasksHidden, BooleanMaskMatchesTorch) { expect_forward_matches_torch("bool_attn_mask"); }

TEST(MhaForwardMasksHidden, AdditiveMaskMatchesTorch) { expect_forward_matches_torch("additive_attn_mask"); }

TEST(MhaForwardMasksHidden, PerHeadMasksMatchTorch) {
  expect_forward_matches_torch("attn_mask_3d_bool");
  expect_forward_matches_torch("attn_mask_3d_additive");
}

// The fixture's attn_mask is torch.triu(ones(6, 6), 1).
TEST(MhaForwardMasksHidden, CausalMaskMatchesTorch) { expect_forward_matches_torch("causal"); }

TEST(MhaForwardMasksHidden, KeyPaddingMaskMatchesTorch) { expect_forward_matches_torch("key_padding_mask"); }

TEST(MhaForwardMasksHidden, CombinedMasksMatchTorch) { expect_forward_matches_torch("masks_combined"); }

TEST(MhaForwardMasksHidden, MaskedForwardMatchesReferenceSweep) {
  mha_sweep::Random random(42);
  for (const auto& s : mha_sweep::shapes()) {
    const auto p = random.parameters(s.embed_dim);
    student::MultiHeadAttention got(s.embed_dim, s.num_heads);
    got.set_parameters(p);
    ref::MultiHeadAttention want(s.embed_dim, s.num_heads);
    want.set_parameters(p);
    const Tensor query = random.normal({s.batch, s.query_len, s.embed_dim});
    const Tensor key = random.normal({s.batch, s.key_len, s.embed_dim});
    for (const MaskCase& c : mha_sweep::mask_cases(random, s)) {
      SCOPED_TRACE(testing::Message() << s << ", " << c.what);
      course::ForwardOptions o;
      o.attn_mask = c.attn_mask;
      o.key_padding_mask = c.key_padding_mask;
      o.average_attn_weights = false;
      const auto g = got.forward(query, key, key, o);
      const auto w = want.forward(query, key, key, o);
      EXPECT_TENSOR_NEAR(g.output, w.output, mha_sweep::kAtol, mha_sweep::kRtol);
      ASSERT_HOLDS(g.weights.has_value(), "expected the attention weights, got none (std::nullopt)");
      EXPECT_TENSOR_NEAR(*g.weights, *w.weights, mha_sweep::kAtol, mha_sweep::kRtol);
    }
  }
}

}  // namespace
