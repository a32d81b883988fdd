// Exercise masks: public tests for causal_mask and for masked attention.
#include <cmath>
#include <limits>

#include "attention/attention.hpp"
#include "attention/bridge/proxy.hpp"
#include "common/tensor_testing.hpp"
#include "matrix_literal.hpp"

namespace {

using attention_tests::blocked;
using attention_tests::matrix;

// The course's tolerance for float32 results (lessons/common/tensor_testing.hpp).
constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;

// The README's worked example (L = 2, S = 3, D = 4, Dv = 2).
const course::MatrixXf kQuery = matrix({{1, 0, 1, 0}, {0, 2, 0, 0}});
const course::MatrixXf kKey = matrix({{1, 0, 1, 0}, {0, 1, 0, 1}, {1, 1, 0, 0}});
const course::MatrixXf kValue = matrix({{1, 0}, {0, 1}, {1, 1}});

// The mask pitfalls of the lesson's README, as failures name them.
const char* const kAfterSoftmax =
    "the mask was applied after the softmax: the blocked weights are zeroed but the row no longer sums to 1. "
    "Masks act on the scores, before the softmax.";
const char* const kZeroFill =
    "blocked scores were set to 0 instead of -inf: a score of 0 is an ordinary score, the key keeps weight.";
const char* const kIgnored = "the mask was not applied at all.";
const char* const kDiagonal = "the diagonal is blocked too (j >= i): a token must see itself; block only j > i.";
const char* const kLeaks = "the next token is visible (j > i + 1 blocked): block every j > i.";
const char* const kLower = "the mask blocks the past (j < i) instead of the future (j > i).";
const char* const kInverted = "true means blocked: the mask is inverted.";

}  // namespace

TEST(Masks, CausalMaskBlocksTheFuture) {
  auto got = student::causal_mask(3);
  EXPECT_HOLDS(got.kind == course::Mask::Kind::boolean, "expected a boolean mask (Mask::boolean), got another kind");
  EXPECT_RESULT_NEAR_EXPLAINED(
      got.values, matrix({{0, 1, 1}, {0, 0, 1}, {0, 0, 0}}), (course_testing::Tolerance{0, 0}),
      {course_testing::mistake(kDiagonal, matrix({{1, 1, 1}, {0, 1, 1}, {0, 0, 1}})),
       course_testing::mistake(kLeaks, matrix({{0, 0, 1}, {0, 0, 0}, {0, 0, 0}})),
       course_testing::mistake(kLower, matrix({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}})),
       course_testing::mistake(kInverted, matrix({{1, 0, 0}, {1, 1, 0}, {1, 1, 1}}))});
}

TEST(Masks, CausalMaskRejectsNegativeLength) {
  EXPECT_INVALID_ARGUMENT(student::causal_mask(-1), "length");
}

TEST(Masks, BooleanMaskBlocksAKey) {
  // Query 0 may not look at key 0: its scores become [-inf, 0, 0.5] and the
  // other two keys share all the weight. Query 1 is untouched.
  auto mask = course::Mask::boolean(blocked({{true, false, false}, {false, false, false}}));
  auto got = student::scaled_dot_product_attention(kQuery, kKey, kValue, mask);
  EXPECT_RESULT_NEAR_EXPLAINED(
      got.weights, matrix({{0, 0.3775407f, 0.6224593f}, {0.1553624f, 0.4223188f, 0.4223188f}}), kTol,
      {course_testing::mistake(kAfterSoftmax, matrix({{0, 0.1863237f, 0.3071959f}, {0.1553624f, 0.4223188f, 0.4223188f}})),
       course_testing::mistake(kZeroFill, matrix({{0.2740686f, 0.2740686f, 0.4518628f}, {0.1553624f, 0.4223188f, 0.4223188f}})),
       course_testing::mistake(kIgnored, matrix({{0.5064804f, 0.1863237f, 0.3071959f}, {0.1553624f, 0.4223188f, 0.4223188f}}))});
  EXPECT_RESULT_NEAR_EXPLAINED(
      got.output, matrix({{0.6224593f, 1}, {0.5776812f, 0.8446376f}}), kTol,
      {course_testing::mistake(kAfterSoftmax, matrix({{0.3071959f, 0.4935196f}, {0.5776812f, 0.8446376f}})),
       course_testing::mistake(kZeroFill, matrix({{0.7259314f, 0.7259314f}, {0.5776812f, 0.8446376f}})),
       course_testing::mistake(kIgnored, matrix({{0.8136763f, 0.4935196f}, {0.5776812f, 0.8446376f}}))});
}

