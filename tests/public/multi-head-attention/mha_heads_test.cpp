// Exercise mha-heads: scaled dot-product attention in every (batch, head) pair.
#include <cmath>
#include <limits>

#include "common/tensor_testing.hpp"
#include "mha_public_support.hpp"
#include "multi-head-attention/bridge/proxy.hpp"

namespace {

using course::Index;
using course::Tensor;
using mha_public::filled;
using mha_public::random_tensor;

// Hand-computed values go through a few float32 operations (exp, a sum of
// two or four terms, a division): the course's float32 tolerance (lessons/common/tensor_testing.hpp).
constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;

TEST(MhaHeads, CrossAttentionShapes) {
  // B = 2, H = 3, L = 4, S = 6, D = 5
  const auto r = student::attend_heads(random_tensor({2, 3, 4, 5}, 1), random_tensor({2, 3, 6, 5}, 2),
                                       random_tensor({2, 3, 6, 5}, 3));
  EXPECT_SHAPE(r.output, {2, 3, 4, 5}) << "output: expected (B, H, L, D)";
  EXPECT_SHAPE(r.weights, {2, 3, 4, 6}) << "weights: expected (B, H, L, S)";
}

TEST(MhaHeads, WeightsAreProbabilitiesOverTheKeys) {
  const auto r = student::attend_heads(random_tensor({2, 2, 3, 4}, 4), random_tensor({2, 2, 5, 4}, 5),
                                       random_tensor({2, 2, 5, 4}, 6));
  ASSERT_SHAPE(r.weights, {2, 2, 3, 5});
  for (Index b = 0; b < 2; ++b)
    for (Index h = 0; h < 2; ++h) {
      const auto w = r.weights.matrix({b, h});
      EXPECT_AT_LEAST(w.minCoeff(), 0.0f) << "weights are probabilities (b=" << b << ", h=" << h << ")";
      for (Index l = 0; l < 3; ++l)
        EXPECT_VALUE_NEAR(w.row(l).sum(), 1.0f, kTol) << "each query's weights over the S keys sum to 1 (b=" << b
                                                 << ", h=" << h << ", l=" << l << "): softmax along the last axis";
    }
}

TEST(MhaHeads, HandComputedSingleQuery) {
  // D = 2: q = [1, 1], keys [1, 0] and [0, 0]: scaled scores 1/sqrt(2) and 0.
  const Tensor q({1, 1, 1, 2}, {1, 1});
  const Tensor k({1, 1, 2, 2}, {1, 0, 0, 0});
  const Tensor v({1, 1, 2, 2}, {1, 2, 3, 4});
  const auto r = student::attend_heads(q, k, v);
  const double w0 = 1.0 / (1.0 + std::exp(-1.0 / std::sqrt(2.0))), w1 = 1.0 - w0;
  EXPECT_VALUE_NEAR(r.weights.at({0, 0, 0, 0}), w0, kTol);
  EXPECT_VALUE_NEAR(r.weights.at({0, 0, 0, 1}), w1, kTol);
  EXPECT_VALUE_NEAR(r.output.at({0, 0, 0, 0}), w0 * 1 + w1 * 3, kTol);
  EXPECT_VALUE_NEAR(r.output.at({0, 0, 0, 1}), w0 * 2 + w1 * 4, kTol);
}

TEST(MhaHeads, ScaleIsOneOverSqrtOfHeadDim) {
  // Two heads of width D = 4 (so E = 8): q = k0 = [1, 1, 1, 1] scores 4/sqrt(4) = 2
  // against k1 = 0. Scaling by sqrt(E) = sqrt(8) would give 1.41 instead.
  const Tensor q = filled({1, 2, 1, 4}, [](Index) { return 1.0f; });
  const Tensor k = filled({1, 2, 2, 4}, [](Index i) { return i % 8 < 4 ? 1.0f : 0.0f; });
  const Tensor v = filled({1, 2, 2, 4}, [](Index i) { return i % 8 < 4 ? 1.0f : 0.0f; });
  const auto r = student::attend_heads(q, k, v);
  const double w0 = 1.0 / (1.0 + std::exp(-2.0));
  for (Index h = 0; h < 2; ++h)
    EXPECT_VALUE_NEAR(r.weights.at({0, h, 0, 0}), w0, kTol) << "head " << h << ": scores are divided by sqrt(D) = 2";
}

TEST(MhaHeads, EqualKeysGiveUniformWeights) {
  const Tensor q = random_tensor({1, 1, 3, 2}, 7);
  const Tensor k = filled({1, 1, 4, 2}, [](Index i) { return i % 2 ? 0.5f : -0.25f; });
  const Tensor v({1, 1, 4, 2}, {1, 0, 2, 0, 3, 0, 6, 4});
  const auto r = student::attend_heads(q, k, v);
  for (Index l = 0; l < 3; ++l) {
    for (Index s = 0; s < 4; ++s) EXPECT_VALUE_NEAR(r.weights.at({0, 0, l, s}), 0.25, kTol);
    EXPECT_VALUE_NEAR(r.output.at({0, 0, l, 0}), 3.0, kTol) << "the mean of the values' first column";
    EXPECT_VALUE_NEAR(r.output.at({0, 0, l, 1}), 1.0, kTol);
  }
}

TEST(MhaHeads, LargeScoresStayFinite) {
  // Scores of 30 * 30 * 4 / 2 = 1800: exp() overflows float unless the row maximum is subtracted first.
  const Tensor q = filled({1, 1, 1, 4}, [](Index) { return 30.0f; });
  const Tensor k = filled({1, 1, 2, 4}, [](Index i) { return i < 4 ? 30.0f : 29.0f; });
  const Tensor v({1, 1, 2, 4}, {1, 1, 1, 1, 0, 0, 0, 0});
  const auto r = student::attend_heads(q, k, v);
  EXPECT_VALUE_NEAR(r.weights.at({0, 0, 0, 0}), 1.0, kTol) << "score 1800 against 1740: all weight on key 0";
  EXPECT_VALUE_NEAR(r.weights.at({0, 0, 0, 1}), 0.0, kTol);
  EXPECT_VALUE_NEAR(r.output.at({0, 0, 0, 0}), 1.0, kTol);
}

TEST(MhaHeads, LargeScoresStayFiniteWhereverTheMaximumIs) {
  // One query, S = 4 keys: key p scores 30 * 30 * 4 / 2 = 1800, the others 0.
  // exp(1800 - m) is finite only when m is the maximum of the WHOLE row.
  const Tensor q = filled({1, 1, 1, 4}, [](Index) { return 30.0f; });
  const Tensor v = filled({1, 1, 4, 4}, [](Index i) { return i / 4 == i % 4 ? 1.0f : 0.0f; });  // value s = e_s
  for (Index p = 0; p < 4; ++p) {
    const Tensor k = filled({1, 1, 4, 4}, [p](Index i) { return i / 4 == p ? 30.0f : 0.0f; });
    const auto r = student::attend_heads(q, k, v);
    for (Index s = 0; s < 4; ++s)
      EXPECT_VALUE_NEAR(r.weights.at({0, 0, 0, s}), s == p ? 1.0 : 0.0, kTol)
          << "score 1800 at key " << p << " against 0 elsewhere: all weight on key " << p
          << " (subtract the maximum of every key's score)";
    EXPECT_VALUE_NEAR(r.output.at({0, 0, 0, p}), 1.0, kTol);
  }
}

TEST(MhaHeads, ScoreBiasIsAddedToTheScaledScores) {
  // Equal scores; a bias of ln 2 on key 1 doubles its weight, -inf on key 2 removes it.
  const Tensor q({1, 1, 1, 2}, {0, 0});
  const Tensor k = random_tensor({1, 1, 3, 2}, 8);
  const Tensor v({1, 1, 3, 2}, {3, 0, 0, 3, 100, 100});
  const Tensor bias({1, 1, 1, 3}, {0.0f, std::log(2.0f), -std::numeric_limits<float>::infinity()});
  const auto r = student::attend_heads(q, k, v, bias);
  EXPECT_VALUE_NEAR(r.weights.at({0, 0, 0, 0}), 1.0 / 3.0, kTol);
  EXPECT_VALUE_NEAR(r.weights.at({0, 0, 0, 1}), 2.0 / 3.0, kTol);
  // exp(-inf) is 0 (Eigen's vectorised exp() gives ~3e-39, which counts as 0 too).
  EXPECT_AT_MOST(r.weights.at({0, 0, 0, 2}), 1e-30f) << "a -inf score gets zero weight";
  EXPECT_VALUE_NEAR(r.output.at({0, 0, 0, 0}), 1.0, kTol);
  EXPECT_VALUE_NEAR(r.output.at({0, 0, 0, 1}), 2.0, kTol);
}

TEST(MhaHeads, RejectsShapesThatDoNotFit) {
  const Tensor q({2, 3, 4, 5}), k({2, 3, 6, 5}), v({2, 3, 6, 5});
  EXPECT_INVALID_ARGUMENT(student::attend_heads(Tensor({2, 4, 5}), k, v), "q");
  EXPECT_INVALID_ARGUMENT(student::attend_heads(q, Tensor({2, 3, 6, 4}), v), "k");
  EXPECT_INVALID_ARGUMENT(student::attend_heads(q, k, Tensor({2, 3, 7, 5})), "v");
  EXPECT_INVALID_ARGUMENT(student::attend_heads(q, k, v, Tensor({2, 3, 4, 5})), "score_bias");
}

}  // namespace

