// Exercise order-embed, hidden tests: every word of the vocabulary, the
// encoding at several widths against the reference, the unknown-word message.
#include "common/tensor_testing.hpp"
#include "order-matters/bridge/proxy.hpp"
#include "order-matters/order_matters.hpp"
#include "order_hidden_support.hpp"

namespace {

using course::Index;
using course::MatrixXf;
using namespace order_hidden;

TEST(OrderEmbedHidden, EveryWordMatchesTheTable) {
  // The whole vocabulary, backwards and with repeats: row l must be the
  // table row of word l (an exact copy).
  std::vector<std::string> sentence(course::toy::vocabulary().rbegin(), course::toy::vocabulary().rend());
  sentence.push_back("man");
  sentence.push_back("dog");
  EXPECT_TENSOR_NEAR(student::embed(sentence), ref::embed(sentence), 0, 0) << "embed(<the vocabulary backwards, then man, dog>)";
}

TEST(OrderEmbedHidden, WithPositionsMatchesReference) {
  struct Case {
    Index rows, cols;
  };
  std::uint32_t seed = 1;
  for (const Case& c : {Case{1, 8}, Case{7, 8}, Case{12, 5}, Case{3, 1}, Case{40, 8}}) {
    const MatrixXf x = random_matrix(c.rows, c.cols, seed++);
    EXPECT_TENSOR_NEAR(student::with_positions(x), ref::with_positions(x), kPositionTol.atol, kPositionTol.rtol)
        << "with_positions(<random matrix " << course::shape_string({c.rows, c.cols}) << ">)";
  }
}

TEST(OrderEmbedHidden, UnknownWordMessageNamesTheFirstOne) {
  EXPECT_INVALID_ARGUMENT(student::embed(words("dog zebra yak")), "'zebra'");
  EXPECT_INVALID_ARGUMENT(student::embed(words("cats")), "'cats'");
  // A word that is in the vocabulary must not be reported.
  try {
    student::embed(words("bird kitten"));
    ADD_FAILURE() << "embed({\"bird\", \"kitten\"}): expected std::invalid_argument naming 'kitten'";
  } catch (const std::invalid_argument& e) {
    EXPECT_HOLDS(std::string(e.what()).find("'bird'") == std::string::npos,
                 std::string("'bird' is a known word, the message should name 'kitten' only; it was: ") + e.what());
  }
}

}  // namespace