TEST(Masks, AdditiveMaskIsAddedToTheScaledScores) {
  // A zero query scores 0 against every key; the mask adds [0, ln 2, ln 4],
  // so the weights are 1/7, 2/7, 4/7. With identity values the output equals
  // the weights.
  auto mask = course::Mask::additive(matrix({{0, std::log(2.0f), std::log(4.0f)}}));
  auto got = student::scaled_dot_product_attention(matrix({{0, 0}}), matrix({{1, 2}, {3, 4}, {5, 6}}),
                                                   course::MatrixXf::Identity(3, 3), mask);
  EXPECT_RESULT_NEAR(got.weights, matrix({{1 / 7.f, 2 / 7.f, 4 / 7.f}}), kTol);
  EXPECT_RESULT_NEAR(got.output, matrix({{1 / 7.f, 2 / 7.f, 4 / 7.f}}), kTol);
}

TEST(Masks, CausalAttentionLooksOnlyBackwards) {
  // Self-attention over three tokens (D = 2) with the causal mask of length 3:
  // token 0 sees only itself, token 1 sees tokens 0 and 1, token 2 sees all.
  auto x = matrix({{1, 0}, {0, 1}, {1, 1}});
  auto causal = course::Mask::boolean(blocked({{false, true, true}, {false, false, true}, {false, false, false}}));
  auto got = student::scaled_dot_product_attention(x, x, x, causal);
  auto want_weights = matrix({{1, 0, 0}, {0.3302385f, 0.6697615f, 0}, {0.2482551f, 0.2482551f, 0.5034898f}});
  EXPECT_RESULT_NEAR_EXPLAINED(
      got.weights, want_weights, kTol,
      {course_testing::mistake(kAfterSoftmax, matrix({{0.4011121f, 0, 0}, {0.1977758f, 0.4011121f, 0}, {0.2482551f, 0.2482551f, 0.5034898f}})),
       course_testing::mistake(kZeroFill, matrix({{0.5034898f, 0.2482551f, 0.2482551f}, {0.2482551f, 0.5034898f, 0.2482551f},
                                                  {0.2482551f, 0.2482551f, 0.5034898f}}))});
  EXPECT_RESULT_NEAR_EXPLAINED(
      got.output, matrix({{1, 0}, {0.3302385f, 0.6697615f}, {0.7517449f, 0.7517449f}}), kTol,
      {course_testing::mistake(kAfterSoftmax, matrix({{0.4011121f, 0}, {0.1977758f, 0.4011121f}, {0.7517449f, 0.7517449f}})),
       course_testing::mistake(kZeroFill, matrix({{0.7517449f, 0.4965102f}, {0.4965102f, 0.7517449f}, {0.7517449f, 0.7517449f}}))});
}

TEST(Masks, MaskOfAnotherShapeIsRejected) {
  auto mask = course::Mask::boolean(blocked({{false, false}, {false, false}}));
  EXPECT_INVALID_ARGUMENT(student::scaled_dot_product_attention(kQuery, kKey, kValue, mask),
                          "mask: expected shape (2, 3), got (2, 2)");
}

TEST(Masks, FullyMaskedQueryIsNaN) {
  // Query 0 may see no key: its weights and output are NaN, as in PyTorch.
  // Query 1 sees every key and is unaffected.
  auto mask = course::Mask::boolean(blocked({{true, true, true}, {false, false, false}}));
  auto got = student::scaled_dot_product_attention(kQuery, kKey, kValue, mask);
  ASSERT_SHAPE(got.weights, {2, 3});
  ASSERT_SHAPE(got.output, {2, 2});
  for (course::Index j = 0; j < 3; ++j)
    EXPECT_HOLDS(std::isnan(got.weights(0, j)), "with every key of query 0 blocked, expected weights(0, " + std::to_string(j) +
                                                    ") to be NaN (as in PyTorch), got " +
                                                    course_testing::shown(got.weights(0, j)));
  for (course::Index c = 0; c < 2; ++c)
    EXPECT_HOLDS(std::isnan(got.output(0, c)), "with every key of query 0 blocked, expected output(0, " + std::to_string(c) +
                                                   ") to be NaN (as in PyTorch), got " +
                                                   course_testing::shown(got.output(0, c)));
  EXPECT_RESULT_NEAR(course::MatrixXf(got.weights.bottomRows(1)), matrix({{0.1553624f, 0.4223188f, 0.4223188f}}), kTol);
}

