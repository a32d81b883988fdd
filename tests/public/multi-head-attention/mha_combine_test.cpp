// Exercise mha-combine: merging the heads and the full forward pass.
#include "common/tensor_testing.hpp"
#include "mha_public_support.hpp"
#include "multi-head-attention/bridge/proxy.hpp"

namespace {

using course::Index;
using course::MatrixXf;
using course::Tensor;
using course::VectorXf;
using mha_public::filled;
using mha_public::random_tensor;

// The course's tolerance for float32 results (lessons/common/tensor_testing.hpp): a forward
// pass sums over embed_dim products, so values near 19 carry a few ulps of 1.9e-6.
constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;

// Parameters that make attention uniform (q and k projections are zero) and
// pass the values through: the output is then the mean of the value rows.
course::MhaParameters uniform_attention(Index e, float out_scale) {
  course::MhaParameters p{MatrixXf::Zero(3 * e, e), VectorXf::Zero(3 * e), MatrixXf::Identity(e, e) * out_scale,
                          VectorXf::LinSpaced(e, -1.0f, 1.0f)};
  p.in_proj_weight.bottomRows(e).setIdentity();                    // value rows [2E, 3E)
  p.in_proj_bias.tail(e) = VectorXf::LinSpaced(e, 0.5f, 2.0f);     // value bias
  p.in_proj_bias.head(e).setConstant(3.0f);                        // a query bias shifts every score equally
  return p;
}

TEST(MhaCombine, MergeHeadsConcatenatesAlongTheFeatures) {
  // heads(b, h, l, d) = 1000b + 100h + 10l + d; B = 2, H = 3, L = 2, D = 4
  const Tensor heads = filled({2, 3, 2, 4}, [](Index i) {
    return float(1000 * (i / 24) + 100 * (i / 8 % 3) + 10 * (i / 4 % 2) + i % 4);
  });
  const Tensor merged = student::merge_heads(heads);
  ASSERT_SHAPE(merged, {2, 2, 12}) << "expected (B, L, H*D)";
  for (Index b = 0; b < 2; ++b)
    for (Index l = 0; l < 2; ++l)
      for (Index h = 0; h < 3; ++h)
        for (Index d = 0; d < 4; ++d)
          EXPECT_SAME(merged.at({b, l, h * 4 + d}), heads.at({b, h, l, d}))
              << "head " << h << " goes to columns [" << 4 * h << ", " << 4 * h + 4 << ")";
}

TEST(MhaCombine, MergeHeadsRejectsAnotherRank) {
  EXPECT_INVALID_ARGUMENT(student::merge_heads(Tensor({2, 3, 4})), "heads");
}

TEST(MhaCombine, SeedExampleShapes) {
  // The lesson's example: MultiHeadAttention(32, 4) on x (8, 10, 32).
  student::MultiHeadAttention mha(32, 4);
  const auto [output, weights] = mha(random_tensor({8, 10, 32}, 1));
  EXPECT_SHAPE(output, {8, 10, 32});
  EXPECT_SHAPE(weights, {8, 4, 10, 10}) << "per-head weights (B, H, L, L)";
}

TEST(MhaCombine, UniformAttentionAveragesTheValues) {
  // B = 1, L = 2, S = 3, E = 4, H = 2. Output = mean over keys of (value + value bias) + out bias.
  student::MultiHeadAttention mha(4, 2);
  const auto p = uniform_attention(4, 1.0f);
  mha.set_parameters(p);
  const Tensor query = random_tensor({1, 2, 4}, 2), key = random_tensor({1, 3, 4}, 3);
  const Tensor value = filled({1, 3, 4}, [](Index i) { return float(i); });  // rows 0..3, 4..7, 8..11
  const auto r = mha.forward(query, key, value);
  ASSERT_SHAPE(r.output, {1, 2, 4});
  for (Index l = 0; l < 2; ++l)
    for (Index e = 0; e < 4; ++e)
      EXPECT_VALUE_NEAR(r.output.at({0, l, e}), float(4 + e) + p.in_proj_bias(8 + e) + p.out_proj_bias(e), kTol)
          << "query " << l << ", feature " << e << ": value rows [2E, 3E) of in_proj project the values";
  ASSERT_HOLDS(r.weights.has_value(), "expected the attention weights, got none (std::nullopt)");
  EXPECT_SHAPE(*r.weights, {1, 2, 3}) << "weights are averaged over heads by default";
}

TEST(MhaCombine, OutProjIsApplied) {
  student::MultiHeadAttention mha(4, 2);
  const auto p = uniform_attention(4, 2.0f);
  mha.set_parameters(p);
  const Tensor x = filled({1, 3, 4}, [](Index i) { return float(i); });
  const auto r = mha.forward(x, x, x);
  for (Index e = 0; e < 4; ++e)
    EXPECT_VALUE_NEAR(r.output.at({0, 0, e}), 2.0f * (float(4 + e) + p.in_proj_bias(8 + e)) + p.out_proj_bias(e), kTol)
        << "feature " << e << ": output = merged * out_proj_weight^T + out_proj_bias";
}

TEST(MhaCombine, AveragedWeightsAreTheMeanOverHeads) {
  student::MultiHeadAttention mha(8, 4);
  mha.set_parameters(mha_public::random_parameters(8, 4));
  const Tensor query = random_tensor({2, 3, 8}, 5), key = random_tensor({2, 5, 8}, 6);
  course::ForwardOptions per_head;
  per_head.average_attn_weights = false;
  const auto all = mha.forward(query, key, key, per_head);
  const auto mean = mha.forward(query, key, key);
  ASSERT_HOLDS(all.weights && mean.weights, "expected the attention weights, got none (std::nullopt)");
  ASSERT_SHAPE(*all.weights, {2, 4, 3, 5});
  ASSERT_SHAPE(*mean.weights, {2, 3, 5});
  for (Index b = 0; b < 2; ++b) {
    MatrixXf want = MatrixXf::Zero(3, 5);
    for (Index h = 0; h < 4; ++h) want += all.weights->matrix({b, h});
    want /= 4.0f;
    EXPECT_RESULT_NEAR(MatrixXf(mean.weights->matrix({b})), want, kTol);
  }
  EXPECT_TENSOR_NEAR(mean.output, all.output, 0, 0);
}

TEST(MhaCombine, NoWeightsWhenNotNeeded) {
  student::MultiHeadAttention mha(6, 3);
  mha.set_parameters(mha_public::random_parameters(6, 7));
  const Tensor x = random_tensor({2, 4, 6}, 8);
  course::ForwardOptions options;
  options.need_weights = false;
  const auto r = mha.forward(x, x, x, options);
  EXPECT_HOLDS(!(r.weights.has_value()), course_testing::Text() << "need_weights = false returns no weights, like torch's None");
  EXPECT_TENSOR_NEAR(r.output, mha.forward(x, x, x).output, 0, 0);
}

TEST(MhaCombine, CallIsSelfAttentionWithPerHeadWeights) {
  student::MultiHeadAttention mha(6, 2);
  mha.set_parameters(mha_public::random_parameters(6, 9));
  const Tensor x = random_tensor({2, 3, 6}, 10);
  course::ForwardOptions per_head;
  per_head.average_attn_weights = false;
  const auto want = mha.forward(x, x, x, per_head);
  const auto [output, weights] = mha(x);
  EXPECT_TENSOR_NEAR(output, want.output, 0, 0);
  EXPECT_TENSOR_NEAR(weights, *want.weights, 0, 0);
}

TEST(MhaCombine, ForwardRejectsShapesThatDoNotFit) {
  student::MultiHeadAttention mha(6, 2);
  const Tensor q({2, 3, 6}), kv({2, 4, 6});
  EXPECT_INVALID_ARGUMENT(mha.forward(Tensor({2, 3, 5}), kv, kv), "query");
  EXPECT_INVALID_ARGUMENT(mha.forward(q, Tensor({3, 4, 6}), kv), "key");
  EXPECT_INVALID_ARGUMENT(mha.forward(q, kv, Tensor({2, 5, 6})), "value");
}

}  // namespace

