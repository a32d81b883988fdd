// Exercise lvf-table, hidden tests: initialisation for many sizes and seeds,
// forward at the table's edge, set_table and every error.
#include <stdexcept>

#include "common/tensor_testing.hpp"
#include "learned-vs-fixed/bridge/proxy.hpp"
#include "learned-vs-fixed/learned_vs_fixed.hpp"

namespace {

using course::Index;
using course::MatrixXd;

// The bound may be computed in float or double (one float ulp apart): the
// draws are float results under the course's float32 rule (lessons/common/tensor_testing.hpp).
constexpr course_testing::Tolerance kInitTol = course_testing::kFloatTol;

struct Size {
  Index max_len, d_model;
  std::uint64_t seed;
};
const Size kSizes[] = {{512, 16, 0}, {7, 5, 42}, {1, 1, 3}, {33, 2, (1ULL << 40) + 9}};

std::string name(const Size& s) {
  return "LearnedPositionalEmbedding(" + std::to_string(s.max_len) + ", " + std::to_string(s.d_model) + ", " +
         std::to_string(s.seed) + ")";
}

/// The table with the same draws laid out column by column: draw k lands at
/// (k % max_len, k / max_len) instead of (k / d_model, k % d_model).
MatrixXd filled_by_columns(const MatrixXd& by_rows) {
  const Index rows = by_rows.rows(), cols = by_rows.cols();
  MatrixXd out(rows, cols);
  for (Index k = 0; k < rows * cols; ++k) out(k % rows, k / rows) = by_rows(k / cols, k % cols);
  return out;
}

TEST(LvfTableHidden, InitMatchesReference) {
  for (const Size& s : kSizes) {
    const MatrixXd want = ref::LearnedPositionalEmbedding(s.max_len, s.d_model, s.seed).table();
    EXPECT_RESULT_NEAR_EXPLAINED(student::LearnedPositionalEmbedding(s.max_len, s.d_model, s.seed).table(), want,
                                 kInitTol,
                                 {course_testing::mistake("the table is filled column by column: draw row 0 "
                                                          "entirely, then row 1, ... (the position loop outside, the "
                                                          "feature loop inside).",
                                                          filled_by_columns(want))})
        << name(s) << ".table()";
  }
}

TEST(LvfTableHidden, ForwardMatchesReferenceUpToTheLastRow) {
  for (const Size& s : kSizes) {
    const student::LearnedPositionalEmbedding got(s.max_len, s.d_model, s.seed);
    const ref::LearnedPositionalEmbedding want(s.max_len, s.d_model, s.seed);
    for (Index len : {Index{0}, s.max_len / 2, s.max_len}) {
      try {
        EXPECT_TENSOR_NEAR(got.forward(len), want.forward(len), kInitTol.atol, kInitTol.rtol)
            << name(s) << ".forward(" << len << ")";
      } catch (const std::out_of_range& e) {
        // A table of max_len rows serves every length up to max_len.
        EXPECT_CHECK(course_testing::fails(
            course_testing::subject() + ": expected the table's first " + std::to_string(len) + " rows, shape " +
            course::shape_string({len, s.d_model}) + ", but your code threw std::out_of_range: " + e.what() +
            (len == s.max_len ? "\n" + grader::testing::likely_cause_line(
                                            "a length equal to max_len is refused: the table holds rows 0 to "
                                            "max_len - 1, so it serves seq_len <= max_len; only seq_len > max_len "
                                            "is out of range.")
                              : std::string())));
      }
    }
  }
}

TEST(LvfTableHidden, OneRowTooManyIsOutOfRangeWithTheMessage) {
  const student::LearnedPositionalEmbedding learned(12, 3);
  for (Index len : {13, 100}) {
    try {
      learned.forward(len);
      ADD_FAILURE() << "LearnedPositionalEmbedding(12, 3).forward(" << len << "): expected std::out_of_range";
    } catch (const std::out_of_range& e) {
      const std::string message = e.what();
      EXPECT_HOLDS(message.find("sequence length " + std::to_string(len)) != std::string::npos, course_testing::Text() << message);
      EXPECT_HOLDS(message.find("12 learned positions") != std::string::npos, course_testing::Text() << message);
      EXPECT_HOLDS(message.find("sinusoidal") != std::string::npos, course_testing::Text() << "the message should say what to do instead: " << message);
    } catch (const grader::client::WorkerFailure&) {
      grader::client::student().expect_from_last_call("std::out_of_range");
      throw;
    } catch (const std::invalid_argument& e) {
      EXPECT_CHECK(course_testing::fails(
          course_testing::subject() + ": expected std::out_of_range, got std::invalid_argument: " + e.what() + "\n" +
          grader::testing::likely_cause_line("a length beyond the table is out of range (std::out_of_range); "
                                             "std::invalid_argument is for a length that is never valid, a negative "
                                             "one.")));
    } catch (const std::exception& e) {
      ADD_FAILURE() << "forward(" << len << "): expected std::out_of_range, got another exception: " << e.what();
    }
  }
}

TEST(LvfTableHidden, SetTableChecksTheShape) {
  student::LearnedPositionalEmbedding learned(6, 4, 1);
  EXPECT_INVALID_ARGUMENT(learned.set_table(MatrixXd::Zero(4, 6)), "table");
  EXPECT_INVALID_ARGUMENT(learned.set_table(MatrixXd::Zero(7, 4)), "table");
  EXPECT_INVALID_ARGUMENT(learned.set_table(MatrixXd::Zero(6, 3)), "table");
  const MatrixXd trained = MatrixXd::Constant(6, 4, 0.25);
  learned.set_table(trained);
  EXPECT_TENSOR_NEAR(learned.forward(6), trained, 0, 0) << "forward(6) after set_table(<constant 0.25 (6, 4)>)";
}

TEST(LvfTableHidden, RejectsBadSizes) {
  EXPECT_INVALID_ARGUMENT(student::LearnedPositionalEmbedding(0, 8), "max_len");
  EXPECT_INVALID_ARGUMENT(student::LearnedPositionalEmbedding(-3, 8), "max_len");
  EXPECT_INVALID_ARGUMENT(student::LearnedPositionalEmbedding(8, -1), "d_model");
  EXPECT_INVALID_ARGUMENT(student::LearnedPositionalEmbedding(8, 2).forward(-5), "seq_len");
}

}  // namespace