// The header's contract for masks, one sentence at a time: every value a
// boolean mask may hold, a mask of kind none, the mask's shape with its two
// sizes swapped, and the causal mask's shortest lengths.

TEST(Masks, EveryNonzeroBooleanEntryBlocks) {
  // "values(i, j) != 0 means blocked": 2 and -1 block as 1 does. Query 0 loses
  // key 0 (scores [-inf, 0, 0.5]), query 1 loses key 1 (scores [0, -inf, 1]).
  const course::Mask mask{course::Mask::Kind::boolean, matrix({{2, 0, 0}, {0, -1, 0}})};
  auto got = student::scaled_dot_product_attention(kQuery, kKey, kValue, mask);
  EXPECT_RESULT_NEAR(got.weights, matrix({{0, 0.3775407f, 0.6224593f}, {0.2689414f, 0, 0.7310586f}}), kTol);
  EXPECT_RESULT_NEAR(got.output, matrix({{0.6224593f, 1}, {1, 0.7310586f}}), kTol);
}

TEST(Masks, FiniteAdditiveMaskBiasesTheScaledScores) {
  // Added after the scale: the scaled scores [1, 0, 0.5] and [0, 1, 1] plus
  // [0.5, -1, 0] and [-inf, 0.25, -0.5] (torch's float attn_mask gives these).
  const course::Mask mask = course::Mask::additive(
      matrix({{0.5f, -1, 0}, {-std::numeric_limits<float>::infinity(), 0.25f, -0.5f}}));
  auto got = student::scaled_dot_product_attention(kQuery, kKey, kValue, mask);
  const char* const before_scale = "the mask was added before the scale: add it to q k^T / sqrt(D).";
  EXPECT_RESULT_NEAR_EXPLAINED(
      got.weights, matrix({{0.6896721f, 0.0566117f, 0.2537162f}, {0, 0.6791787f, 0.3208213f}}), kTol,
      {course_testing::mistake(before_scale, matrix({{0.6074815f, 0.1055645f, 0.2869540f}, {0, 0.5926666f, 0.4073334f}}))});
  EXPECT_RESULT_NEAR(got.output, matrix({{0.9433882f, 0.3103279f}, {0.3208213f, 1}}), kTol);
}

TEST(Masks, MaskOfKindNoneIsIgnored) {
  // "none: no mask; values is ignored", whatever they hold.
  const course::Mask none{course::Mask::Kind::none, course::MatrixXf::Ones(5, 5)};
  auto got = student::scaled_dot_product_attention(kQuery, kKey, kValue, none);
  EXPECT_RESULT_NEAR(got.weights, matrix({{0.5064804f, 0.1863237f, 0.3071959f}, {0.1553624f, 0.4223188f, 0.4223188f}}),
                     kTol);
}

TEST(Masks, MaskWithItsSizesSwappedIsRejected) {
  // (S, L) instead of (L, S), boolean and additive alike.
  EXPECT_INVALID_ARGUMENT(
      student::scaled_dot_product_attention(kQuery, kKey, kValue, course::Mask::boolean(course::MatrixXb::Zero(3, 2))),
      "mask: expected shape (2, 3), got (3, 2)");
  EXPECT_INVALID_ARGUMENT(
      student::scaled_dot_product_attention(kQuery, kKey, kValue, course::Mask::additive(course::MatrixXf::Zero(3, 2))),
      "mask: expected shape (2, 3), got (3, 2)");
}

TEST(Masks, CausalMaskOfLengthZeroOneAndFive) {
  // Length 0 is allowed (an empty boolean mask); length 1 blocks nothing.
  auto empty = student::causal_mask(0);
  EXPECT_HOLDS(empty.kind == course::Mask::Kind::boolean, "causal_mask(0): expected a boolean mask, got another kind");
  EXPECT_SHAPE(empty.values, {0, 0});
  auto one = student::causal_mask(1);
  EXPECT_RESULT_NEAR(one.values, matrix({{0}}), (course_testing::Tolerance{0, 0}));
  auto five = student::causal_mask(5);
  course::MatrixXf want(5, 5);
  for (course::Index i = 0; i < 5; ++i)
    for (course::Index j = 0; j < 5; ++j) want(i, j) = j > i ? 1.0f : 0.0f;
  EXPECT_RESULT_NEAR(five.values, want, (course_testing::Tolerance{0, 0}));
  EXPECT_INVALID_ARGUMENT(student::causal_mask(-3), "length");
}
