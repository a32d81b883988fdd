#include "grader/authoring/eigen_assert.hpp"

#include <utility>
#include <vector>

namespace course {

namespace {

/// A fragment of Eigen's condition and what it means. The fragments are
/// Eigen 3.4's own text (Product.h, CwiseBinaryOp.h, Block.h, ...); the first
/// that matches is used.
struct KnownCondition {
  const char* fragment;
  const char* sentence;
};

const std::vector<KnownCondition>& known_conditions() {
  static const std::vector<KnownCondition> known = {
      {"invalid matrix product",
       "a matrix product A * B where A's number of columns is not B's number of rows (an (n, k) matrix "
       "times a (k, m) one): write the shape next to each operand and check which one needs a transpose()"},
      {"aLhs.rows() == aRhs.rows() && aLhs.cols() == aRhs.cols()",
       "an element-wise operation (+, -, cwiseProduct, array() * ...) on two matrices of different shapes"},
      {"you are using an empty matrix", "a reduction (maxCoeff, minCoeff, mean, ...) of a matrix with no values"},
      {"Invalid sizes when resizing", "a matrix or vector made or resized with a negative size"},
      {"rows >= 0 && (RowsAtCompileTime == Dynamic", "a matrix or map made with a negative size"},
      {"row >= 0 && row < rows() && col >= 0 && col < cols()",
       "an element read or written outside the matrix (m(i, j) with i or j below 0, or at least the "
       "number of rows or columns)"},
      {"index >= 0 && index < size()",
       "an element read or written outside the vector: an index below 0 or at least its size"},
      {"startRow >= 0 && blockRows >= 0",
       "a block (block, topRows, bottomRows, middleCols, leftCols, ...) that reaches outside the matrix"},
      {"startRow >= 0 && BlockRows >= 0", "a fixed-size block that reaches outside the matrix"},
      {"(i>=0) && (", "a row(i) or col(i) outside the matrix"},
      {"reshapeRows * reshapeCols == xpr.rows() * xpr.cols()",
       "a reshaped() to a shape that holds another number of values than the matrix"},
      {"does not actually allow one to resize",
       "an assignment to a block, a map or a fixed-size matrix of another shape than the value assigned"},
      {"dst.rows() == dstRows && dst.cols() == dstCols",
       "an assignment to a block, a map or a fixed-size matrix of another shape than the value assigned"},
      {"dst.rows() == src.rows() && dst.cols() == src.cols()",
       "an assignment or a += / -= between matrices of different shapes"},
      {"Too few coefficients passed to comma initializer", "a comma initializer (m << ...) with too few values"},
      {"Too many", "a comma initializer (m << ...) with too many values"},
      {"size() == other.size()", "a dot product of two vectors of different sizes"},
      {"size>=0", "a vector made or resized with a negative size"},
  };
  return known;
}

}  // namespace

std::string eigen_assertion_sentence(const std::string& condition) {
  std::string sentence = "Eigen stopped your code";
  for (const auto& k : known_conditions())
    if (condition.find(k.fragment) != std::string::npos) {
      sentence.append(" at ").append(k.sentence);
      return sentence;
    }
  // Unknown to the course: Eigen's own condition, cut to a readable length.
  sentence.append(": its size check `").append(condition, 0, 200);
  if (condition.size() > 200) sentence.append("...");
  sentence.append("` failed (a shape or an index that does not fit)");
  return sentence;
}

void eigen_assertion_failed(const char* condition) {
  const std::string text = condition ? condition : "";
  throw EigenAssertion(eigen_assertion_sentence(text), text);
}

}  // namespace course
