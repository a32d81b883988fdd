// Public tests of exercise lvf-table: LearnedPositionalEmbedding.
// Run them with `build/bin/grader check learned-vs-fixed`.
#include <cmath>
#include <stdexcept>

#include "common/seeded_init.hpp"
#include "common/tensor_testing.hpp"
#include "learned-vs-fixed/bridge/proxy.hpp"

namespace {

using course::Index;
using course::MatrixXd;

// The table as the header's recipe describes it, written out here.
MatrixXd recipe(Index max_len, Index d_model, std::uint64_t seed) {
  course::SplitMix64 stream(seed);
  MatrixXd t(max_len, d_model);
  for (Index p = 0; p < max_len; ++p)
    for (Index c = 0; c < d_model; ++c) t(p, c) = static_cast<double>(stream.uniform(std::sqrt(3.0f)));
  return t;
}

// Init bounds may be computed in float or in double (one float ulp apart):
// the draws are float32 results under the course's tolerance (lessons/common/tensor_testing.hpp).
constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;

TEST(LvfTable, TableHasTheRequestedShape) {
  const student::LearnedPositionalEmbedding learned(16, 4);
  EXPECT_SAME(learned.max_len(), 16);
  EXPECT_SAME(learned.d_model(), 4);
}

TEST(LvfTable, InitialTableFollowsTheRecipe) {
  EXPECT_TENSOR_NEAR(student::LearnedPositionalEmbedding(5, 3, 7).table(), recipe(5, 3, 7), kTol.atol, kTol.rtol)
      << "LearnedPositionalEmbedding(5, 3, 7).table(): row by row, uniform(sqrt(3)) from SplitMix64(7)";
  EXPECT_TENSOR_NEAR(student::LearnedPositionalEmbedding(4, 6).table(), recipe(4, 6, 0), kTol.atol, kTol.rtol)
      << "LearnedPositionalEmbedding(4, 6).table(): the default seed is 0";
}

TEST(LvfTable, ForwardReturnsTheFirstRows) {
  const student::LearnedPositionalEmbedding learned(10, 4, 3);
  const MatrixXd table = learned.table();
  EXPECT_TENSOR_NEAR(learned.forward(3), MatrixXd(table.topRows(3)), 0, 0) << "forward(3): rows 0, 1, 2 of the table";
  EXPECT_TENSOR_NEAR(learned.forward(10), table, 0, 0) << "forward(max_len): the whole table";
  EXPECT_TENSOR_NEAR(learned.forward(0), MatrixXd(0, 4), 0, 0) << "forward(0): no positions, shape (0, d_model)";
}

TEST(LvfTable, SetTableReplacesTheRows) {
  student::LearnedPositionalEmbedding learned(3, 2);
  MatrixXd trained(3, 2);
  trained << 1, 2,  //
      3, 4,         //
      5, 6;
  learned.set_table(trained);
  EXPECT_TENSOR_NEAR(learned.table(), trained, 0, 0) << "table() after set_table";
  EXPECT_TENSOR_NEAR(learned.forward(2), MatrixXd(trained.topRows(2)), 0, 0) << "forward(2) after set_table";
}

TEST(LvfTable, LongerThanTheTableIsOutOfRange) {
  const student::LearnedPositionalEmbedding learned(512, 16);
  try {
    learned.forward(600);
    ADD_FAILURE() << "LearnedPositionalEmbedding(512, 16).forward(600): expected std::out_of_range, nothing was thrown";
  } catch (const std::out_of_range& e) {
    const std::string message = e.what();
    EXPECT_HOLDS(message.find("600") != std::string::npos, course_testing::Text() << "the message should give the requested length 600: " << message);
    EXPECT_HOLDS(message.find("512") != std::string::npos, course_testing::Text() << "the message should give the table's 512 positions: " << message);
  } catch (const grader::client::WorkerFailure&) {
    grader::client::student().expect_from_last_call("std::out_of_range");
    throw;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "LearnedPositionalEmbedding(512, 16).forward(600): expected std::out_of_range, got another exception: "
                  << e.what();
  }
}

TEST(LvfTable, RejectsBadArguments) {
  EXPECT_INVALID_ARGUMENT(student::LearnedPositionalEmbedding(0, 4), "max_len");
  EXPECT_INVALID_ARGUMENT(student::LearnedPositionalEmbedding(4, 0), "d_model");
  EXPECT_INVALID_ARGUMENT(student::LearnedPositionalEmbedding(4, 2).forward(-1), "seq_len");
  student::LearnedPositionalEmbedding learned(4, 2);
  EXPECT_INVALID_ARGUMENT(learned.set_table(MatrixXd::Zero(2, 4)), "table");
}

}  // namespace

