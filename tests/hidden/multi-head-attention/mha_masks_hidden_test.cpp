// Exercise mha-masks, hidden tests: causal masks and merged masks against the
// reference, and masked forward passes against PyTorch and the reference.
#include "common/tensor_testing.hpp"
#include "mha_against_torch.hpp"
#include "mha_sweep.hpp"
#include "multi-head-attention/bridge/proxy.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace {

using course::AttentionMask;
using course::Index;
using course::MaskKind;
using course::Tensor;
using mha_fixture::expect_forward_matches_torch;
using mha_fixture::Fixture;

// The masks the sweeps try, for a configuration s.
struct MaskCase {
  const char* what;
  std::optional<AttentionMask> attn_mask;
  std::optional<Tensor> key_padding_mask;
};

std::vector<MaskCase> mask_cases(mha_sweep::Random& random, const mha_sweep::Shape& s) {
  const Index b = s.batch, h = s.num_heads, l = s.query_len, k = s.key_len;
  return {
      {"boolean (L, S)", AttentionMask{MaskKind::boolean, random.blocked({l, k}, 0.4)}, std::nullopt},
      {"additive (L, S)", AttentionMask{MaskKind::additive, random.additive({l, k})}, std::nullopt},
      {"boolean (B*H, L, S)", AttentionMask{MaskKind::boolean, random.blocked({b * h, l, k}, 0.4)}, std::nullopt},
      {"additive (B*H, L, S)", AttentionMask{MaskKind::additive, random.additive({b * h, l, k})}, std::nullopt},
      {"key_padding_mask", std::nullopt, random.blocked({b, k}, 0.4)},
      {"boolean (L, S) + key_padding_mask", AttentionMask{MaskKind::boolean, random.blocked({l, k}, 0.3)},
       random.blocked({b, k}, 0.3)},
  };
}

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
    for (const MaskCase& c : mask_cases(random, s)) {
      SCOPED_TRACE(testing::Message() << s << ", " << c.what);
      // Additions of one mask value to 0: exact.
      EXPECT_TENSOR_NEAR(
          student::merge_masks(c.attn_mask, c.key_padding_mask, s.batch, s.num_heads, s.query_len, s.key_len),
          ref::merge_masks(c.attn_mask, c.key_padding_mask, s.batch, s.num_heads, s.query_len, s.key_len), 0, 0);
    }
  }
}

TEST(MhaMasksHidden, BooleanMaskMatchesTorch) { expect_forward_matches_torch("bool_attn_mask"); }

TEST(MhaMasksHidden, AdditiveMaskMatchesTorch) { expect_forward_matches_torch("additive_attn_mask"); }

TEST(MhaMasksHidden, PerHeadMasksMatchTorch) {
  expect_forward_matches_torch("attn_mask_3d_bool");
  expect_forward_matches_torch("attn_mask_3d_additive");
}

TEST(MhaMasksHidden, CausalMaskMatchesTorch) {
  // The fixture passed torch.triu(ones(6, 6), 1) as attn_mask; here the student's causal_mask does.
  const Fixture f = Fixture::load("causal");
  course::ForwardOptions o = f.options();
  o.attn_mask = student::causal_mask(f.query().dim(1), f.query().dim(1));
  mha_fixture::expect_matches_torch(f, mha_fixture::student_module(f).forward(f.query(), f.key(), f.value(), o));
}

TEST(MhaMasksHidden, KeyPaddingMaskMatchesTorch) { expect_forward_matches_torch("key_padding_mask"); }

TEST(MhaMasksHidden, CombinedMasksMatchTorch) { expect_forward_matches_torch("masks_combined"); }

TEST(MhaMasksHidden, MaskedForwardMatchesReferenceSweep) {
  mha_sweep::Random random(42);
  for (const auto& s : mha_sweep::shapes()) {
    const auto p = random.parameters(s.embed_dim);
    student::MultiHeadAttention got(s.embed_dim, s.num_heads);
    got.set_parameters(p);
    ref::MultiHeadAttention want(s.embed_dim, s.num_heads);
    want.set_parameters(p);
    const Tensor query = random.normal({s.batch, s.query_len, s.embed_dim});
    const Tensor key = random.normal({s.batch, s.key_len, s.embed_dim});
    for (const MaskCase& c : mask_cases(random, s)) {
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
