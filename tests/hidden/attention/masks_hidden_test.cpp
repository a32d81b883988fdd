// Exercise masks: hidden tests (causal masks, boolean and additive masks,
// fully masked rows, mask shapes, PyTorch).
#include <cmath>
#include <limits>
#include <string>

#include "attention/attention.hpp"
#include "attention/bridge/proxy.hpp"
#include "attention_hidden_support.hpp"
#include "common/tensor_testing.hpp"
#include "torch_fixtures.hpp"

using namespace attention_hidden;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

// A blocked key's weight is exp(-inf) / sum: exactly 0 with std::exp, about
// 3e-39 with Eigen's vectorised exp. Either is "zero"; a mask applied with 0
// instead of -inf leaves weights near 1/S instead.
constexpr float kZeroWeight = 1e-6f;

std::string length_name(const testing::TestParamInfo<Index>& info) { return "length" + std::to_string(info.param); }

}  // namespace

class MasksHiddenCausal : public testing::TestWithParam<Index> {};

TEST_P(MasksHiddenCausal, PatternIsStrictlyUpperTriangular) {
  const Index length = GetParam();
  auto got = student::causal_mask(length);
  EXPECT_HOLDS(got.kind == course::Mask::Kind::boolean, "expected a boolean mask (Mask::boolean), got another kind");
  const MatrixXf want = ref::causal_mask(length).values;
  const MatrixXf ones = MatrixXf::Ones(length, length);
  const MatrixXf diagonal = MatrixXf::Identity(length, length);
  MatrixXf leaks = want;
  for (Index i = 0; i + 1 < length; ++i) leaks(i, i + 1) = 0;
  EXPECT_RESULT_NEAR_EXPLAINED(
      got.values, want, (course_testing::Tolerance{0, 0}),
      {course_testing::mistake("the diagonal is blocked too (j >= i): a token must see itself; block only j > i.",
                               MatrixXf(want + diagonal)),
       course_testing::mistake("the next token is visible (j > i + 1 blocked): block every j > i.", leaks),
       course_testing::mistake("the mask blocks the past (j < i) instead of the future (j > i).",
                               MatrixXf(want.transpose())),
       course_testing::mistake("true means blocked: the mask is inverted.", MatrixXf(ones - want))});
}

TEST_P(MasksHiddenCausal, SelfAttentionMatchesReference) {
  const Index length = GetParam();
  const auto seed = static_cast<std::uint32_t>(500 + length);
  MatrixXf query = random_matrix(length, 4, seed), key = random_matrix(length, 4, seed + 1),
           value = random_matrix(length, 3, seed + 2);
  auto got = student::scaled_dot_product_attention(query, key, value, student::causal_mask(length));
  auto want = ref::scaled_dot_product_attention(query, key, value, ref::causal_mask(length));
  const auto mistakes = known_mistakes(query, key, value, ref::causal_mask(length));
  EXPECT_RESULT_NEAR_EXPLAINED(got.weights, want.weights, course_testing::kFloatTol, mistakes.weights);
  EXPECT_RESULT_NEAR_EXPLAINED(got.output, want.output, course_testing::kFloatTol, mistakes.output);
}

INSTANTIATE_TEST_SUITE_P(Sweep, MasksHiddenCausal, testing::Values(Index{1}, Index{2}, Index{5}, Index{16}),
                         length_name);

TEST(MasksHidden, FutureTokensDoNotChangeEarlierOutputs) {
  // Under a causal mask, output row i depends on keys and values 0..i only.
  MatrixXf x = random_matrix(6, 4, 61), v = random_matrix(6, 3, 62);
  MatrixXf x_later = x, v_later = v;
  x_later.bottomRows(3) = random_matrix(3, 4, 63, 5.0f);
  v_later.bottomRows(3) = random_matrix(3, 3, 64, 5.0f);
  auto base = student::scaled_dot_product_attention(x, x, v, ref::causal_mask(6));
  auto changed = student::scaled_dot_product_attention(x, x_later, v_later, ref::causal_mask(6));
  ASSERT_SHAPE(changed.output, {6, 3});
  EXPECT_TENSOR_NEAR(MatrixXf(changed.output.topRows(3)), MatrixXf(base.output.topRows(3)), kAtol, kRtol);
}

