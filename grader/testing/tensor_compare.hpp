// The one tensor comparison of the course's suites, and the text of every
// failed check a student reads (docs/architecture.md, "Failure messages"):
//
//   softmax_rows(<matrix (1, 4)>): 4 of 4 values differ from the expected ones (shape (1, 4))
//     first bad index (0, 0): expected 0.25, got 0.3
//     largest difference 0.1 at (0, 2)
//     tolerance: |got - expected| <= 1e-05 + 3e-05 * |expected|
//     likely cause: the softmax normalises each column instead of each row ...
//
// The subject (the call in the student's terms) comes first; a shape
// mismatch says "expected shape (5, 8), got (5, 7)". A `likely cause:` line
// is added when the result matches one of the known mistakes the test passes
// (the expected result with a pitfall applied, e.g. its transpose).
//
// Element i passes when |got[i] - want[i]| <= atol + rtol * |want[i]|; a NaN
// never passes (tests of NaN results check them with isnan), an infinity
// passes only against the same infinity.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace grader::testing {

/// A read-only view of any dense row-major tensor: shape plus data.
template <typename T>
struct TensorView {
  std::vector<std::int64_t> shape;
  const T* data = nullptr;
  std::int64_t size() const {
    std::int64_t n = 1;
    for (auto d : shape) n *= d;
    return n;
  }
};

/// A tensor's values as doubles (float results convert exactly).
struct Values {
  std::vector<std::int64_t> shape;
  std::vector<double> data;
  int digits = 9;  ///< significant digits in messages: 9 for float, 15 for double
};

template <typename T>
Values values_of(const TensorView<T>& v) {
  Values out{v.shape, std::vector<double>(v.data, v.data + v.size()), sizeof(T) <= 4 ? 9 : 15};
  return out;
}

/// A wrong answer a test knows how to recognise: when the student's result
/// matches `result` (same shape, every value within a loose tolerance: see
/// matches_mistake), the failure says "likely cause: <cause>". With
/// shape_only, the shape alone identifies the mistake.
struct KnownMistake {
  std::string cause;
  Values result;
  bool shape_only = false;
  /// How close a result must be to `result` to be taken for this mistake
  /// (|got - result| <= match_tolerance * (1 + |result|)); < 0: the default
  /// for the values' type (matches_mistake).
  double match_tolerance = -1;
};

/// The row-major index `flat` of `shape` as "(i, j, k)".
std::string index_text(const std::vector<std::int64_t>& shape, std::int64_t flat);
/// A number as messages print it: `digits` significant digits, "nan", "inf".
std::string number_text(double v, int digits);

/// The element rule above.
bool element_near(double got, double want, double atol, double rtol);

/// True when `got` has the mistake's shape and (unless shape_only) every
/// value close to it: for float results within max(atol, 1e-4) +
/// max(rtol, 1e-3) * |value| (a mistake recomputed from the reference in
/// another order still matches a student's float32 result, while two
/// different pitfalls, off by 1e-2 or more, do not); for double results
/// within 1e-9 * (1 + |value|); or the mistake's own match_tolerance.
bool matches_mistake(const Values& got, const KnownMistake& mistake, double atol, double rtol);

/// The first of `mistakes` that `got` matches and that is itself wrong
/// (a mistake indistinguishable from `want` on this input explains nothing).
const KnownMistake* likely_mistake(const Values& got, const Values& want, double atol, double rtol,
                                   const std::vector<KnownMistake>& mistakes);

/// The failure text for `got` against `want` under the element rule, or
/// nothing when they match. `subject` names what is compared ("softmax_rows(...)").
std::optional<std::string> compare_message(const std::string& subject, const Values& got, const Values& want,
                                           double atol, double rtol, const std::vector<KnownMistake>& mistakes = {});

/// The same for one number: "subject: expected 0.5, got 0.47 (difference 0.03,
/// tolerance 1.5e-05)".
std::optional<std::string> value_message(const std::string& subject, double got, double want, double atol, double rtol,
                                         const std::vector<KnownMistake>& mistakes = {}, int digits = 15);

/// "  likely cause: TEXT", the line every diagnosis adds to a failure.
std::string likely_cause_line(const std::string& cause);

/// What a check is about, in the student's terms: the latest call the test
/// made into the student's worker ("softmax_rows(<matrix (2, 3)>)", as the
/// lesson's proxy wrote it), with ".member" when `expression` is a plain
/// member of a result ("got.weights"); "the result" when the test made no
/// call (a suite run in-process against a linked implementation).
std::string subject_of(const std::string& expression = "");

template <typename T>
::testing::AssertionResult tensors_near(const std::string& subject, const TensorView<T>& got,
                                        const TensorView<T>& want, double atol, double rtol,
                                        const std::vector<KnownMistake>& mistakes = {}) {
  auto message = compare_message(subject, values_of(got), values_of(want), atol, rtol, mistakes);
  if (!message) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << *message;
}

/// GoogleTest's predicate-formatter form, for EXPECT_PRED_FORMAT4: the
/// subject is subject_of(the `got` expression).
template <typename T>
::testing::AssertionResult tensors_near(const char* got_expr, const char*, const char*, const char*,
                                        const TensorView<T>& got, const TensorView<T>& want, double atol, double rtol) {
  return tensors_near(subject_of(got_expr), got, want, atol, rtol);
}

}  // namespace grader::testing

#define EXPECT_TENSOR_NEAR(got, want, atol, rtol) \
  EXPECT_PRED_FORMAT4(::grader::testing::tensors_near, ::grader::testing::view(got), ::grader::testing::view(want), atol, rtol)
#define ASSERT_TENSOR_NEAR(got, want, atol, rtol) \
  ASSERT_PRED_FORMAT4(::grader::testing::tensors_near, ::grader::testing::view(got), ::grader::testing::view(want), atol, rtol)
