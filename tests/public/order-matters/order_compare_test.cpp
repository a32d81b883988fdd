// Public tests of exercise order-compare: compare_orders(sentence_a, sentence_b).
// Run them with `build/bin/grader check order-matters`.
#include "common/tensor_testing.hpp"
#include "order-matters/bridge/proxy.hpp"
#include "order_public.hpp"

namespace {

using course::Index;
using order_public::words;

// "Zero" without encoding: the two runs differ only in the order float sums
// are taken, under 5e-7 on values near 1. The course's float32 atol
// (lessons/common/tensor_testing.hpp: 1e-5, an expected zero) is twenty times that.
constexpr float kRoundingOnly = static_cast<float>(course_testing::kFloatTol.atol);

// "Clearly not zero" with encoding: for the toy model (fixed numbers, the same
// on every machine) "dog bites man" vs "man bites dog" gives a pooled distance
// of about 0.84 and a permutation error of about 1.0. 0.1 is an eighth of the
// smaller one, and ten thousand times the rounding noise: no correct
// implementation lands below it, and the bugs that hide the word order
// (encoding added after attention, pooling before attention) give about 0.
constexpr float kClearlyVisible = 0.1f;

TEST(OrderCompare, DogBitesManVersusManBitesDog) {
  const course::OrderComparison c = student::compare_orders(words("dog bites man"), words("man bites dog"));
  EXPECT_SAME(c.permutation, (std::vector<Index>{2, 1, 0})) << "compare_orders(dog bites man, man bites dog): "
                                                             "'man' is word 2 of A, 'bites' word 1, 'dog' word 0";
  EXPECT_BELOW(c.pooled_distance_without, kRoundingOnly)
      << "without encoding, attention cannot see the order: the averaged outputs should agree";
  EXPECT_BELOW(c.permutation_error_without, kRoundingOnly)
      << "without encoding, B's outputs should be A's outputs reordered like B's words";
  EXPECT_ABOVE(c.pooled_distance_with, kClearlyVisible)
      << "with encoding, the two sentences should give clearly different averaged outputs";
  EXPECT_ABOVE(c.permutation_error_with, kClearlyVisible)
      << "with encoding, B's outputs are no longer A's outputs reordered";
}

TEST(OrderCompare, PooledDistanceWithPositionsIsEuclidean) {
  // The header's || mean_pool(out_a) - mean_pool(out_b) ||, from the student's own
  // functions: about 0.84 here, so its square (about 0.7) is clearly another number.
  const auto a = words("dog bites man"), b = words("man bites dog");
  const course::VectorXf pooled_a = student::mean_pool(student::self_attend(student::with_positions(student::embed(a))).output);
  const course::VectorXf pooled_b = student::mean_pool(student::self_attend(student::with_positions(student::embed(b))).output);
  const double want = (pooled_a - pooled_b).norm();
  const auto c = student::compare_orders(a, b);
  EXPECT_VALUE_NEAR(c.pooled_distance_with, want, course_testing::kFloatTol)
      << "the Euclidean distance, not its square (" << want * want << ")";
}

TEST(OrderCompare, ASentenceComparedWithItselfIsZeroBothWays) {
  const course::OrderComparison c = student::compare_orders(words("a bird sees the cat"), words("a bird sees the cat"));
  EXPECT_SAME(c.permutation, (std::vector<Index>{0, 1, 2, 3, 4}));
  // The same computation twice gives the same floats.
  EXPECT_BELOW(c.pooled_distance_without, kRoundingOnly);
  EXPECT_BELOW(c.pooled_distance_with, kRoundingOnly);
  EXPECT_BELOW(c.permutation_error_without, kRoundingOnly);
  EXPECT_BELOW(c.permutation_error_with, kRoundingOnly);
}

TEST(OrderCompare, RepeatedWordsAreMatchedInOrder) {
  // The first "the" of B is the first "the" of A, the second the second.
  const course::OrderComparison c =
      student::compare_orders(words("the dog chases the cat"), words("the cat chases the dog"));
  EXPECT_SAME(c.permutation, (std::vector<Index>{0, 4, 2, 3, 1}));
  EXPECT_BELOW(c.permutation_error_without, kRoundingOnly);
}

TEST(OrderCompare, RejectsSentencesThatAreNotReorderings) {
  EXPECT_INVALID_ARGUMENT(student::compare_orders({}, {}), "sentence_a");
  EXPECT_INVALID_ARGUMENT(student::compare_orders(words("dog bites man"), words("dog bites")), "sentence_b");
  EXPECT_INVALID_ARGUMENT(student::compare_orders(words("dog bites man"), words("cat bites man")), "'cat'");
  EXPECT_INVALID_ARGUMENT(student::compare_orders(words("dog bites unicorn"), words("unicorn bites dog")), "'unicorn'");
}

}  // namespace

