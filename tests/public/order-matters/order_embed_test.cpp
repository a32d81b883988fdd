// Public tests of exercise order-embed: embed(words) and with_positions(embeddings).
// Run them with `build/bin/grader check order-matters`.
#include <cmath>

#include "common/tensor_testing.hpp"
#include "order-matters/bridge/proxy.hpp"
#include "order_public.hpp"

namespace {

using course::Index;
using course::MatrixXf;
using order_public::has_shape;
using order_public::table_row;
using order_public::words;

constexpr Index E = course::toy::kEmbedDim;

// with_positions adds a double encoding rounded to float once: entries of size
// up to about 3 carry a float rounding of at most 2.4e-7, inside the course's
// float32 tolerance (lessons/common/tensor_testing.hpp); any wrong formula (a position off by
// one, sin/cos swapped) is off by more than 1e-3.
constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;

TEST(OrderEmbed, ShapeIsWordsByEmbedWidth) {
  EXPECT_CHECK(has_shape("embed({\"dog\", \"bites\", \"man\"})", student::embed(words("dog bites man")), 3, E));
  EXPECT_CHECK(has_shape("embed({\"bird\"})", student::embed({"bird"}), 1, E));
  // No words is a valid sentence for embed: an empty (0, E) matrix.
  EXPECT_CHECK(has_shape("embed({})", student::embed({}), 0, E));
}

TEST(OrderEmbed, RowsAreTheTableRowsOfTheWords) {
  // Copying a row is exact: no tolerance.
  const MatrixXf got = student::embed(words("man bites dog man"));
  ASSERT_CHECK(has_shape("embed({\"man\", \"bites\", \"dog\", \"man\"})", got, 4, E));
  const std::vector<std::string> sentence = words("man bites dog man");
  for (Index l = 0; l < 4; ++l) {
    EXPECT_TENSOR_NEAR(MatrixXf(got.row(l)), table_row(sentence[static_cast<std::size_t>(l)]), 0, 0)
        << "embed({\"man\", \"bites\", \"dog\", \"man\"}): row " << l << " should be the table row of '"
        << sentence[static_cast<std::size_t>(l)] << "'";
  }
}

TEST(OrderEmbed, UnknownWordIsNamed) {
  EXPECT_INVALID_ARGUMENT(student::embed(words("dog bites unicorn")), "'unicorn'");
  // Words are matched exactly: the vocabulary is lowercase.
  EXPECT_INVALID_ARGUMENT(student::embed(words("Dog bites man")), "'Dog'");
}

TEST(OrderEmbed, WithPositionsAddsTheEncodingByHand) {
  // On zero embeddings the result is the encoding itself. For width 8 the pair
  // frequencies are 1, 1/10, 1/100, 1/1000 (10000^(2i/8) = 10^i).
  const MatrixXf got = student::with_positions(MatrixXf::Zero(3, E));
  ASSERT_CHECK(has_shape("with_positions(<zeros (3, 8)>)", got, 3, E));
  MatrixXf want(3, E);
  for (Index pos = 0; pos < 3; ++pos)
    for (Index pair = 0; pair < 4; ++pair) {
      const double angle = static_cast<double>(pos) / std::pow(10.0, static_cast<double>(pair));
      want(pos, 2 * pair) = static_cast<float>(std::sin(angle));
      want(pos, 2 * pair + 1) = static_cast<float>(std::cos(angle));
    }
  EXPECT_TENSOR_NEAR(got, want, kTol.atol, kTol.rtol) << "with_positions(<zeros (3, 8)>) should be the encoding itself";
}

TEST(OrderEmbed, WithPositionsKeepsTheEmbeddings) {
  // The encoding is ADDED: subtracting the zero-input result gives the input back.
  const MatrixXf x = order_public::toy_sentence("the cat chases a mouse");
  const MatrixXf placed = student::with_positions(x);
  const MatrixXf encoding = student::with_positions(MatrixXf::Zero(5, E));
  ASSERT_CHECK(has_shape("with_positions(<matrix (5, 8)>)", placed, 5, E));
  EXPECT_TENSOR_NEAR(placed, MatrixXf(x + encoding), kTol.atol, kTol.rtol)
      << "with_positions(x) should be x + with_positions(zeros)";
}

TEST(OrderEmbed, WithPositionsUsesTheInputWidth) {
  // Any width works; width 3 has one sine/cosine pair and a lone sine whose
  // angle at position 1 is 1 / 10000^(2/3).
  const MatrixXf got = student::with_positions(MatrixXf::Zero(2, 3));
  ASSERT_CHECK(has_shape("with_positions(<zeros (2, 3)>)", got, 2, 3));
  EXPECT_VALUE_NEAR(got(1, 0), std::sin(1.0), kTol) << "with_positions(<zeros (2, 3)>)(1, 0) = sin(1)";
  EXPECT_VALUE_NEAR(got(1, 2), std::sin(1.0 / std::pow(10000.0, 2.0 / 3.0)), kTol)
      << "with_positions(<zeros (2, 3)>)(1, 2) = sin(1 / 10000^(2/3))";
}

}  // namespace

// The header's contract, sentence by sentence: the unknown-word message, and
// with_positions at every L >= 0 and W >= 0.
namespace {

TEST(OrderEmbed, UnknownWordMessageNamesTheFirstAndListsTheVocabulary) {
  EXPECT_INVALID_ARGUMENT(student::embed(words("dog unicorn griffin")),
                          "'unicorn'");
  // The message also lists the vocabulary, in the header's order.
  try {
    student::embed(words("dog unicorn griffin"));
  } catch (const std::invalid_argument& e) {
    const std::string message = e.what();
    EXPECT_HOLDS(message.find("dog, bites, man, the, cat, chases, mouse, a, sees, bird") != std::string::npos,
                 "expected the message to list the vocabulary (dog, bites, man, the, cat, chases, mouse, a, sees, "
                 "bird), got: " + message);
  }
  EXPECT_INVALID_ARGUMENT(student::embed(words("bird sees Bird")), "'Bird'");
  EXPECT_INVALID_ARGUMENT(student::embed({""}), "''");
}

TEST(OrderEmbed, WithPositionsOfNoRowsNoColumnsAndOneRow) {
  EXPECT_CHECK(has_shape("with_positions(<zeros (0, 8)>)", student::with_positions(MatrixXf::Zero(0, E)), 0, E));
  EXPECT_CHECK(has_shape("with_positions(<zeros (3, 0)>)", student::with_positions(MatrixXf::Zero(3, 0)), 3, 0));
  // Position 0: sin 0 = 0 and cos 0 = 1, added to each embedding feature.
  MatrixXf x(1, 4);
  x << 0.5f, -2, 3, 0.25f;
  MatrixXf want(1, 4);
  want << 0.5f, -1, 3, 1.25f;
  EXPECT_TENSOR_NEAR(student::with_positions(x), want, kTol.atol, kTol.rtol) << "with_positions(<one row of width 4>)";
}

}  // namespace
