// course::check_shape produces the messages the lesson headers document:
// fixed sizes as numbers, any-size dimensions by their letters, vectors as
// "(E,)".
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "common/tensor.hpp"

namespace {

template <typename Check>
std::string message_of(Check check) {
  try {
    check();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(no exception)";
}

TEST(CheckShape, LettersNameAnySizeDimensions) {
  course::Tensor q({2, 5, 16});
  EXPECT_EQ(message_of([&] { course::check_shape("query", q, {"B", "L", 32}); }),
            "query: expected shape (B, L, 32), got (2, 5, 16)");
  EXPECT_NO_THROW(course::check_shape("query", q, {"B", "L", 16}));
  EXPECT_EQ(message_of([&] { course::check_shape("key", q, {2, "S", 32}); }), "key: expected shape (2, S, 32), got (2, 5, 16)");
  EXPECT_EQ(message_of([&] { course::check_shape("heads", q, {"B", "H", "L", "D"}); }),
            "heads: expected shape (B, H, L, D), got (2, 5, 16)");
}

TEST(CheckShape, VectorsPrintWithATrailingComma) {
  course::VectorXf bias(7);
  EXPECT_EQ(message_of([&] { course::check_shape("bias", bias, {8}); }), "bias: expected shape (8,), got (7,)");
  EXPECT_EQ(message_of([&] { course::check_shape("bias", bias, {"E", "E"}); }), "bias: expected shape (E, E), got (7,)");
  EXPECT_NO_THROW(course::check_shape("bias", bias, {"E"}));
}

TEST(CheckShape, SizesAndMatricesKeepTheirNumbers) {
  course::MatrixXf key(3, 5);
  const std::int64_t S = 3;
  const int D = 4;
  const std::size_t L = 3;
  EXPECT_EQ(message_of([&] { course::check_shape("key", key, {S, D}); }), "key: expected shape (3, 4), got (3, 5)");
  EXPECT_NO_THROW(course::check_shape("key", key, {L, -1}));
  std::vector<course::Index> want = {3, 4};
  EXPECT_EQ(message_of([&] { course::check_shape("key", key, want); }), "key: expected shape (3, 4), got (3, 5)");
}

}  // namespace
