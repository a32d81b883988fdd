// Eigen's size checks in student code, as the course's own errors. The
// grader compiles every student file with this header first (it opens the
// precompiled lesson header, cmake/StudentPch.cmake), so an Eigen assertion
// in the student's code (a product of mismatched sizes, an index or a block
// outside the matrix, a negative size) throws course::EigenAssertion instead
// of aborting the worker: the test that made the call fails with a sentence
// naming the call and what went wrong (eigen_assertion_sentence), not
// Eigen's header and line, and the other tests keep their worker.
//
// Only student files see this definition; the course's own code keeps
// Eigen's. Assertions inside functions Eigen declares noexcept still end the
// worker (std::terminate), which is reported as a crash, as before.
#pragma once

#include <stdexcept>
#include <string>

namespace course {

/// An Eigen assertion failed in the student's code; what() is the plain sentence.
class EigenAssertion : public std::logic_error {
 public:
  EigenAssertion(const std::string& sentence, std::string condition)
      : std::logic_error(sentence), condition_(std::move(condition)) {}
  /// Eigen's condition as written in its header ("lhs.cols() == rhs.rows() && ...").
  const std::string& condition() const { return condition_; }

 private:
  std::string condition_;
};

/// What a failed Eigen `condition` means, in a student's words: "a matrix
/// product A * B whose inner sizes differ (...)". Conditions the course
/// does not know are named as Eigen writes them.
std::string eigen_assertion_sentence(const std::string& condition);

/// Throws EigenAssertion for `condition` (eigen_assert's definition below).
[[noreturn]] void eigen_assertion_failed(const char* condition);

}  // namespace course

#ifndef eigen_assert
#define eigen_assert(x)                                                \
  do {                                                                 \
    if (!static_cast<bool>(x)) ::course::eigen_assertion_failed(#x);   \
  } while (false)
#endif