// The header's contract, sentence by sentence: each measure as the header
// defines it, over every word (the first and last included), and each error
// naming what is wrong.
namespace {

// self_attend(...).output of a sentence, with or without positions, from your
// own functions: the measures below are checked against their definitions.
course::MatrixXf outputs(const std::string& sentence, bool with_positions) {
  const course::MatrixXf x = student::embed(words(sentence));
  return student::self_attend(with_positions ? student::with_positions(x) : x).output;
}

TEST(OrderCompare, MeasuresAreTheHeadersDefinitions) {
  // Several reorderings, one with only the last two words swapped: the error
  // is a max over every word (the first and the last included), the distance
  // a Euclidean norm of the pooled outputs.
  const std::vector<std::pair<std::string, std::string>> pairs = {{"the cat sees a bird", "a bird sees the cat"},
                                                                  {"the cat sees a bird", "the cat sees bird a"},
                                                                  {"dog bites man", "man bites dog"},
                                                                  {"dog bites man", "bites man dog"},
                                                                  {"man sees a bird", "bird sees a man"}};
  for (const auto& [a, b] : pairs) {
    const course::OrderComparison c = student::compare_orders(words(a), words(b));
    ASSERT_SAME(c.permutation.size(), words(a).size());
    const course::MatrixXf with_a = outputs(a, true), with_b = outputs(b, true);
    const course::MatrixXf plain_a = outputs(a, false), plain_b = outputs(b, false);
    float worst = 0, worst_plain = 0;
    for (std::size_t j = 0; j < c.permutation.size(); ++j) {
      const auto row = static_cast<Index>(j);
      worst = std::max(worst, (with_b.row(row) - with_a.row(c.permutation[j])).cwiseAbs().maxCoeff());
      worst_plain = std::max(worst_plain, (plain_b.row(row) - plain_a.row(c.permutation[j])).cwiseAbs().maxCoeff());
    }
    const float pooled = (student::mean_pool(with_a) - student::mean_pool(with_b)).norm();
    const float pooled_plain = (student::mean_pool(plain_a) - student::mean_pool(plain_b)).norm();
    EXPECT_VALUE_NEAR(c.permutation_error_with, worst, course_testing::kFloatTol) << a << " / " << b;
    EXPECT_VALUE_NEAR(c.permutation_error_without, worst_plain, course_testing::kFloatTol) << a << " / " << b;
    EXPECT_VALUE_NEAR(c.pooled_distance_with, pooled, course_testing::kFloatTol) << a << " / " << b;
    EXPECT_VALUE_NEAR(c.pooled_distance_without, pooled_plain, course_testing::kFloatTol) << a << " / " << b;
    EXPECT_ABOVE(c.permutation_error_with, kClearlyVisible) << a << " / " << b;
  }
}

TEST(OrderCompare, OneWordSentence) {
  const course::OrderComparison c = student::compare_orders({"cat"}, {"cat"});
  EXPECT_SAME(c.permutation, (std::vector<Index>{0}));
  EXPECT_BELOW(c.permutation_error_with, kRoundingOnly);
  EXPECT_BELOW(c.pooled_distance_with, kRoundingOnly);
}

TEST(OrderCompare, ErrorsNameWhatIsWrong) {
  EXPECT_INVALID_ARGUMENT(student::compare_orders({}, words("dog")), "sentence_a");
  EXPECT_INVALID_ARGUMENT(student::compare_orders(words("dog bites man"), words("dog bites man dog")),
                          "sentence_b");
  EXPECT_INVALID_ARGUMENT(student::compare_orders(words("dog bites man"), words("man bites")),
                          "sentence_b");
  EXPECT_INVALID_ARGUMENT(student::compare_orders(words("dog bites man"), words("man bites cat")),
                          "'cat'");
  // A word used more often in B than in A has no unmatched partner the second time.
  EXPECT_INVALID_ARGUMENT(student::compare_orders(words("dog bites man"), words("dog dog man")),
                          "'dog'");
  EXPECT_INVALID_ARGUMENT(student::compare_orders(words("dog bites griffin"), words("griffin bites dog")),
                          "'griffin'");
}

}  // namespace
