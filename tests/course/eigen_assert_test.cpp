// grader/authoring/eigen_assert.hpp: Eigen's assertions, as student files are compiled
// (the header comes first, before Eigen), throw course::EigenAssertion with a
// sentence a student can act on, and never Eigen's header text.
#include "grader/authoring/eigen_assert.hpp"
#include "grader/authoring/eigen_checks.hpp"

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <string>

namespace {

// Column-major double, a type the course's own code does not use, so no
// other object file of this program holds these Eigen functions without the
// redirected assertion.
using M = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic>;
using V = Eigen::Matrix<double, Eigen::Dynamic, 1>;

template <typename F>
std::string sentence_of(F&& f) {
  try {
    f();
  } catch (const course::EigenAssertion& e) {
    EXPECT_FALSE(e.condition().empty());
    return e.what();
  }
  ADD_FAILURE() << "no EigenAssertion was thrown";
  return "";
}

bool has(const std::string& text, const std::string& fragment) { return text.find(fragment) != std::string::npos; }

}  // namespace

TEST(EigenAssert, AMismatchedProductNamesTheInnerSizes) {
  const M a = M::Ones(2, 3), b = M::Ones(2, 3);
  const std::string s = sentence_of([&] { M c = a * b; });
  EXPECT_TRUE(has(s, "a matrix product A * B where A's number of columns is not B's number of rows")) << s;
  EXPECT_TRUE(has(s, "transpose()")) << s;
  EXPECT_FALSE(has(s, "Product.h")) << s;
  M ok = a * b.transpose();  // the same operands, transposed, are fine
  EXPECT_EQ(ok.rows(), 2);
}

TEST(EigenAssert, IndexBlockResizeAndShapeErrorsAreNamed) {
  M m = M::Zero(2, 3);
  V v = V::Zero(4);
  EXPECT_TRUE(has(sentence_of([&] { m(2, 0) = 1; }), "an element read or written outside the matrix (m(i, j)"));
  EXPECT_TRUE(has(sentence_of([&] { v(4) = 1; }), "outside the vector"));
  EXPECT_TRUE(has(sentence_of([&] { m.block(1, 1, 2, 2).setOnes(); }), "a block (block, topRows"));
  EXPECT_TRUE(has(sentence_of([&] { m.rightCols(4).setOnes(); }), "a block (block, topRows"));
  EXPECT_TRUE(has(sentence_of([&] { M bad(-1, 3); }), "made or resized with a negative size"));
  EXPECT_TRUE(has(sentence_of([&] { M sum = m + M::Zero(3, 2); }), "an element-wise operation"));
  EXPECT_TRUE(has(sentence_of([&] { m.block(0, 0, 2, 2) = M::Zero(3, 3); }), "another shape than the value assigned"));
  EXPECT_TRUE(has(sentence_of([&] { (void)M(0, 3).maxCoeff(); }), "of a matrix with no values"));
}

TEST(EigenAssert, AnUnknownConditionIsQuotedAndCut) {
  EXPECT_EQ(course::eigen_assertion_sentence("x > 0"),
            "Eigen stopped your code: its size check `x > 0` failed (a shape or an index that does not fit)");
  const std::string long_condition(500, 'c');
  EXPECT_LT(course::eigen_assertion_sentence(long_condition).size(), 320u);
}

TEST(EigenAssert, AStopIsWordedAsTheCheckItsCauseIsDeclaredFor) {
  // A suite declares a likely cause by check (course_testing::cause_if_eigen_stops),
  // and the worker's message for that check is exactly eigen_stop_message(check).
  M m = M::Zero(3, 5);
  EXPECT_EQ(sentence_of([&] { m(0, 5) = 1; }), course::eigen_stop_message(course::EigenCheck::element_outside_matrix));
  EXPECT_EQ(sentence_of([&] { M c = m * m; }), course::eigen_stop_message(course::EigenCheck::product_sizes));
  EXPECT_EQ(course::eigen_check_of("x > 0"), course::EigenCheck::unknown);
}
