// Exercise mha-combine, hidden tests: merge_heads and forward against
// PyTorch's fixtures and against the reference on sweeps.
#include "common/tensor_testing.hpp"
#include "mha_against_torch.hpp"
#include "mha_mistakes.hpp"
#include "mha_sweep.hpp"
#include "multi-head-attention/bridge/proxy.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace {

using course::Index;
using course::Tensor;
using mha_fixture::expect_forward_matches_torch;
using mha_fixture::Fixture;

TEST(MhaCombineHidden, MergeHeadsMatchesReference) {
  mha_sweep::Random random(31);
  for (const auto& s : mha_sweep::shapes()) {
    SCOPED_TRACE(testing::Message() << s);
    const Tensor heads = random.normal({s.batch, s.num_heads, s.query_len, s.head_dim()});
    EXPECT_TENSOR_NEAR(student::merge_heads(heads), ref::merge_heads(heads), 0, 0);
  }
}

TEST(MhaCombineHidden, SeedExampleMatchesTorch) {
  // MultiHeadAttention(32, 4) on x (8, 10, 32): output (8, 10, 32), weights (8, 4, 10, 10).
  const Fixture f = Fixture::load("seed_self_attention");
  const auto [output, weights] = mha_fixture::student_module(f)(f.query());
  mha_fixture::expect_matches_torch(f, course::AttentionOutput{output, weights});
}

TEST(MhaCombineHidden, CrossAttentionMatchesTorch) { expect_forward_matches_torch("cross_attention"); }

TEST(MhaCombineHidden, OddHeadCountsMatchTorch) {
  for (const char* name : {"odd_heads", "single_head", "head_dim_one"}) expect_forward_matches_torch(name);
}

TEST(MhaCombineHidden, NoWeightsMatchesTorch) { expect_forward_matches_torch("no_weights"); }

TEST(MhaCombineHidden, ForwardMatchesReferenceSweep) {
  mha_sweep::Random random(32);
  for (const auto& s : mha_sweep::shapes()) {
    const auto p = random.parameters(s.embed_dim);
    student::MultiHeadAttention got(s.embed_dim, s.num_heads);
    got.set_parameters(p);
    ref::MultiHeadAttention want(s.embed_dim, s.num_heads);
    want.set_parameters(p);
    const Tensor query = random.normal({s.batch, s.query_len, s.embed_dim});
    const Tensor key = random.normal({s.batch, s.key_len, s.embed_dim});
    const Tensor value = random.normal({s.batch, s.key_len, s.embed_dim});
    for (bool average : {true, false}) {
      SCOPED_TRACE(testing::Message() << s << " average_attn_weights=" << average);
      course::ForwardOptions o;
      o.average_attn_weights = average;
      const auto g = got.forward(query, key, value, o);
      const auto w = want.forward(query, key, value, o);
      const auto mistakes = mha_mistakes::forward(s.embed_dim, s.num_heads, p, query, key, value, o);
      EXPECT_RESULT_NEAR_EXPLAINED(g.output, w.output, course_testing::kFloatTol, mistakes.output);
      ASSERT_HOLDS(g.weights.has_value(), "expected the attention weights, got none (std::nullopt)");
      EXPECT_RESULT_NEAR_EXPLAINED(*g.weights, *w.weights, course_testing::kFloatTol, mistakes.weights);
    }
  }
}

}  // namespace