// The header's contract, sentence by sentence: every (batch, head) pair on
// its own, each letter varied alone, the neighbouring wrong shapes, and a
// query whose keys are all blocked.
namespace {

// One (batch, head) slice of a (B, H, N, X) tensor, as a (1, 1, N, X) tensor.
Tensor slice(const Tensor& t, Index b, Index h) {
  Tensor one({1, 1, t.dim(2), t.dim(3)});
  one.matrix({0, 0}) = t.matrix({b, h});
  return one;
}

TEST(MhaHeads, EveryBatchAndHeadIsItsOwnAttention) {
  // B = 2, H = 3, L = 4, S = 5, D = 3, with a score bias that differs in every
  // (batch, head): each slice, the last included, equals that slice attended alone.
  const Tensor q = random_tensor({2, 3, 4, 3}, 21), k = random_tensor({2, 3, 5, 3}, 22), v = random_tensor({2, 3, 5, 3}, 23);
  const Tensor bias = random_tensor({2, 3, 4, 5}, 24);
  const auto all = student::attend_heads(q, k, v, bias);
  ASSERT_SHAPE(all.output, {2, 3, 4, 3});
  ASSERT_SHAPE(all.weights, {2, 3, 4, 5});
  for (Index b = 0; b < 2; ++b)
    for (Index h = 0; h < 3; ++h) {
      const auto alone = student::attend_heads(slice(q, b, h), slice(k, b, h), slice(v, b, h), slice(bias, b, h));
      EXPECT_RESULT_NEAR(course::MatrixXf(all.weights.matrix({b, h})), course::MatrixXf(alone.weights.matrix({0, 0})), kTol)
          << "weights of batch " << b << ", head " << h;
      EXPECT_RESULT_NEAR(course::MatrixXf(all.output.matrix({b, h})), course::MatrixXf(alone.output.matrix({0, 0})), kTol)
          << "output of batch " << b << ", head " << h;
    }
}

TEST(MhaHeads, EachLetterVariedAlone) {
  // From (B, H, L, S, D) = (1, 1, 2, 3, 2), one letter at a time grows; the shapes follow it.
  struct Letters {
    Index b, h, l, s, d;
  };
  for (const Letters& n : {Letters{1, 1, 2, 3, 2}, Letters{3, 1, 2, 3, 2}, Letters{1, 4, 2, 3, 2}, Letters{1, 1, 5, 3, 2},
                           Letters{1, 1, 2, 6, 2}, Letters{1, 1, 2, 3, 7}, Letters{1, 1, 1, 1, 1}}) {
    const auto r = student::attend_heads(random_tensor({n.b, n.h, n.l, n.d}, 31), random_tensor({n.b, n.h, n.s, n.d}, 32),
                                         random_tensor({n.b, n.h, n.s, n.d}, 33));
    EXPECT_SHAPE(r.output, {n.b, n.h, n.l, n.d});
    EXPECT_SHAPE(r.weights, {n.b, n.h, n.l, n.s});
  }
}

TEST(MhaHeads, RejectsTheNeighbouringShapes) {
  const Tensor q({2, 3, 4, 5}), k({2, 3, 6, 5}), v({2, 3, 6, 5});
  EXPECT_INVALID_ARGUMENT(student::attend_heads(q, Tensor({1, 3, 6, 5}), v), "k: expected shape");   // another batch
  EXPECT_INVALID_ARGUMENT(student::attend_heads(q, Tensor({2, 2, 6, 5}), v), "k: expected shape");   // another head count
  EXPECT_INVALID_ARGUMENT(student::attend_heads(q, k, Tensor({2, 3, 6, 4})), "v: expected shape");   // another width
  EXPECT_INVALID_ARGUMENT(student::attend_heads(q, k, Tensor({1, 3, 6, 5})), "v: expected shape");   // another batch
  EXPECT_INVALID_ARGUMENT(student::attend_heads(q, k, Tensor({2, 1, 6, 5})), "v: expected shape");   // another head count
  EXPECT_INVALID_ARGUMENT(student::attend_heads(q, k, v, Tensor({2, 3, 6, 4})), "score_bias: expected shape");  // L, S swapped
  EXPECT_INVALID_ARGUMENT(student::attend_heads(q, k, v, Tensor({1, 3, 4, 6})), "score_bias: expected shape");
  EXPECT_INVALID_ARGUMENT(student::attend_heads(q, k, v, Tensor({3, 4, 6})), "score_bias: expected shape");
  EXPECT_INVALID_ARGUMENT(student::attend_heads(Tensor({2, 3, 4}), k, v), "q: expected shape");
  // A key or value of another rank is named too, whatever the rank.
  EXPECT_INVALID_ARGUMENT(student::attend_heads(q, Tensor({6, 5}), v), "k: expected shape");
  EXPECT_INVALID_ARGUMENT(student::attend_heads(q, Tensor({2, 3, 6}), v), "k: expected shape");
  EXPECT_INVALID_ARGUMENT(student::attend_heads(q, k, Tensor({6, 5})), "v: expected shape");
}

TEST(MhaHeads, OneKeyTakesTheWholeWeight) {
  // S = 1: softmax over one score is 1 whatever the score (here far from 1),
  // so each output row is that key's value; a -inf bias on it gives NaN.
  const Tensor q = filled({1, 2, 3, 2}, [](Index i) { return float(i + 1); });
  const Tensor k = filled({1, 2, 1, 2}, [](Index i) { return float(2 * i + 3); });
  const Tensor v({1, 2, 1, 2}, {5, -6, 7, 8});
  const auto r = student::attend_heads(q, k, v);
  ASSERT_SHAPE(r.weights, {1, 2, 3, 1});
  ASSERT_SHAPE(r.output, {1, 2, 3, 2});
  for (Index h = 0; h < 2; ++h)
    for (Index l = 0; l < 3; ++l) {
      EXPECT_VALUE_NEAR(r.weights.at({0, h, l, 0}), 1.0, kTol)
          << "the only key gets weight 1 (h=" << h << ", l=" << l << "): the softmax of one score, not the score";
      for (Index d = 0; d < 2; ++d)
        EXPECT_VALUE_NEAR(r.output.at({0, h, l, d}), v.at({0, h, 0, d}), kTol) << "h=" << h << ", l=" << l << ", d=" << d;
    }
  const float inf = std::numeric_limits<float>::infinity();
  const auto blocked = student::attend_heads(q, k, v, Tensor({1, 2, 3, 1}, std::vector<float>{0, 0, 0, 0, -inf, 0}));
  ASSERT_SHAPE(blocked.weights, {1, 2, 3, 1});
  EXPECT_HOLDS(std::isnan(blocked.weights.at({0, 1, 1, 0})),
               course_testing::Text() << "weights(0, 1, 1, 0), its only key blocked, should be NaN, got "
                                      << blocked.weights.at({0, 1, 1, 0}));
  EXPECT_VALUE_NEAR(blocked.weights.at({0, 1, 2, 0}), 1.0, kTol);
}

TEST(MhaHeads, QueryWithEveryKeyBlockedIsNaN) {
  // Query 0 of head 1 has -inf on both keys: its weights and output are NaN,
  // as in PyTorch; query 1 of that head and head 0 are ordinary.
  const Tensor q = random_tensor({1, 2, 2, 2}, 41), k = random_tensor({1, 2, 2, 2}, 42), v = random_tensor({1, 2, 2, 2}, 43);
  const float inf = std::numeric_limits<float>::infinity();
  const Tensor bias({1, 2, 2, 2}, std::vector<float>{0, 0, 0, 0, -inf, -inf, 0, 0});
  const auto r = student::attend_heads(q, k, v, bias);
  ASSERT_SHAPE(r.weights, {1, 2, 2, 2});
  ASSERT_SHAPE(r.output, {1, 2, 2, 2});
  for (Index i = 0; i < 2; ++i) {
    EXPECT_HOLDS(std::isnan(r.weights.at({0, 1, 0, i})), course_testing::Text() << "weights(0, 1, 0, " << i
                                                        << ") with every key blocked should be NaN, got " << r.weights.at({0, 1, 0, i}));
    EXPECT_HOLDS(std::isnan(r.output.at({0, 1, 0, i})), course_testing::Text() << "output(0, 1, 0, " << i
                                                       << ") with every key blocked should be NaN, got " << r.output.at({0, 1, 0, i}));
  }
  EXPECT_VALUE_NEAR(r.weights.at({0, 1, 1, 0}) + r.weights.at({0, 1, 1, 1}), 1.0, kTol);
  EXPECT_VALUE_NEAR(r.weights.at({0, 0, 0, 0}) + r.weights.at({0, 0, 0, 1}), 1.0, kTol);
}

}  // namespace
