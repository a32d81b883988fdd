#include "grader/authoring/eigen_checks.hpp"

#include <utility>
#include <vector>

namespace course {

namespace {

/// A fragment of Eigen's condition and the check it belongs to. The fragments
/// are Eigen 3.4's own text (Product.h, CwiseBinaryOp.h, Block.h, ...); the
/// first that matches is used.
struct KnownCondition {
  const char* fragment;
  EigenCheck check;
};

const std::vector<KnownCondition>& known_conditions() {
  static const std::vector<KnownCondition> known = {
      {"invalid matrix product", EigenCheck::product_sizes},
      {"aLhs.rows() == aRhs.rows() && aLhs.cols() == aRhs.cols()", EigenCheck::elementwise_shapes},
      {"you are using an empty matrix", EigenCheck::empty_reduction},
      {"Invalid sizes when resizing", EigenCheck::negative_resize},
      {"rows >= 0 && (RowsAtCompileTime == Dynamic", EigenCheck::negative_map_size},
      {"row >= 0 && row < rows() && col >= 0 && col < cols()", EigenCheck::element_outside_matrix},
      {"index >= 0 && index < size()", EigenCheck::element_outside_vector},
      {"startRow >= 0 && blockRows >= 0", EigenCheck::block_outside},
      {"startRow >= 0 && BlockRows >= 0", EigenCheck::fixed_block_outside},
      {"(i>=0) && (", EigenCheck::row_or_col_outside},
      {"reshapeRows * reshapeCols == xpr.rows() * xpr.cols()", EigenCheck::reshape_count},
      {"does not actually allow one to resize", EigenCheck::assignment_to_fixed},
      {"dst.rows() == dstRows && dst.cols() == dstCols", EigenCheck::assignment_to_fixed},
      {"dst.rows() == src.rows() && dst.cols() == src.cols()", EigenCheck::assignment_shapes},
      {"Too few coefficients passed to comma initializer", EigenCheck::too_few_initializers},
      {"Too many", EigenCheck::too_many_initializers},
      {"size() == other.size()", EigenCheck::dot_sizes},
      {"size>=0", EigenCheck::negative_vector_size},
  };
  return known;
}

}  // namespace

EigenCheck eigen_check_of(const std::string& condition) {
  for (const auto& k : known_conditions())
    if (condition.find(k.fragment) != std::string::npos) return k.check;
  return EigenCheck::unknown;
}

std::string eigen_check_sentence(EigenCheck check) {
  switch (check) {
    case EigenCheck::product_sizes:
      return "a matrix product A * B where A's number of columns is not B's number of rows (an (n, k) matrix "
             "times a (k, m) one): write the shape next to each operand and check which one needs a transpose()";
    case EigenCheck::elementwise_shapes:
      return "an element-wise operation (+, -, cwiseProduct, array() * ...) on two matrices of different shapes";
    case EigenCheck::empty_reduction: return "a reduction (maxCoeff, minCoeff, mean, ...) of a matrix with no values";
    case EigenCheck::negative_resize: return "a matrix or vector made or resized with a negative size";
    case EigenCheck::negative_map_size: return "a matrix or map made with a negative size";
    case EigenCheck::element_outside_matrix:
      return "an element read or written outside the matrix (m(i, j) with i or j below 0, or at least the "
             "number of rows or columns)";
    case EigenCheck::element_outside_vector:
      return "an element read or written outside the vector: an index below 0 or at least its size";
    case EigenCheck::block_outside:
      return "a block (block, topRows, bottomRows, middleCols, leftCols, ...) that reaches outside the matrix";
    case EigenCheck::fixed_block_outside: return "a fixed-size block that reaches outside the matrix";
    case EigenCheck::row_or_col_outside: return "a row(i) or col(i) outside the matrix";
    case EigenCheck::reshape_count:
      return "a reshaped() to a shape that holds another number of values than the matrix";
    case EigenCheck::assignment_to_fixed:
      return "an assignment to a block, a map or a fixed-size matrix of another shape than the value assigned";
    case EigenCheck::assignment_shapes: return "an assignment or a += / -= between matrices of different shapes";
    case EigenCheck::too_few_initializers: return "a comma initializer (m << ...) with too few values";
    case EigenCheck::too_many_initializers: return "a comma initializer (m << ...) with too many values";
    case EigenCheck::dot_sizes: return "a dot product of two vectors of different sizes";
    case EigenCheck::negative_vector_size: return "a vector made or resized with a negative size";
    case EigenCheck::unknown: break;
  }
  return "";
}

std::string eigen_stop_message(EigenCheck check) { return "Eigen stopped your code at " + eigen_check_sentence(check); }

}  // namespace course