// The header's contract, sentence by sentence: each invalid_argument with its message,
// the table's shape with its two sizes swapped, and the table kept across calls.
namespace {

TEST(LvfTable, ErrorsGiveTheHeadersMessages) {
  EXPECT_INVALID_ARGUMENT(student::LearnedPositionalEmbedding(0, 4), "max_len must be > 0, got 0");
  EXPECT_INVALID_ARGUMENT(student::LearnedPositionalEmbedding(-3, 4), "max_len must be > 0, got -3");
  EXPECT_INVALID_ARGUMENT(student::LearnedPositionalEmbedding(4, -2), "d_model must be > 0, got -2");
  EXPECT_INVALID_ARGUMENT(student::LearnedPositionalEmbedding(4, 2).forward(-1), "seq_len must be >= 0, got -1");
  student::LearnedPositionalEmbedding learned(512, 16);
  EXPECT_INVALID_ARGUMENT(learned.set_table(MatrixXd::Zero(16, 512)), "table: expected shape (512, 16), got (16, 512)");
  EXPECT_INVALID_ARGUMENT(learned.set_table(MatrixXd::Zero(512, 15)), "table: expected shape (512, 16), got (512, 15)");
  EXPECT_INVALID_ARGUMENT(learned.set_table(MatrixXd::Zero(513, 16)), "table: expected shape (512, 16), got (513, 16)");
}

TEST(LvfTable, OneRowPastTheTableIsOutOfRangeTheLastRowIsServed) {
  const student::LearnedPositionalEmbedding learned(7, 3, 2);
  EXPECT_TENSOR_NEAR(learned.forward(7), recipe(7, 3, 2), kTol.atol, kTol.rtol) << "forward(max_len) serves every row";
  bool thrown = false;
  try {
    learned.forward(8);
  } catch (const std::out_of_range&) {
    thrown = true;
  }
  EXPECT_HOLDS(thrown, "LearnedPositionalEmbedding(7, 3, 2).forward(8): expected std::out_of_range, one row past the table");
}

TEST(LvfTable, SetTableTwiceAndForwardReadsTheLatest) {
  student::LearnedPositionalEmbedding learned(3, 2, 4);
  MatrixXd first(3, 2), second(3, 2);
  first << 1, 2, 3, 4, 5, 6;
  second << -1, -2, -3, -4, -5, -6;
  EXPECT_TENSOR_NEAR(learned.forward(2), MatrixXd(recipe(3, 2, 4).topRows(2)), kTol.atol, kTol.rtol);
  learned.set_table(first);
  EXPECT_TENSOR_NEAR(learned.forward(3), first, 0, 0) << "forward(3) after the first set_table";
  learned.set_table(second);
  EXPECT_TENSOR_NEAR(learned.forward(1), MatrixXd(second.topRows(1)), 0, 0) << "forward(1) after the second set_table";
  EXPECT_TENSOR_NEAR(learned.table(), second, 0, 0) << "table() after the second set_table";
}

TEST(LvfTable, EachSizeVariedAlone) {
  EXPECT_TENSOR_NEAR(student::LearnedPositionalEmbedding(1, 3, 5).table(), recipe(1, 3, 5), kTol.atol, kTol.rtol);
  EXPECT_TENSOR_NEAR(student::LearnedPositionalEmbedding(6, 1, 5).table(), recipe(6, 1, 5), kTol.atol, kTol.rtol);
  EXPECT_TENSOR_NEAR(student::LearnedPositionalEmbedding(6, 3, 5).table(), recipe(6, 3, 5), kTol.atol, kTol.rtol);
}

}  // namespace