TEST(MasksHidden, BooleanMaskMatchesReference) {
  MatrixXf query = random_matrix(5, 4, 71), key = random_matrix(8, 4, 72), value = random_matrix(8, 3, 73);
  auto mask = course::Mask::boolean(random_blocked(5, 8, 74));
  auto got = student::scaled_dot_product_attention(query, key, value, mask);
  auto want = ref::scaled_dot_product_attention(query, key, value, mask);
  const auto mistakes = known_mistakes(query, key, value, mask);
  EXPECT_RESULT_NEAR_EXPLAINED(got.weights, want.weights, course_testing::kFloatTol, mistakes.weights);
  EXPECT_RESULT_NEAR_EXPLAINED(got.output, want.output, course_testing::kFloatTol, mistakes.output);
}

TEST(MasksHidden, BlockedKeysGetZeroWeight) {
  MatrixXb blocked = random_blocked(6, 7, 81, 0.5);
  auto got = student::scaled_dot_product_attention(random_matrix(6, 3, 82), random_matrix(7, 3, 83),
                                                   random_matrix(7, 2, 84), course::Mask::boolean(blocked));
  ASSERT_SHAPE(got.weights, {6, 7});
  int leaked = 0, blocked_count = 0;
  std::string first;
  for (Index i = 0; i < 6; ++i)
    for (Index j = 0; j < 7; ++j)
      if (blocked(i, j)) {
        ++blocked_count;
        if (std::fabs(got.weights(i, j)) <= kZeroWeight) continue;
        if (leaked++ == 0)
          first = "query " + std::to_string(i) + " may not attend to key " + std::to_string(j) +
                  ", yet its weight is " + course_testing::shown(got.weights(i, j));
      }
  EXPECT_HOLDS(leaked == 0, "weights: expected 0 for every blocked entry, but " + std::to_string(leaked) + " of " +
                                std::to_string(blocked_count) + " blocked entries have weight; the first: " + first);
}

TEST(MasksHidden, AdditiveMaskMatchesReference) {
  MatrixXf query = random_matrix(5, 6, 91), key = random_matrix(7, 6, 92), value = random_matrix(7, 4, 93);
  MatrixXf bias = random_matrix(5, 7, 94, 2.0f);
  bias(0, 2) = -kInf;
  bias(3, 6) = -kInf;
  auto got = student::scaled_dot_product_attention(query, key, value, course::Mask::additive(bias));
  auto want = ref::scaled_dot_product_attention(query, key, value, course::Mask::additive(bias));
  const auto mistakes = known_mistakes(query, key, value, course::Mask::additive(bias));
  EXPECT_RESULT_NEAR_EXPLAINED(got.weights, want.weights, course_testing::kFloatTol, mistakes.weights);
  EXPECT_RESULT_NEAR_EXPLAINED(got.output, want.output, course_testing::kFloatTol, mistakes.output);
}

TEST(MasksHidden, MinusInfAdditiveMaskEqualsBooleanMask) {
  // The two kinds of mask are two spellings of the same thing: true in a
  // boolean mask is -inf in an additive one, false is 0.
  MatrixXb blocked = random_blocked(4, 6, 101);
  MatrixXf bias = MatrixXf::Zero(4, 6);
  for (Index i = 0; i < 4; ++i)
    for (Index j = 0; j < 6; ++j)
      if (blocked(i, j)) bias(i, j) = -kInf;
  MatrixXf query = random_matrix(4, 3, 102), key = random_matrix(6, 3, 103), value = random_matrix(6, 2, 104);
  auto as_boolean = student::scaled_dot_product_attention(query, key, value, course::Mask::boolean(blocked));
  auto as_additive = student::scaled_dot_product_attention(query, key, value, course::Mask::additive(bias));
  EXPECT_TENSOR_NEAR(as_boolean.weights, as_additive.weights, kAtol, kRtol);
  EXPECT_TENSOR_NEAR(as_boolean.output, as_additive.output, kAtol, kRtol);
}

