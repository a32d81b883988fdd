// Exercise encoder-layer: torch.nn.TransformerEncoderLayer, post-norm and pre-norm, with masks.
#include <algorithm>
#include <cmath>
#include <functional>

#include "common/tensor_testing.hpp"
#include "encoder-block/bridge/proxy.hpp"
#include "encoder_public_support.hpp"

namespace {

using course::Activation;
using course::EncoderConfig;
using course::EncoderMasks;
using course::Index;
using course::MatrixXf;
using course::Tensor;
using course::VectorXf;
using encoder_public::random_layer;
using encoder_public::random_tensor;

constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;
// Mean and variance of a normalised position: eps = 1e-5 lowers the variance by
// eps / variance, and a position's statistics add E roundings, so they are
// checked to 1e-4 (a wrong axis or variance is off by 1e-1 or more).
constexpr course_testing::Tolerance kMomentTol{1e-4, 1e-4};

EncoderConfig post_norm(Index heads, Activation a = Activation::relu) { return {heads, a, false}; }
EncoderConfig pre_norm(Index heads, Activation a = Activation::relu) { return {heads, a, true}; }

// A layer whose two blocks add nothing: out_proj and linear2 (weights and biases) are zero.
course::EncoderLayerParameters silent_blocks(Index e, Index f, std::uint32_t seed) {
  auto p = random_layer(e, f, seed);
  p.self_attn.out_proj_weight.setZero();
  p.self_attn.out_proj_bias.setZero();
  p.feed_forward.linear2_weight.setZero();
  p.feed_forward.linear2_bias.setZero();
  return p;
}

TEST(EncoderLayer, OutputHasTheShapeOfTheInput) {
  const Tensor src = random_tensor({2, 5, 8}, 1);
  for (bool norm_first : {false, true}) {
    const Tensor y = student::encoder_layer(src, random_layer(8, 16, 2), {2, Activation::relu, norm_first});
    EXPECT_SHAPE(y, {2, 5, 8}) << "norm_first = " << norm_first << ": expected (B, L, E)";
  }
}

TEST(EncoderLayer, PreNormBlocksThatAddNothingLeaveTheInput) {
  // Pre-norm: x + sa(norm1(x)) with sa = 0 is x; the residual carries the input through.
  const Tensor src = random_tensor({2, 4, 6}, 3);
  EXPECT_RESULT_NEAR(student::encoder_layer(src, silent_blocks(6, 10, 4), pre_norm(3)), src, kTol);
}

TEST(EncoderLayer, PostNormBlocksThatAddNothingNormaliseTheInput) {
  // Post-norm: norm2(x + 0) with x = norm1(src + 0): two layer norms of the input.
  const Tensor src = random_tensor({2, 4, 6}, 5, 2.0f);
  const auto p = silent_blocks(6, 10, 6);
  const Tensor want = student::layer_norm(student::layer_norm(src, p.norm1), p.norm2);
  EXPECT_RESULT_NEAR(student::encoder_layer(src, p, post_norm(2)), want, kTol);
}

// x with the row `a` added at every position.
Tensor plus_row(const Tensor& x, const VectorXf& a) {
  Tensor y = x;
  for (Index b = 0; b < x.dim(0); ++b)
    for (Index l = 0; l < x.dim(1); ++l)
      for (Index e = 0; e < x.dim(2); ++e) y.at({b, l, e}) += a(e);
  return y;
}

TEST(EncoderLayer, TheAttentionBlockAddsToItsInput) {
  // Values projected to a constant v (zero weights, bias v): every query
  // averages equal values, so self-attention gives a = out_proj_weight v +
  // out_proj_bias at every position. With a silent feed-forward block, post-norm is
  // norm2(norm1(src + a)); without the residual it is norm2(norm1(a)).
  const Index e = 6;
  auto p = random_layer(e, 10, 11);
  p.self_attn.in_proj_weight.bottomRows(e).setZero();
  const VectorXf v = p.self_attn.in_proj_bias.tail(e);
  const VectorXf a = p.self_attn.out_proj_weight * v + p.self_attn.out_proj_bias;
  p.feed_forward.linear2_weight.setZero();
  p.feed_forward.linear2_bias.setZero();
  const Tensor src = random_tensor({2, 3, e}, 12);
  const Tensor want = student::layer_norm(student::layer_norm(plus_row(src, a), p.norm1), p.norm2);
  const Tensor without = student::layer_norm(student::layer_norm(plus_row(Tensor(src.shape()), a), p.norm1), p.norm2);
  EXPECT_RESULT_NEAR_EXPLAINED(
      student::encoder_layer(src, p, post_norm(2)), want, kTol,
      {course_testing::mistake("a missing residual: the attention block is layer_norm(x + self_attention(x)), "
                               "not layer_norm(self_attention(x))",
                               without)});
}

TEST(EncoderLayer, TheFeedForwardBlockAddsToItsInput) {
  // Attention silent (out_proj zero): post-norm is norm2(x + ff(x)) with
  // x = norm1(src), pre-norm src + ff(norm2(src)); without the residual,
  // norm2(ff(x)) and ff(norm2(src)).
  auto p = silent_blocks(6, 10, 13);
  std::mt19937 rng(14);
  p.feed_forward = encoder_public::random_feed_forward(6, 10, rng);
  const Tensor src = random_tensor({2, 3, 6}, 15);
  const std::string cause = "a missing residual: the feed-forward block adds its output to its input (x + ff(...))";
  const Tensor x = student::layer_norm(src, p.norm1);
  const Tensor ff = student::feed_forward(x, p.feed_forward, Activation::relu);
  Tensor post = x;
  std::transform(x.data(), x.data() + x.size(), ff.data(), post.data(), std::plus<>());
  EXPECT_RESULT_NEAR_EXPLAINED(student::encoder_layer(src, p, post_norm(2)), student::layer_norm(post, p.norm2), kTol,
                               {course_testing::mistake(cause, student::layer_norm(ff, p.norm2))});
  const Tensor ff_pre = student::feed_forward(student::layer_norm(src, p.norm2), p.feed_forward, Activation::relu);
  Tensor pre = src;
  std::transform(src.data(), src.data() + src.size(), ff_pre.data(), pre.data(), std::plus<>());
  EXPECT_RESULT_NEAR_EXPLAINED(student::encoder_layer(src, p, pre_norm(2)), pre, kTol,
                               {course_testing::mistake(cause, ff_pre)});
}

TEST(EncoderLayer, PostNormEndsWithNorm2) {
  // With norm2's weight 1 and bias 0, every output position has mean 0 and variance 1.
  auto p = random_layer(8, 12, 7);
  p.norm2 = encoder_public::plain_norm(8);
  const Tensor y = student::encoder_layer(random_tensor({2, 3, 8}, 8), p, post_norm(4, Activation::gelu));
  ASSERT_SHAPE(y, {2, 3, 8});
  for (Index b = 0; b < 2; ++b)
    for (Index l = 0; l < 3; ++l) {
      const auto [mean, variance] = encoder_public::row_moments(y, b, l);
      EXPECT_VALUE_NEAR(mean, 0.0, kTol) << "position (" << b << ", " << l << ") after norm2";
      EXPECT_VALUE_NEAR(variance, 1.0, kMomentTol) << "position (" << b << ", " << l << ")";
    }
}

TEST(EncoderLayer, NormOrderAndActivationChangeTheResult) {
  const Tensor src = random_tensor({1, 4, 8}, 9);
  const auto p = random_layer(8, 16, 10);
  const Tensor post = student::encoder_layer(src, p, post_norm(2));
  const Tensor pre = student::encoder_layer(src, p, pre_norm(2));
  const Tensor gelu = student::encoder_layer(src, p, post_norm(2, Activation::gelu));
  double norm_gap = 0, activation_gap = 0;
  for (Index i = 0; i < post.size(); ++i) {
    norm_gap = std::max(norm_gap, double(std::abs(post.data()[i] - pre.data()[i])));
    activation_gap = std::max(activation_gap, double(std::abs(post.data()[i] - gelu.data()[i])));
  }
  EXPECT_ABOVE(norm_gap, 1e-2) << "norm_first = true and false should give different outputs";
  EXPECT_ABOVE(activation_gap, 1e-3) << "ReLU and GELU should give different outputs";
}

TEST(EncoderLayer, PaddingHidesAPositionFromTheOthers) {
  // Position 3 of batch 0 is padding: changing it changes no other position of batch 0.
  Tensor src = random_tensor({2, 4, 6}, 11);
  const auto p = random_layer(6, 8, 12);
  EncoderMasks masks;
  masks.src_key_padding_mask = Tensor({2, 4}, std::vector<float>{0, 0, 0, 1, 0, 0, 0, 0});
  for (bool norm_first : {false, true}) {
    const EncoderConfig c{2, Activation::relu, norm_first};
    const Tensor before = student::encoder_layer(src, p, c, masks);
    Tensor changed = src;
    // Not a constant shift: pre-norm's layer_norm would erase that before attention sees it.
    for (Index e = 0; e < 6; ++e) changed.at({0, 3, e}) = 3.0f - 2.0f * changed.at({0, 3, e});
    const Tensor after = student::encoder_layer(changed, p, c, masks);
    for (Index l = 0; l < 3; ++l)
      for (Index e = 0; e < 6; ++e)
        EXPECT_VALUE_NEAR(after.at({0, l, e}), before.at({0, l, e}), kTol)
            << "norm_first = " << norm_first << ", position " << l << " must not see the padding at position 3";
    double gap = 0;  // batch 1 has no padding: position 3 is seen there
    Tensor changed1 = src;
    for (Index e = 0; e < 6; ++e) changed1.at({1, 3, e}) = 3.0f - 2.0f * changed1.at({1, 3, e});
    const Tensor after1 = student::encoder_layer(changed1, p, c, masks);
    for (Index e = 0; e < 6; ++e) gap = std::max(gap, double(std::abs(after1.at({1, 0, e}) - before.at({1, 0, e}))));
    EXPECT_ABOVE(gap, 1e-4) << "norm_first = " << norm_first << ": batch 1 has no padding, position 0 sees position 3";
  }
}

TEST(EncoderLayer, ASequenceOfOnlyPaddingGivesNaN) {
  // Batch 1 is all padding: its queries have no key left, and PyTorch answers NaN there.
  const Tensor src = random_tensor({2, 3, 4}, 16);
  EncoderMasks masks;
  masks.src_key_padding_mask = Tensor({2, 3}, std::vector<float>{0, 0, 1, 1, 1, 1});
  for (bool norm_first : {false, true}) {
    const Tensor y = student::encoder_layer(src, random_layer(4, 8, 17), {2, Activation::relu, norm_first}, masks);
    ASSERT_SHAPE(y, {2, 3, 4});
    for (Index l = 0; l < 3; ++l) {
      EXPECT_HOLDS(std::isnan(y.at({1, l, 0})), course_testing::Text()
                                                   << "norm_first = " << norm_first << ": position (1, " << l
                                                   << ") has only padding to attend to and should be NaN, got "
                                                   << y.at({1, l, 0}));
      EXPECT_HOLDS(!std::isnan(y.at({0, l, 0})), course_testing::Text()
                                                    << "norm_first = " << norm_first << ": position (0, " << l
                                                    << ") has real keys and should be a number, got NaN");
    }
  }
}

TEST(EncoderLayer, CausalMaskHidesLaterPositions) {
  // With src_mask = causal_mask(L, L), position 0 sees only itself.
  const Tensor src = random_tensor({1, 5, 8}, 13);
  const auto p = random_layer(8, 16, 14);
  EncoderMasks masks;
  masks.src_mask = course::AttentionMask{course::MaskKind::boolean, Tensor({5, 5})};
  for (Index i = 0; i < 5; ++i)
    for (Index j = i + 1; j < 5; ++j) masks.src_mask->values.at({i, j}) = 1.0f;
  const Tensor full = student::encoder_layer(src, p, pre_norm(4), masks);
  const Tensor first = student::encoder_layer(Tensor({1, 1, 8}, std::vector<float>(src.data(), src.data() + 8)), p,
                                              pre_norm(4), {course::AttentionMask{course::MaskKind::boolean, Tensor({1, 1})}, {}});
  for (Index e = 0; e < 8; ++e)
    EXPECT_VALUE_NEAR(full.at({0, 0, e}), first.at({0, 0, e}), kTol) << "position 0 alone must give the same row";
}

TEST(EncoderLayer, RejectsArgumentsThatDoNotFit) {
  const auto p = random_layer(6, 8, 15);
  EXPECT_INVALID_ARGUMENT(student::encoder_layer(Tensor({2, 3, 5}), p, post_norm(2)), "src");
  EXPECT_INVALID_ARGUMENT(student::encoder_layer(Tensor({2, 3, 6}), p, post_norm(4)),
                          "embed_dim (6) must be divisible by num_heads (4)");
  EncoderMasks bad_mask;
  bad_mask.src_mask = course::AttentionMask{course::MaskKind::boolean, Tensor({3, 4})};
  EXPECT_INVALID_ARGUMENT(student::encoder_layer(Tensor({2, 3, 6}), p, post_norm(2), bad_mask), "attn_mask");
  EncoderMasks bad_padding;
  bad_padding.src_key_padding_mask = Tensor({2, 4});
  EXPECT_INVALID_ARGUMENT(student::encoder_layer(Tensor({2, 3, 6}), p, post_norm(2), bad_padding), "key_padding_mask");
}

}  // namespace

