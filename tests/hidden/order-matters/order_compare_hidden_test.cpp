// Exercise order-compare, hidden tests: every field against the reference on
// many sentence pairs, the two graded facts, and the errors.
#include "common/tensor_testing.hpp"
#include "order-matters/bridge/proxy.hpp"
#include "order-matters/order_matters.hpp"
#include "order_hidden_support.hpp"
#include "order_mistakes.hpp"

namespace {

using course::Index;
using namespace order_hidden;

// The distances and errors are built from attention outputs (see
// kAttentionAtol): they agree with the reference to about 1e-6.
constexpr double kFieldAtol = course_testing::kFloatTol.atol;
constexpr double kFieldRtol = course_testing::kFloatTol.rtol;

void expect_near_field(float got, float want, const char* field, const SentencePair& p,
                       const course_testing::Mistakes& mistakes = {}) {
  EXPECT_CHECK(course_testing::value_near(course_testing::Text() << "compare_orders(\"" << p.a << "\", \"" << p.b
                                                                   << "\")." << field,
                                          got, want, course_testing::Tolerance{kFieldAtol, kFieldRtol}, mistakes));
}

/// The permutation against `want`, naming a known wrong matching.
void expect_permutation(const course::OrderComparison& got, const std::vector<Index>& want, const SentencePair& p,
                        const std::vector<order_mistakes::ComparisonMistake>& mistakes) {
  std::vector<course_testing::WrongValue<std::vector<Index>>> wrong;
  for (const auto& m : mistakes)
    if (!m.result.permutation.empty()) wrong.push_back({m.cause, m.result.permutation});
  EXPECT_CHECK(course_testing::same(course_testing::Text() << "compare_orders(\"" << p.a << "\", \"" << p.b
                                                             << "\").permutation",
                                    got.permutation, want, wrong));
}

TEST(OrderCompareHidden, EveryFieldMatchesReference) {
  for (const SentencePair& p : sentence_pairs()) {
    const course::OrderComparison got = student::compare_orders(words(p.a), words(p.b));
    const course::OrderComparison want = ref::compare_orders(words(p.a), words(p.b));
    const auto mistakes = order_mistakes::comparisons(words(p.a), words(p.b));
    using C = course::OrderComparison;
    expect_permutation(got, want.permutation, p, mistakes);
    expect_near_field(got.pooled_distance_without, want.pooled_distance_without, "pooled_distance_without", p,
                      order_mistakes::field(mistakes, &C::pooled_distance_without));
    expect_near_field(got.pooled_distance_with, want.pooled_distance_with, "pooled_distance_with", p,
                      order_mistakes::field(mistakes, &C::pooled_distance_with));
    expect_near_field(got.permutation_error_without, want.permutation_error_without, "permutation_error_without", p,
                      order_mistakes::field(mistakes, &C::permutation_error_without));
    expect_near_field(got.permutation_error_with, want.permutation_error_with, "permutation_error_with", p,
                      order_mistakes::field(mistakes, &C::permutation_error_with));
  }
}

TEST(OrderCompareHidden, WithoutEncodingTheOrderIsInvisible) {
  for (const SentencePair& p : sentence_pairs()) {
    const course::OrderComparison c = student::compare_orders(words(p.a), words(p.b));
    EXPECT_BELOW(c.pooled_distance_without, kRoundingOnly) << "compare_orders(\"" << p.a << "\", \"" << p.b << "\")";
    EXPECT_BELOW(c.permutation_error_without, kRoundingOnly) << "compare_orders(\"" << p.a << "\", \"" << p.b << "\")";
  }
}

TEST(OrderCompareHidden, WithEncodingTheOrderIsVisible) {
  // Every pair whose words really move. The toy model is fixed (the same
  // numbers on every machine): the reference's pooled distances for these
  // pairs run from 0.33 to 1.0 and its permutation errors from 0.34 to 1.5.
  // 0.05 is six times below the smallest and 10^5 times above float rounding
  // (< 5e-7 here), so only a bug that hides the order falls under it.
  for (const SentencePair& p : sentence_pairs()) {
    if (p.a == p.b) continue;
    const course::OrderComparison c = student::compare_orders(words(p.a), words(p.b));
    EXPECT_ABOVE(c.pooled_distance_with, 0.05f) << "compare_orders(\"" << p.a << "\", \"" << p.b << "\")";
    EXPECT_ABOVE(c.permutation_error_with, 0.05f) << "compare_orders(\"" << p.a << "\", \"" << p.b << "\")";
  }
}

TEST(OrderCompareHidden, RepeatedWordsAreMatchedInOrder) {
  struct Case {
    std::string a, b;
    std::vector<Index> permutation;
  };
  for (const Case& c : {Case{"the the dog", "dog the the", {2, 0, 1}},
                        Case{"the dog chases the cat", "the cat chases the dog", {0, 4, 2, 3, 1}},
                        Case{"a dog a cat a bird", "a bird a cat a dog", {0, 5, 2, 3, 4, 1}}}) {
    const course::OrderComparison got = student::compare_orders(words(c.a), words(c.b));
    expect_permutation(got, c.permutation, {c.a, c.b}, order_mistakes::comparisons(words(c.a), words(c.b)));
    const course::OrderComparison want = ref::compare_orders(words(c.a), words(c.b));
    expect_near_field(got.permutation_error_with, want.permutation_error_with, "permutation_error_with", {c.a, c.b});
  }
}

TEST(OrderCompareHidden, ErrorsNameTheProblem) {
  EXPECT_INVALID_ARGUMENT(student::compare_orders({}, words("dog")), "sentence_a");
  EXPECT_INVALID_ARGUMENT(student::compare_orders(words("dog bites"), words("dog bites man")), "sentence_b");
  EXPECT_INVALID_ARGUMENT(student::compare_orders(words("the dog"), words("the the")), "'the'");
  EXPECT_INVALID_ARGUMENT(student::compare_orders(words("dog bites man"), words("man bites bird")), "'bird'");
  EXPECT_INVALID_ARGUMENT(student::compare_orders(words("yak bites man"), words("man bites yak")), "'yak'");
}

}  // namespace
