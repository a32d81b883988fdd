// Public tests of exercise dbg-add-encoding: small inputs you can add up by
// hand. Run them with `build/bin/grader check shapes-and-debugging`.
#include "common/tensor_testing.hpp"
#include "dbg_checks.hpp"
#include "shapes-and-debugging/bridge/proxy.hpp"

namespace {

using course::MatrixXd;

// Every value below is a small dyadic fraction, so each sum is exact in
// double; the course's double tolerance (lessons/common/tensor_testing.hpp) only forgives an
// implementation that adds in another order.
constexpr course_testing::Tolerance kTol = course_testing::kDoubleTol;

std::string call_of(const MatrixXd& embeddings, const MatrixXd& encoding) {
  return dbg::call_text("add_positional_encoding",
                        {course::bridge::describe_arg(embeddings), course::bridge::describe_arg(encoding)});
}

}  // namespace

TEST(DbgAddEncoding, AddsRowPToTokenP) {
  // Token t's embedding is t + 1 in every column, so the encoding can be read
  // back from the output by subtracting a whole number.
  const MatrixXd embeddings = dbg::md({{1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}});
  const MatrixXd encoding = dbg::md({{0, 1, 0, 1}, {0.5, 0.25, 0.125, 1}, {-1, 0, 1, 2}});
  const MatrixXd got = student::add_positional_encoding(embeddings, encoding);
  const MatrixXd want = dbg::md({{1, 2, 1, 2}, {2.5, 2.25, 2.125, 3}, {2, 3, 4, 5}});
  DBG_EXPECT_NEAR(call_of(embeddings, encoding), got, want, "the embeddings plus the encoding, row by row",
                  kTol.atol, kTol.rtol)
      << dbg::diagnose_add_encoding(embeddings, encoding, got);
}

TEST(DbgAddEncoding, UsesTheFirstLRowsOfALongerEncoding) {
  // An encoding is usually built once for the longest sequence (max_len = 5
  // here) and shared; a sequence of 2 tokens uses rows 0 and 1.
  const MatrixXd embeddings = dbg::md({{0.5, 0.5, 0.5}, {-0.5, -0.5, -0.5}});
  const MatrixXd encoding = dbg::md({{1, 10, -1}, {2, 20, -2}, {3, 30, -3}, {4, 40, -4}, {5, 50, -5}});
  const MatrixXd got = student::add_positional_encoding(embeddings, encoding);
  const MatrixXd want = dbg::md({{1.5, 10.5, -0.5}, {1.5, 19.5, -2.5}});
  DBG_EXPECT_NEAR(call_of(embeddings, encoding), got, want, "the embeddings plus rows 0 and 1 of the encoding",
                  kTol.atol, kTol.rtol)
      << dbg::diagnose_add_encoding(embeddings, encoding, got);
}

TEST(DbgAddEncoding, RejectsAnEncodingOneColumnShort) {
  // The lesson's debugging demonstration: an encoding built with d_model - 1
  // columns. It must be refused, not added "somehow".
  const MatrixXd embeddings = MatrixXd::Ones(2, 4);
  const MatrixXd encoding = MatrixXd::Zero(5, 3);
  dbg::expect_rejected(
      call_of(embeddings, encoding),
      [&] {
        return "returned a " + dbg::shape_text(student::add_positional_encoding(embeddings, encoding)) + " matrix";
      },
      {"d_model"}, dbg::advice::kEncodingWidth);
}

TEST(DbgAddEncoding, RejectsASequenceLongerThanTheEncoding) {
  const MatrixXd embeddings = MatrixXd::Ones(6, 4);
  const MatrixXd encoding = MatrixXd::Zero(5, 4);
  dbg::expect_rejected(
      call_of(embeddings, encoding),
      [&] {
        return "returned a " + dbg::shape_text(student::add_positional_encoding(embeddings, encoding)) + " matrix";
      },
      {"max_len"}, dbg::advice::kEncodingLength);
}

TEST(DbgAddEncoding, RejectsAnEncodingOneColumnTooWide) {
  // The widths must be equal: silently using the first d_model columns of a
  // wider encoding hides a model configured with two different widths.
  const MatrixXd embeddings = MatrixXd::Ones(2, 4);
  const MatrixXd encoding = MatrixXd::Zero(5, 5);
  dbg::expect_rejected(
      call_of(embeddings, encoding),
      [&] {
        return "returned a " + dbg::shape_text(student::add_positional_encoding(embeddings, encoding)) + " matrix";
      },
      {"d_model"}, dbg::advice::kEncodingWidth);
}