TEST(MasksHidden, AllFalseBooleanMaskChangesNothing) {
  MatrixXf query = random_matrix(3, 5, 111), key = random_matrix(4, 5, 112), value = random_matrix(4, 2, 113);
  auto masked = student::scaled_dot_product_attention(query, key, value,
                                                      course::Mask::boolean(MatrixXb::Constant(3, 4, false)));
  auto want = ref::scaled_dot_product_attention(query, key, value);
  EXPECT_TENSOR_NEAR(masked.weights, want.weights, kAtol, kRtol);
  EXPECT_TENSOR_NEAR(masked.output, want.output, kAtol, kRtol);
}

TEST(MasksHidden, FullyMaskedRowIsNaNLikePyTorch) {
  // nn.MultiheadAttention returns NaN weights and outputs for a query that may
  // attend to nothing; the other queries are unaffected.
  MatrixXb blocked = MatrixXb::Constant(3, 4, false);
  blocked.row(1).setConstant(true);
  blocked(2, 0) = true;
  MatrixXf query = random_matrix(3, 2, 121), key = random_matrix(4, 2, 122), value = random_matrix(4, 3, 123);
  auto got = student::scaled_dot_product_attention(query, key, value, course::Mask::boolean(blocked));
  auto want = ref::scaled_dot_product_attention(query, key, value, course::Mask::boolean(blocked));
  expect_near_with_nan_rows(got.weights, want.weights, "weights");
  expect_near_with_nan_rows(got.output, want.output, "output");
}

TEST(MasksHidden, MaskShapeMismatchIsRejected) {
  MatrixXf query = MatrixXf::Ones(3, 2), key = MatrixXf::Ones(4, 2), value = MatrixXf::Ones(4, 2);
  EXPECT_INVALID_ARGUMENT(student::scaled_dot_product_attention(query, key, value,
                                                                course::Mask::boolean(MatrixXb::Zero(3, 5))),
                          "mask: expected shape (3, 4), got (3, 5)");
  EXPECT_INVALID_ARGUMENT(student::scaled_dot_product_attention(query, key, value,
                                                                course::Mask::additive(MatrixXf::Zero(4, 4))),
                          "mask: expected shape (3, 4), got (4, 4)");
}

TEST(MasksHidden, MatchesTorchBooleanMasks) {
  int checked = 0;
  for (const auto& c : torch_fixtures::kTorchAttention) {
    if (c.mask_kind != 1) continue;
    SCOPED_TRACE(std::string("PyTorch case ") + c.name + " (" + c.torch_function + ")");
    auto got = student::scaled_dot_product_attention(c.query.eigen(), c.key.eigen(), c.value.eigen(), c.course_mask());
    expect_near_with_nan_rows(got.weights, c.weights.eigen(), "weights");
    expect_near_with_nan_rows(got.output, c.output.eigen(), "output");
    ++checked;
  }
  EXPECT_HOLDS(checked > 0, "tests/fixtures/attention/torch_cases.inc has no boolean-mask case");
}

TEST(MasksHidden, MatchesTorchAdditiveMasks) {
  int checked = 0;
  for (const auto& c : torch_fixtures::kTorchAttention) {
    if (c.mask_kind != 2) continue;
    SCOPED_TRACE(std::string("PyTorch case ") + c.name + " (" + c.torch_function + ")");
    auto got = student::scaled_dot_product_attention(c.query.eigen(), c.key.eigen(), c.value.eigen(), c.course_mask());
    EXPECT_TENSOR_NEAR(got.weights, c.weights.eigen(), kAtol, kRtol);
    EXPECT_TENSOR_NEAR(got.output, c.output.eigen(), kAtol, kRtol);
    ++checked;
  }
  EXPECT_HOLDS(checked > 0, "tests/fixtures/attention/torch_cases.inc has no additive-mask case");
}