// The header's contract, sentence by sentence: the errors of the parts with
// their messages (parameters of another width, masks with their sizes
// swapped), every value a mask may hold, and nothing kept between calls.
namespace {

double largest_gap(const Tensor& a, const Tensor& b) {
  double gap = 0;
  for (Index i = 0; i < a.size(); ++i) gap = std::max(gap, double(std::abs(a.data()[i] - b.data()[i])));
  return gap;
}

TEST(EncoderLayer, ErrorsOfThePartsWithTheirMessages) {
  const auto p = random_layer(6, 8, 31);
  const Tensor src({2, 3, 6});
  EXPECT_INVALID_ARGUMENT(student::encoder_layer(Tensor({2, 3, 5}), p, post_norm(2)), "src: expected shape (B, L, 6), got (2, 3, 5)");
  EXPECT_INVALID_ARGUMENT(student::encoder_layer(Tensor({3, 6}), p, post_norm(2)), "src: expected shape (B, L, 6), got (3, 6)");
  EXPECT_INVALID_ARGUMENT(student::encoder_layer(src, p, post_norm(4)), "embed_dim (6) must be divisible by num_heads (4)");
  EXPECT_INVALID_ARGUMENT(student::encoder_layer(src, p, post_norm(0)), "num_heads must be > 0, got 0");
  // Self-attention parameters of another width: MultiHeadAttention's parameter error.
  auto narrow_attention = p;
  narrow_attention.self_attn = random_layer(4, 8, 32).self_attn;
  EXPECT_INVALID_ARGUMENT(student::encoder_layer(src, narrow_attention, post_norm(2)),
                          "in_proj_weight: expected shape (18, 6), got (12, 4)");
  // norm2 of another width: layer_norm's error.
  auto narrow_norm = p;
  narrow_norm.norm2 = encoder_public::plain_norm(4);
  EXPECT_INVALID_ARGUMENT(student::encoder_layer(src, narrow_norm, pre_norm(2)), "x: expected shape (B, L, 4), got (2, 3, 6)");
  // A feed-forward network of another width: feed_forward's error.
  auto narrow_ff = p;
  std::mt19937 rng(33);
  narrow_ff.feed_forward = encoder_public::random_feed_forward(4, 8, rng);
  EXPECT_INVALID_ARGUMENT(student::encoder_layer(src, narrow_ff, post_norm(2)), "x: expected shape (B, L, 4), got (2, 3, 6)");
}

TEST(EncoderLayer, MasksWithTheirSizesSwappedAreRefused) {
  // B = 2, H = 3, L = 4: src_mask (4, 4) or (6, 4, 4); padding (2, 4).
  const auto p = random_layer(6, 8, 34);
  const Tensor src = random_tensor({2, 4, 6}, 35);
  EncoderMasks per_head;
  per_head.src_mask = course::AttentionMask{course::MaskKind::boolean, Tensor({3, 4, 4})};
  EXPECT_INVALID_ARGUMENT(student::encoder_layer(src, p, post_norm(3), per_head),
                          "attn_mask: expected shape (4, 4) or (6, 4, 4), got (3, 4, 4)");
  EncoderMasks swapped;
  swapped.src_key_padding_mask = Tensor({4, 2});
  EXPECT_INVALID_ARGUMENT(student::encoder_layer(src, p, post_norm(3), swapped),
                          "key_padding_mask: expected shape (2, 4), got (4, 2)");
}

TEST(EncoderLayer, EveryNonzeroMaskEntryBlocks) {
  // A boolean src_mask entry of 2 or -1 blocks as 1 does; so does a padding entry of -1.
  const auto p = random_layer(6, 8, 36);
  const Tensor src = random_tensor({2, 3, 6}, 37);
  auto with_values = [](std::vector<float> values) {
    EncoderMasks m;
    m.src_mask = course::AttentionMask{course::MaskKind::boolean, Tensor({3, 3}, std::move(values))};
    return m;
  };
  for (bool norm_first : {false, true}) {
    const EncoderConfig c{3, Activation::relu, norm_first};
    const Tensor ones = student::encoder_layer(src, p, c, with_values({0, 1, 1, 0, 0, 1, 0, 0, 0}));
    EXPECT_RESULT_NEAR(student::encoder_layer(src, p, c, with_values({0, 2, -1, 0, 0, 0.5f, 0, 0, 0})), ones, kTol)
        << "norm_first = " << norm_first << ": src_mask entries 2, -1 and 0.5 block like 1";
    EncoderMasks padding_one, padding_minus_one;
    padding_one.src_key_padding_mask = Tensor({2, 3}, std::vector<float>{0, 0, 1, 0, 1, 0});
    padding_minus_one.src_key_padding_mask = Tensor({2, 3}, std::vector<float>{0, 0, -1, 0, 2, 0});
    EXPECT_RESULT_NEAR(student::encoder_layer(src, p, c, padding_minus_one), student::encoder_layer(src, p, c, padding_one), kTol)
        << "norm_first = " << norm_first << ": padding entries -1 and 2 block like 1";
  }
}

TEST(EncoderLayer, EachCallUsesItsOwnArguments) {
  // One layer's answer must not leak into the next call: other parameters,
  // another head count, masks and then none again, another activation.
  const Tensor src = random_tensor({1, 4, 8}, 38);
  const auto a = random_layer(8, 12, 39), b = random_layer(8, 12, 40);
  const Tensor first = student::encoder_layer(src, a, post_norm(2));
  const Tensor other = student::encoder_layer(src, b, post_norm(2));
  const Tensor heads4 = student::encoder_layer(src, a, post_norm(4));
  EncoderMasks causal;
  causal.src_mask = course::AttentionMask{course::MaskKind::boolean, Tensor({4, 4})};
  for (Index i = 0; i < 4; ++i)
    for (Index j = i + 1; j < 4; ++j) causal.src_mask->values.at({i, j}) = 1.0f;
  const Tensor masked = student::encoder_layer(src, a, post_norm(2), causal);
  const Tensor again = student::encoder_layer(src, a, post_norm(2));
  EXPECT_RESULT_NEAR(again, first, kTol) << "the same arguments must give the same result";
  EXPECT_ABOVE(largest_gap(other, first), 1e-2) << "another layer's parameters must change the result";
  EXPECT_ABOVE(largest_gap(heads4, first), 1e-4) << "4 heads instead of 2 must change the result";
  EXPECT_ABOVE(largest_gap(masked, first), 1e-4) << "a causal src_mask must change the result";
}

}  // namespace
