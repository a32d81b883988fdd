// The Eigen size checks the course tells apart, each with the sentence a
// student reads when it stops their code (grader/authoring/eigen_assert.hpp).
// Both sides use it: the worker to word an assertion, and a suite to declare
// the likely cause of a call that one of these checks stops
// (course_testing::cause_if_eigen_stops, grader/authoring/testing.hpp). It
// defines no eigen_assert, so trusted code may include it.
#pragma once

#include <string>

namespace course {

/// Which size check stopped the student's code.
enum class EigenCheck {
  product_sizes,           ///< A * B with A's columns not B's rows
  elementwise_shapes,      ///< +, -, cwiseProduct on two shapes
  empty_reduction,         ///< maxCoeff, mean, ... of no values
  negative_resize,         ///< a matrix or vector made or resized with a negative size
  negative_map_size,       ///< a matrix or map made with a negative size
  element_outside_matrix,  ///< m(i, j) with i or j outside the matrix (a read or a write)
  element_outside_vector,  ///< v(i) outside the vector
  block_outside,           ///< block, topRows, middleCols, ... reaching outside
  fixed_block_outside,     ///< a fixed-size block reaching outside
  row_or_col_outside,      ///< row(i) or col(i) outside the matrix
  reshape_count,           ///< reshaped() to another number of values
  assignment_to_fixed,     ///< a block, a map or a fixed-size matrix assigned another shape
  assignment_shapes,       ///< = or += between matrices of different shapes
  too_few_initializers,    ///< m << ... with too few values
  too_many_initializers,   ///< m << ... with too many values
  dot_sizes,               ///< a dot product of vectors of different sizes
  negative_vector_size,    ///< a vector made or resized with a negative size
  unknown,                 ///< a condition the course does not word
};

/// The check Eigen's `condition` (its text as Eigen 3.4 writes it) belongs to.
EigenCheck eigen_check_of(const std::string& condition);

/// What stopping at `check` means, in a student's words: "a dot product of
/// two vectors of different sizes". Empty for EigenCheck::unknown.
std::string eigen_check_sentence(EigenCheck check);

/// The whole message a student's call stopped at `check` fails with:
/// "Eigen stopped your code at <eigen_check_sentence(check)>".
std::string eigen_stop_message(EigenCheck check);

}  // namespace course
