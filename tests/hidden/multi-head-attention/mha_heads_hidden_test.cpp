// Exercise mha-heads, hidden tests: per-head attention against the reference
// on sweeps of shapes, with score biases and with very large scores.
#include <cmath>

#include "common/tensor_testing.hpp"
#include "mha_mistakes.hpp"
#include "mha_sweep.hpp"
#include "multi-head-attention/bridge/proxy.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace {

using course::Index;
using course::Tensor;

void expect_same_heads(const course::HeadsOutput& got, const course::HeadsOutput& want,
                       const mha_mistakes::HeadsMistakes& mistakes = {}) {
  EXPECT_RESULT_NEAR_EXPLAINED(got.weights, want.weights, course_testing::kFloatTol, mistakes.weights);
  EXPECT_RESULT_NEAR_EXPLAINED(got.output, want.output, course_testing::kFloatTol, mistakes.output);
}

struct Qkv {
  Tensor q, k, v;
};

Qkv random_qkv(mha_sweep::Random& random, const mha_sweep::Shape& s, float scale = 1.0f) {
  const Index d = s.head_dim();
  return {random.normal({s.batch, s.num_heads, s.query_len, d}, scale),
          random.normal({s.batch, s.num_heads, s.key_len, d}, scale), random.normal({s.batch, s.num_heads, s.key_len, d})};
}

TEST(MhaHeadsHidden, MatchesReferenceSweep) {
  mha_sweep::Random random(21);
  for (const auto& s : mha_sweep::shapes()) {
    SCOPED_TRACE(testing::Message() << s);
    const Qkv x = random_qkv(random, s);
    expect_same_heads(student::attend_heads(x.q, x.k, x.v), ref::attend_heads(x.q, x.k, x.v),
                      mha_mistakes::heads(x.q, x.k, x.v));
  }
}

TEST(MhaHeadsHidden, ScaleUsesHeadDimNotEmbedDim) {
  // H = 4 heads of D = 16 (E = 64): sqrt(D) = 4, sqrt(E) = 8. Inputs of size 2
  // make the scores large enough for the scale to change the weights a lot.
  mha_sweep::Random random(22);
  const mha_sweep::Shape s{2, 5, 6, 64, 4};
  const Qkv x = random_qkv(random, s, 2.0f);
  expect_same_heads(student::attend_heads(x.q, x.k, x.v), ref::attend_heads(x.q, x.k, x.v),
                    mha_mistakes::heads(x.q, x.k, x.v));
}

TEST(MhaHeadsHidden, EveryQueryRowSumsToOne) {
  mha_sweep::Random random(23);
  for (const auto& s : mha_sweep::shapes()) {
    SCOPED_TRACE(testing::Message() << s);
    const Qkv x = random_qkv(random, s);
    const auto r = student::attend_heads(x.q, x.k, x.v);
    ASSERT_SHAPE(r.weights, {s.batch, s.num_heads, s.query_len, s.key_len});
    for (Index b = 0; b < s.batch; ++b)
      for (Index h = 0; h < s.num_heads; ++h) {
        const Eigen::VectorXf sums = r.weights.matrix({b, h}).rowwise().sum();
        // S float32 terms near 1/S: the sum is within a few ulps of 1.
        EXPECT_HOLDS(sums.isApprox(Eigen::VectorXf::Ones(s.query_len), float(mha_sweep::kRtol)), course_testing::Text() << "softmax over the keys (the last axis): expected every row of (b=" << b << ", h=" << h << ") to sum to 1, got "
            << sums.transpose());
      }
  }
}

TEST(MhaHeadsHidden, LargeScoresStayFinite) {
  // Inputs of size 20 give scores in the hundreds: exp() overflows float32
  // above 88.7 unless each row's maximum is subtracted first.
  mha_sweep::Random random(24);
  const mha_sweep::Shape s{2, 4, 5, 12, 3};
  const Qkv x = random_qkv(random, s, 20.0f);
  expect_same_heads(student::attend_heads(x.q, x.k, x.v), ref::attend_heads(x.q, x.k, x.v),
                    mha_mistakes::heads(x.q, x.k, x.v));
}

TEST(MhaHeadsHidden, ScoreBiasMatchesReference) {
  mha_sweep::Random random(25);
  for (const auto& s : mha_sweep::shapes()) {
    SCOPED_TRACE(testing::Message() << s);
    const Qkv x = random_qkv(random, s);
    const Tensor bias = random.additive({s.batch, s.num_heads, s.query_len, s.key_len});
    expect_same_heads(student::attend_heads(x.q, x.k, x.v, bias), ref::attend_heads(x.q, x.k, x.v, bias));
  }
}

}  // namespace
