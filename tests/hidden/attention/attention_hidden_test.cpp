// Exercise attention: hidden tests without masks (shape sweep, invariances,
// stability, shape errors, PyTorch).
#include <numeric>
#include <string>
#include <vector>

#include "attention/attention.hpp"
#include "attention/bridge/proxy.hpp"
#include "attention_hidden_support.hpp"
#include "common/tensor_testing.hpp"
#include "torch_fixtures.hpp"

using namespace attention_hidden;

namespace {

struct AttentionShape {
  Index L, S, D, Dv;
};

std::string shape_name(const testing::TestParamInfo<AttentionShape>& info) {
  const auto& p = info.param;
  return "L" + std::to_string(p.L) + "_S" + std::to_string(p.S) + "_D" + std::to_string(p.D) + "_Dv" +
         std::to_string(p.Dv);
}

}  // namespace

class AttentionHiddenShapes : public testing::TestWithParam<AttentionShape> {};

TEST_P(AttentionHiddenShapes, MatchesReference) {
  const auto [L, S, D, Dv] = GetParam();
  const auto seed = static_cast<std::uint32_t>(1000 * L + 100 * S + 10 * D + Dv);
  MatrixXf query = random_matrix(L, D, seed), key = random_matrix(S, D, seed + 1),
           value = random_matrix(S, Dv, seed + 2);
  auto got = student::scaled_dot_product_attention(query, key, value);
  auto want = ref::scaled_dot_product_attention(query, key, value);
  const auto mistakes = known_mistakes(query, key, value);
  EXPECT_RESULT_NEAR_EXPLAINED(got.weights, want.weights, course_testing::kFloatTol, mistakes.weights);
  EXPECT_RESULT_NEAR_EXPLAINED(got.output, want.output, course_testing::kFloatTol, mistakes.output);
}

// L != S (cross-attention), D != Dv, single query, single key, square cases.
INSTANTIATE_TEST_SUITE_P(Sweep, AttentionHiddenShapes,
                         testing::Values(AttentionShape{1, 1, 1, 1}, AttentionShape{1, 5, 3, 2},
                                         AttentionShape{4, 1, 2, 3}, AttentionShape{3, 3, 3, 3},
                                         AttentionShape{5, 7, 4, 6}, AttentionShape{7, 5, 8, 2},
                                         AttentionShape{8, 8, 16, 16}, AttentionShape{16, 9, 32, 8},
                                         AttentionShape{32, 48, 64, 32}),
                         shape_name);

TEST(AttentionHidden, WeightRowsSumToOne) {
  auto got = student::scaled_dot_product_attention(random_matrix(6, 5, 11), random_matrix(9, 5, 12),
                                                   random_matrix(9, 3, 13));
  ASSERT_SHAPE(got.weights, {6, 9}) << "  weights are (L, S) = (6, 9)";
  EXPECT_CHECK(course_testing::near(course_testing::subject() + ".weights row sums", MatrixXf(got.weights.rowwise().sum()),
                                    MatrixXf(MatrixXf::Ones(6, 1)), course_testing::kFloatTol));
}

TEST(AttentionHidden, PermutingKeysAndValuesTogetherKeepsTheOutput) {
  // Attention sees keys as an unordered set: shuffling key/value pairs only
  // shuffles the weight columns. S == D here, so Q K (no transpose) still runs.
  MatrixXf query = random_matrix(4, 5, 21), key = random_matrix(5, 5, 22), value = random_matrix(5, 3, 23);
  const std::vector<Index> order = {3, 0, 4, 1, 2};
  auto base = student::scaled_dot_product_attention(query, key, value);
  auto shuffled = student::scaled_dot_product_attention(query, permute_rows(key, order), permute_rows(value, order));
  EXPECT_TENSOR_NEAR(shuffled.output, base.output, kAtol, kRtol);
  EXPECT_TENSOR_NEAR(shuffled.weights, permute_cols(base.weights, order), kAtol, kRtol);
}

TEST(AttentionHidden, PermutingQueriesPermutesTheOutputRows) {
  // Each query is answered on its own: shuffling queries shuffles output rows
  // and weight rows in the same way. L == S here, so K Q^T still runs.
  MatrixXf query = random_matrix(5, 3, 31), key = random_matrix(5, 3, 32), value = random_matrix(5, 4, 33);
  const std::vector<Index> order = {2, 4, 0, 3, 1};
  auto base = student::scaled_dot_product_attention(query, key, value);
  auto shuffled = student::scaled_dot_product_attention(permute_rows(query, order), key, value);
  EXPECT_TENSOR_NEAR(shuffled.output, permute_rows(base.output, order), kAtol, kRtol);
  EXPECT_TENSOR_NEAR(shuffled.weights, permute_rows(base.weights, order), kAtol, kRtol);
}

TEST(AttentionHidden, LargeScoresStayFinite) {
  // Entries of size 30 and D = 16 give scores in the thousands.
  MatrixXf query = random_matrix(4, 16, 41, 30.0f), key = random_matrix(6, 16, 42, 30.0f),
           value = random_matrix(6, 3, 43);
  auto got = student::scaled_dot_product_attention(query, key, value);
  auto want = ref::scaled_dot_product_attention(query, key, value);
  const auto mistakes = known_mistakes(query, key, value);
  EXPECT_RESULT_NEAR_EXPLAINED(got.weights, want.weights, course_testing::kFloatTol, mistakes.weights);
  EXPECT_RESULT_NEAR_EXPLAINED(got.output, want.output, course_testing::kFloatTol, mistakes.output);
}

TEST(AttentionHidden, ShapeErrorsNameTheArgumentAndBothShapes) {
  MatrixXf query = MatrixXf::Ones(2, 4), key = MatrixXf::Ones(5, 4), value = MatrixXf::Ones(5, 3);
  EXPECT_INVALID_ARGUMENT(student::scaled_dot_product_attention(query, MatrixXf::Ones(5, 3), value),
                          "key: expected shape (5, 4), got (5, 3)");
  EXPECT_INVALID_ARGUMENT(student::scaled_dot_product_attention(MatrixXf::Ones(2, 6), key, value),
                          "key: expected shape (5, 6), got (5, 4)");
  EXPECT_INVALID_ARGUMENT(student::scaled_dot_product_attention(query, key, MatrixXf::Ones(4, 3)),
                          "value: expected shape (5, 3), got (4, 3)");
  EXPECT_INVALID_ARGUMENT(student::scaled_dot_product_attention(query, key, MatrixXf::Ones(6, 3)),
                          "value: expected shape (5, 3), got (6, 3)");
}

TEST(AttentionHidden, MatchesTorchWithoutMask) {
  int checked = 0;
  for (const auto& c : torch_fixtures::kTorchAttention) {
    if (c.mask_kind != 0) continue;
    SCOPED_TRACE(std::string("PyTorch case ") + c.name + " (" + c.torch_function + ")");
    auto got = student::scaled_dot_product_attention(c.query.eigen(), c.key.eigen(), c.value.eigen());
    EXPECT_TENSOR_NEAR(got.weights, c.weights.eigen(), kAtol, kRtol);
    EXPECT_TENSOR_NEAR(got.output, c.output.eigen(), kAtol, kRtol);
    ++checked;
  }
  EXPECT_HOLDS(checked > 0, "tests/fixtures/attention/torch_cases.inc has no unmasked case");
}