// The header's contract, sentence by sentence: the errors with the message
// they fix (a key or value of the wrong batch or width), nothing kept between
// calls, and each letter varied alone.
namespace {

TEST(MhaCombine, ForwardNamesTheArgumentWhoseShapeDoesNotFit) {
  student::MultiHeadAttention mha(6, 2);
  const Tensor q({2, 3, 6}), kv({2, 4, 6});
  EXPECT_INVALID_ARGUMENT(mha.forward(Tensor({2, 3, 5}), kv, kv), "query: expected shape (B, L, 6), got (2, 3, 5)");
  EXPECT_INVALID_ARGUMENT(mha.forward(Tensor({3, 6}), kv, kv), "query: expected shape (B, L, 6), got (3, 6)");
  EXPECT_INVALID_ARGUMENT(mha.forward(q, Tensor({2, 4, 5}), kv), "key: expected shape");      // another width
  EXPECT_INVALID_ARGUMENT(mha.forward(q, Tensor({1, 4, 6}), Tensor({1, 4, 6})), "key: expected shape");  // another batch
  EXPECT_INVALID_ARGUMENT(mha.forward(q, kv, Tensor({3, 4, 6})), "value: expected shape");    // another batch
  EXPECT_INVALID_ARGUMENT(mha.forward(q, kv, Tensor({2, 4, 5})), "value: expected shape");    // another width
  EXPECT_INVALID_ARGUMENT(mha.forward(q, kv, Tensor({2, 3, 6})), "value: expected shape");    // S of the queries
}

TEST(MhaCombine, MergeHeadsNamesTheExpectedRank) {
  EXPECT_INVALID_ARGUMENT(student::merge_heads(Tensor({2, 3, 4})), "heads: expected shape (B, H, L, D), got (2, 3, 4)");
  EXPECT_INVALID_ARGUMENT(student::merge_heads(Tensor({1, 2, 3, 4, 5})), "heads: expected shape (B, H, L, D)");
}

TEST(MhaCombine, EachCallAnswersForItsOwnInputs) {
  // One module, several calls with other inputs and shapes: each result equals
  // a fresh module's answer to that call alone (no state kept between calls).
  const auto p = mha_public::random_parameters(6, 51);
  student::MultiHeadAttention mha(6, 3);
  mha.set_parameters(p);
  const Tensor a = random_tensor({2, 3, 6}, 52), b = random_tensor({2, 3, 6}, 53), c = random_tensor({1, 5, 6}, 54);
  const Tensor key = random_tensor({2, 4, 6}, 55), value = random_tensor({2, 4, 6}, 62);
  std::vector<course::AttentionOutput> got;
  got.push_back(mha.forward(a, a, a));
  got.push_back(mha.forward(b, b, b));
  got.push_back(mha.forward(a, key, key));
  got.push_back(mha.forward(a, key, value));
  got.push_back(mha.forward(c, c, c));
  struct Call {
    const Tensor *query, *key, *value;
  };
  const std::vector<Call> calls = {{&a, &a, &a}, {&b, &b, &b}, {&a, &key, &key}, {&a, &key, &value}, {&c, &c, &c}};
  for (std::size_t i = 0; i < calls.size(); ++i) {
    student::MultiHeadAttention fresh(6, 3);
    fresh.set_parameters(p);
    const auto want = fresh.forward(*calls[i].query, *calls[i].key, *calls[i].value);
    EXPECT_RESULT_NEAR(got[i].output, want.output, kTol) << "call " << i << " of one module";
    ASSERT_HOLDS(got[i].weights.has_value() && want.weights.has_value(), "expected the attention weights, got none");
    EXPECT_RESULT_NEAR(*got[i].weights, *want.weights, kTol) << "call " << i << " of one module";
  }
  // New parameters take effect at the next call.
  const auto q = mha_public::random_parameters(6, 56);
  mha.set_parameters(q);
  student::MultiHeadAttention fresh(6, 3);
  fresh.set_parameters(q);
  EXPECT_RESULT_NEAR(mha.forward(a, a, a).output, fresh.forward(a, a, a).output, kTol)
      << "forward after set_parameters must use the new parameters";
}

TEST(MhaCombine, KeyAndValueAreProjectedSeparately) {
  // Cross-attention with a value unlike the key: with uniform attention the
  // output is the mean of the projected VALUE rows, whatever the key holds.
  student::MultiHeadAttention mha(4, 2);
  const auto p = uniform_attention(4, 1.0f);
  mha.set_parameters(p);
  const Tensor query = random_tensor({2, 1, 4}, 57), key = random_tensor({2, 2, 4}, 58);
  const Tensor value = filled({2, 2, 4}, [](Index i) { return float(i); });  // batch 1: rows 8..11, 12..15
  const auto r = mha.forward(query, key, value);
  ASSERT_SHAPE(r.output, {2, 1, 4});
  for (Index b = 0; b < 2; ++b)
    for (Index e = 0; e < 4; ++e)
      EXPECT_VALUE_NEAR(r.output.at({b, 0, e}), float(8 * b + 2 + e) + p.in_proj_bias(8 + e) + p.out_proj_bias(e), kTol)
          << "batch " << b << ", feature " << e;
  ASSERT_HOLDS(r.weights.has_value(), "expected the attention weights, got none (std::nullopt)");
  EXPECT_SHAPE(*r.weights, {2, 1, 2});
}

TEST(MhaCombine, EachLetterVariedAlone) {
  // From (B, L, S, E, H) = (1, 2, 3, 4, 2), one letter at a time changes.
  struct Letters {
    Index b, l, s, e, h;
  };
  for (const Letters& n : {Letters{1, 2, 3, 4, 2}, Letters{3, 2, 3, 4, 2}, Letters{1, 5, 3, 4, 2}, Letters{1, 2, 1, 4, 2},
                           Letters{1, 2, 3, 6, 2}, Letters{1, 2, 3, 4, 4}, Letters{1, 2, 3, 4, 1}}) {
    student::MultiHeadAttention mha(n.e, n.h);
    mha.set_parameters(mha_public::random_parameters(n.e, 59));
    const Tensor query = random_tensor({n.b, n.l, n.e}, 60), kv = random_tensor({n.b, n.s, n.e}, 61);
    course::ForwardOptions per_head;
    per_head.average_attn_weights = false;
    const auto all = mha.forward(query, kv, kv, per_head);
    EXPECT_SHAPE(all.output, {n.b, n.l, n.e});
    ASSERT_HOLDS(all.weights.has_value(), "expected the attention weights, got none (std::nullopt)");
    EXPECT_SHAPE(*all.weights, {n.b, n.h, n.l, n.s});
    const auto mean = mha.forward(query, kv, kv);
    ASSERT_HOLDS(mean.weights.has_value(), "expected the attention weights, got none (std::nullopt)");
    EXPECT_SHAPE(*mean.weights, {n.b, n.l, n.s});
  }
}

}  // namespace
