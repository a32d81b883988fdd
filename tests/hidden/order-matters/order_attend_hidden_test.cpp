// Exercise order-attend, hidden tests: self_attend and mean_pool against the
// reference on random inputs and on real sentences, and their errors.
#include "common/tensor_testing.hpp"
#include "order-matters/bridge/proxy.hpp"
#include "order-matters/order_matters.hpp"
#include "order_hidden_support.hpp"
#include "order_mistakes.hpp"

namespace {

using course::Index;
using course::MatrixXf;
using namespace order_hidden;

constexpr Index E = course::toy::kEmbedDim;

void expect_same_attention(const MatrixXf& x, const std::string& what) {
  const course::AttentionResult got = student::self_attend(x);
  const course::AttentionResult want = ref::self_attend(x);
  const auto mistakes = order_mistakes::attention(x);
  EXPECT_RESULT_NEAR_EXPLAINED(got.output, want.output, course_testing::kFloatTol, mistakes.output)
      << "self_attend(" << what << ").output";
  EXPECT_RESULT_NEAR_EXPLAINED(got.weights, want.weights, course_testing::kFloatTol, mistakes.weights)
      << "self_attend(" << what << ").weights";
}

TEST(OrderAttendHidden, MatchesReferenceOnRandomInputs) {
  std::uint32_t seed = 100;
  for (Index L : {1, 2, 5, 9, 16}) expect_same_attention(random_matrix(L, E, seed++), "<random (" + std::to_string(L) + ", 8)>");
}

TEST(OrderAttendHidden, MatchesReferenceOnSentences) {
  for (const SentencePair& p : sentence_pairs()) {
    const MatrixXf x = ref::embed(words(p.a));
    expect_same_attention(x, "embed(\"" + p.a + "\")");
    expect_same_attention(ref::with_positions(x), "with_positions(embed(\"" + p.a + "\"))");
  }
}

TEST(OrderAttendHidden, RejectsInputOfAnotherWidth) {
  EXPECT_INVALID_ARGUMENT(student::self_attend(MatrixXf::Zero(4, 16)), "x");
  EXPECT_INVALID_ARGUMENT(student::self_attend(MatrixXf::Zero(2, 7)), "x");
}

TEST(OrderAttendHidden, MeanPoolMatchesReference) {
  // A mean of at most 9 floats: within 1e-6 of any other order of summation.
  std::uint32_t seed = 200;
  for (auto [rows, cols] : {std::pair<Index, Index>{1, 8}, {3, 8}, {9, 5}, {4, 1}}) {
    const MatrixXf x = random_matrix(rows, cols, seed++);
    const course::VectorXf got = student::mean_pool(x), want = ref::mean_pool(x);
    EXPECT_RESULT_NEAR_EXPLAINED(MatrixXf(got.transpose()), MatrixXf(want.transpose()), course_testing::kFloatTol,
                                 order_mistakes::pooling(x))
        << "mean_pool(<random " << course::shape_string({rows, cols}) << ">), shown as a row";
  }
}

TEST(OrderAttendHidden, MeanPoolRejectsNoRows) {
  EXPECT_INVALID_ARGUMENT(student::mean_pool(MatrixXf::Zero(0, 3)), "x");
}

}  // namespace
