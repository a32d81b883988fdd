// What every suite includes (through its course's own test header, which
// adds its types' views and its tolerances): the tolerance rule, the checks
// whose failures a student reads, and `ref::` as the name of the reference
// solutions linked in.
//
// Every failed check reads the same way (docs/architecture.md, "Failure
// messages"): the student's call first, then what was expected and what came
// back, then a `likely cause:` line when a known mistake explains the numbers:
//
//   EXPECT_RESULT_NEAR(got, want, kTol);          // tensors and matrices
//   EXPECT_RESULT_NEAR_EXPLAINED(got, want, kTol, // ... naming known mistakes
//       {course_testing::mistake("the softmax runs over columns", ref_over_columns)});
//   EXPECT_VALUE_NEAR(got, want, kTol);           // one number (EXPECT_RESULT_NEAR takes one too)
//   EXPECT_VALUE_NEAR_EXPLAINED(got, want, kTol, {course_testing::mistake("cause", wrong_number)});
//   EXPECT_SAME(got, want);                       // integers, flags, strings
//   EXPECT_SAME_EXPLAINED(got, want, {{"cause", wrong_value}});  // ... naming known wrong values
//   EXPECT_HOLDS(condition, "weight (0, 1) should be NaN, got 0.3");
//   EXPECT_INVALID_ARGUMENT(statement, "fragment of the message");
//   EXPECT_CHECK(course_testing::near(subject, got, want, kTol, mistakes));  // the general form
//   course_testing::cause_if_eigen_stops(course::EigenCheck::element_outside_matrix, "cause");  // a call Eigen stops
//
// The call is the latest one the test made into the student's code (the
// proxies name it, e.g. "softmax_rows(<matrix (2, 3)>)"); a check of a
// result's member adds it: "scaled_dot_product_attention(...).weights". What
// the student's code printed during the test's calls, and exceptions, are
// added by the results listener (grader/client/results_listener.cpp).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "grader/authoring/eigen_checks.hpp"
#include "grader/client/results_listener.hpp"
#include "grader/client/worker_client.hpp"
#include "grader/protocol/errors.hpp"
#include "grader/testing/argument_names.hpp"
#include "grader/testing/tensor_compare.hpp"

namespace course_testing {
/// How a course's result type is compared value by value: a course
/// specialises result_view<T> with
///   static grader::testing::TensorView<E> of(const T&);   its shape and row-major values
/// (the first course's tensors and matrices: lessons/common/tensor_testing.hpp).
/// Built in: std::vector<double> and std::vector<float>, as vectors.
template <typename T, typename Enable = void>
struct result_view;

template <typename E>
struct result_view<std::vector<E>, std::enable_if_t<std::is_floating_point_v<E>>> {
  static grader::testing::TensorView<E> of(const std::vector<E>& v) {
    return {{static_cast<std::int64_t>(v.size())}, v.data()};
  }
};
}  // namespace course_testing

namespace grader::testing {
/// A result as the comparisons read it (EXPECT_TENSOR_NEAR, course_testing::near).
template <typename T>
auto view(const T& v) -> decltype(::course_testing::result_view<T>::of(v)) {
  return ::course_testing::result_view<T>::of(v);
}
}  // namespace grader::testing

/// The tolerance rule. A computed value `got` matches `want` when
///   |got - want| <= atol + rtol * |want|
/// with the (atol, rtol) of the type the result is computed in. Every suite,
/// public and hidden, compares computed results with these two values (through
/// EXPECT_RESULT_NEAR or EXPECT_TENSOR_NEAR(got, want, kFloatTol.atol,
/// kFloatTol.rtol)), so a correct implementation that adds in another order,
/// takes a softmax in log space or accumulates in double never loses a point.
namespace course_testing {

struct Tolerance {
  double atol;
  double rtol;
  /// The largest difference allowed from `want`.
  double allowed(double want) const { return atol + rtol * (want < 0 ? -want : want); }
};

/// A course's tolerances are its own (the first course's kFloatTol and
/// kDoubleTol: lessons/common/tensor_testing.hpp).

}  // namespace course_testing

namespace course_testing {

using grader::testing::KnownMistake;
using Mistakes = std::vector<KnownMistake>;

/// A known wrong answer: when the student's result matches `result`, the
/// failure adds "likely cause: <cause>". Compute `result` by applying the
/// pitfall to the test's inputs or to the reference (its transpose, the
/// softmax over the other axis, the scores without the scale, ...).
template <typename V>
KnownMistake mistake(std::string cause, const V& result) {
  return {std::move(cause), grader::testing::values_of(grader::testing::view(result)), false, -1};
}
inline KnownMistake mistake(std::string cause, double result) { return {std::move(cause), {{}, {result}, 15}, false, -1}; }
/// The same, taken for this mistake within `match_tolerance` * (1 + |value|)
/// (e.g. 1e-6 for "float somewhere in a double computation").
template <typename V>
KnownMistake mistake_within(std::string cause, const V& result, double match_tolerance) {
  auto m = mistake(std::move(cause), result);
  m.match_tolerance = match_tolerance;
  return m;
}
/// A mistake told by the result's shape alone (e.g. (S, L) for (L, S)).
inline KnownMistake shape_mistake(std::string cause, std::vector<std::int64_t> shape) {
  return {std::move(cause), {std::move(shape), {}, 9}, true, -1};
}

/// A likely cause for a call of this test that Eigen stops at `check` (an
/// index or a shape its size check refuses: grader/authoring/eigen_checks.hpp),
/// said under the failure that stop ends the test with. Declare it before the
/// calls, for the rest of the test, where a lesson's known mistake makes that
/// stop (an odd width writing a cosine one column past the end):
///   course_testing::cause_if_eigen_stops(course::EigenCheck::element_outside_matrix, "cause");
inline void cause_if_eigen_stops(course::EigenCheck check, std::string cause) {
  grader::client::declare_stop_cause("eigen_assert", course::eigen_stop_message(check), std::move(cause));
}

/// The latest call the test made into the student's code, as the proxy
/// wrote it ("positional_encoding(7, 5)"); "" when none was made (a suite
/// run in-process against a linked implementation).
inline std::string last_call() { return grader::client::student().last_call_text(); }

/// What a check is about: the latest call, with ".member" when `expression`
/// is a plain member of a result ("got.weights"); "the result" without a call.
inline std::string subject(const std::string& expression = "") { return grader::testing::subject_of(expression); }

/// A broken worker's message ("head_dim(8, 0): your code was killed by ...")
/// saying what the call was due instead: "head_dim(8, 0): expected 4, but
/// your code was killed by ...". A message that does not start with `call`
/// gets the expectation in front of it.
inline std::string instead(const std::string& call, const std::string& failure, const std::string& expected) {
  const std::string head = call + ": ";
  if (failure.compare(0, head.size(), head) == 0)
    return head + "expected " + expected + ", but " + failure.substr(head.size());
  return call + ": expected " + expected + ", but: " + failure;
}

/// A failure reading exactly `message`.
inline ::testing::AssertionResult fails(const std::string& message) { return ::testing::AssertionFailure() << message; }

/// One number under `tol`.
inline ::testing::AssertionResult value_near(const std::string& subject, double got, double want,
                                             const Tolerance& tol, const Mistakes& mistakes = {}) {
  auto message = grader::testing::value_message(subject, got, want, tol.atol, tol.rtol, mistakes);
  return message ? fails(*message) : ::testing::AssertionSuccess();
}

/// `got` against `want` under `tol`: matrices, tensors, vectors, and single
/// numbers (a function that returns a double: value_near), so
/// EXPECT_RESULT_NEAR(_EXPLAINED) reads the same whatever the result is.
template <typename Got, typename Want>
::testing::AssertionResult near(const std::string& subject, const Got& got, const Want& want, const Tolerance& tol,
                                const Mistakes& mistakes = {}) {
  if constexpr (std::is_arithmetic_v<Got> && std::is_arithmetic_v<Want>) {
    return value_near(subject, static_cast<double>(got), static_cast<double>(want), tol, mistakes);
  } else {
    auto message = grader::testing::compare_message(subject, grader::testing::values_of(grader::testing::view(got)),
                                                    grader::testing::values_of(grader::testing::view(want)), tol.atol,
                                                    tol.rtol, mistakes);
    return message ? fails(*message) : ::testing::AssertionSuccess();
  }
}

}  // namespace course_testing

namespace course::bridge {
template <typename E>
struct enum_names;  // grader/authoring/codec.hpp: the names COURSE_ENUM_NAMES gives an enum
}  // namespace course::bridge

namespace course_testing {

/// A value as a failure message shows it.
template <typename T>
std::string shown(const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? "true" : "false";
  } else if constexpr (std::is_enum_v<T>) {
    // By its name when the lesson's bridge names the enum (COURSE_ENUM_NAMES):
    // "expected boolean, got additive", not "expected 0, got 1".
    if constexpr (requires { ::course::bridge::enum_names<T>::values; }) {
      for (const auto& [value, text] : ::course::bridge::enum_names<T>::values)
        if (value == v) return std::string(text);
    }
    return std::to_string(static_cast<long long>(v));
  } else if constexpr (std::is_convertible_v<T, std::string>) {
    return "\"" + std::string(v) + "\"";
  } else if constexpr (std::is_same_v<T, std::vector<std::int64_t>>) {
    return grader::protocol::shape_string(v);
  } else if constexpr (std::is_floating_point_v<T>) {
    return grader::testing::number_text(static_cast<double>(v), 15);
  } else {
    std::ostringstream s;
    s << v;
    return s.str();
  }
}

/// Exact equality of integers, flags, strings and shapes: "subject: expected 5, got 4".
template <typename Got, typename Want>
::testing::AssertionResult same(const std::string& subject, const Got& got, const Want& want) {
  if (got == want) return ::testing::AssertionSuccess();
  return fails(subject + ": expected " + shown(want) + ", got " + shown(got));
}

/// A known wrong value of an exact check: when the student's result equals
/// `result` (and the expected value does not), the failure adds
/// "likely cause: <cause>".
template <typename V>
struct WrongValue {
  std::string cause;
  V result;
};

/// The same as same(), naming the first of `wrong` that `got` equals.
template <typename Got, typename Want>
::testing::AssertionResult same(const std::string& subject, const Got& got, const Want& want,
                                const std::vector<WrongValue<Want>>& wrong) {
  auto result = same(subject, got, want);
  if (result) return result;
  for (const auto& w : wrong)
    if (!(w.result == want) && got == w.result)
      return fails(std::string(result.message()) + "\n" + grader::testing::likely_cause_line(w.cause));
  return result;
}

/// A shape check: "subject: expected shape (2, 5), got (2, 3)".
inline ::testing::AssertionResult shape_is(const std::string& subject, const std::vector<std::int64_t>& got,
                                           const std::vector<std::int64_t>& want, const Mistakes& mistakes = {}) {
  if (got == want) return ::testing::AssertionSuccess();
  std::string message =
      subject + ": expected shape " + grader::protocol::shape_string(want) + ", got " + grader::protocol::shape_string(got);
  for (const auto& m : mistakes)
    if (m.result.shape == got && m.result.shape != want) {
      message += "\n" + grader::testing::likely_cause_line(m.cause);
      break;
    }
  return fails(message);
}
/// A result's shape, for EXPECT_SHAPE (result_view<T>).
template <typename T>
std::vector<std::int64_t> shape_of(const T& v) {
  return grader::testing::view(v).shape;
}

/// Streamed text as a string: course_testing::Text() << "head " << h.
class Text {
 public:
  template <typename T>
  Text& operator<<(const T& v) {
    out_ << v;
    return *this;
  }
  operator std::string() const { return out_.str(); }

 private:
  std::ostringstream out_;
};

/// One bound: "subject: expected at most 1e-30, got 0.25".
template <typename Got, typename Limit>
::testing::AssertionResult at_most(const std::string& subject, const Got& got, const Limit& limit) {
  if (got <= limit) return ::testing::AssertionSuccess();
  return fails(subject + ": expected at most " + shown(limit) + ", got " + shown(got));
}
template <typename Got, typename Limit>
::testing::AssertionResult at_least(const std::string& subject, const Got& got, const Limit& limit) {
  if (got >= limit) return ::testing::AssertionSuccess();
  return fails(subject + ": expected at least " + shown(limit) + ", got " + shown(got));
}

template <typename Got, typename Limit>
::testing::AssertionResult below(const std::string& subject, const Got& got, const Limit& limit) {
  if (got < limit) return ::testing::AssertionSuccess();
  return fails(subject + ": expected less than " + shown(limit) + ", got " + shown(got));
}
template <typename Got, typename Limit>
::testing::AssertionResult above(const std::string& subject, const Got& got, const Limit& limit) {
  if (got > limit) return ::testing::AssertionSuccess();
  return fails(subject + ": expected more than " + shown(limit) + ", got " + shown(got));
}

/// EXPECT_CHECK's formatter: the result's own message, nothing around it.
inline ::testing::AssertionResult as_reported(const char*, const ::testing::AssertionResult& result) { return result; }

}  // namespace course_testing

/// Reports a course_testing check (an AssertionResult) with its message as it is.
#define EXPECT_CHECK(result) EXPECT_PRED_FORMAT1(::course_testing::as_reported, (result))
#define ASSERT_CHECK(result) ASSERT_PRED_FORMAT1(::course_testing::as_reported, (result))

/// EXPECT_RESULT_NEAR(got, want, course_testing::kFloatTol): tensors and
/// matrices under the course's tolerance rule, named after the latest call.
#define EXPECT_RESULT_NEAR(got, want, tol) \
  EXPECT_CHECK(::course_testing::near(::course_testing::subject(#got), (got), (want), (tol)))
#define ASSERT_RESULT_NEAR(got, want, tol) \
  ASSERT_CHECK(::course_testing::near(::course_testing::subject(#got), (got), (want), (tol)))
/// The same with known mistakes: EXPECT_RESULT_NEAR_EXPLAINED(got, want, tol,
/// {course_testing::mistake("cause", wrong_result), ...}).
#define EXPECT_RESULT_NEAR_EXPLAINED(got, want, tol, ...) \
  EXPECT_CHECK(::course_testing::near(::course_testing::subject(#got), (got), (want), (tol), __VA_ARGS__))
#define ASSERT_RESULT_NEAR_EXPLAINED(got, want, tol, ...) \
  ASSERT_CHECK(::course_testing::near(::course_testing::subject(#got), (got), (want), (tol), __VA_ARGS__))

/// EXPECT_VALUE_NEAR(got, want, course_testing::kFloatTol): one number under the same rule.
#define EXPECT_VALUE_NEAR(got, want, tol) \
  EXPECT_CHECK(::course_testing::value_near(::course_testing::subject(#got), (got), (want), (tol)))
/// The same with known wrong numbers: EXPECT_VALUE_NEAR_EXPLAINED(got, want, tol,
/// {course_testing::mistake("divided by n - 1", 4.5)}).
#define EXPECT_VALUE_NEAR_EXPLAINED(got, want, tol, ...) \
  EXPECT_CHECK(::course_testing::value_near(::course_testing::subject(#got), (got), (want), (tol), __VA_ARGS__))

/// Exact equality, and shapes: "call: expected 5, got 4", "call: expected shape (2, 5), got (2, 3)".
#define EXPECT_SAME(got, want) EXPECT_CHECK(::course_testing::same(::course_testing::subject(#got), (got), (want)))
#define ASSERT_SAME(got, want) ASSERT_CHECK(::course_testing::same(::course_testing::subject(#got), (got), (want)))
/// The same with known wrong values: EXPECT_SAME_EXPLAINED(got, want, {{"cause", wrong_value}, ...}).
#define EXPECT_SAME_EXPLAINED(got, want, ...) \
  EXPECT_CHECK(::course_testing::same(::course_testing::subject(#got), (got), (want), __VA_ARGS__))
#define EXPECT_SHAPE(got, ...) \
  EXPECT_CHECK(::course_testing::shape_is(::course_testing::subject(#got), ::course_testing::shape_of(got), __VA_ARGS__))
#define ASSERT_SHAPE(got, ...) \
  ASSERT_CHECK(::course_testing::shape_is(::course_testing::subject(#got), ::course_testing::shape_of(got), __VA_ARGS__))

/// Bounds: "call: expected at most 1e-30, got 0.25".
#define EXPECT_AT_MOST(got, limit) EXPECT_CHECK(::course_testing::at_most(::course_testing::subject(#got), (got), (limit)))
#define EXPECT_AT_LEAST(got, limit) EXPECT_CHECK(::course_testing::at_least(::course_testing::subject(#got), (got), (limit)))
#define EXPECT_BELOW(got, limit) EXPECT_CHECK(::course_testing::below(::course_testing::subject(#got), (got), (limit)))
#define EXPECT_ABOVE(got, limit) EXPECT_CHECK(::course_testing::above(::course_testing::subject(#got), (got), (limit)))

/// A property of the result: "call: <what>" when `condition` is false (`what`
/// is only built then).
#define EXPECT_HOLDS(condition, what)                                                               \
  switch (0)                                                                                        \
  case 0:                                                                                           \
  default:                                                                                          \
    if (condition) {                                                                                \
    } else                                                                                          \
      EXPECT_CHECK(::course_testing::fails(::course_testing::subject() + ": " + std::string(what)))
#define ASSERT_HOLDS(condition, what)                                                               \
  switch (0)                                                                                        \
  case 0:                                                                                           \
  default:                                                                                          \
    if (condition) {                                                                                \
    } else                                                                                          \
      ASSERT_CHECK(::course_testing::fails(::course_testing::subject() + ": " + std::string(what)))

namespace course_testing {
/// How an expected error names its argument, for the failure message.
inline std::string argument_form(const std::string& fragment) {
  if (fragment.size() >= 2 && fragment.front() == '\'' && fragment.back() == '\'') return "(quoted, as the header shows it)";
  if (fragment.find_first_of(": ") != std::string::npos) return "(the message the header gives)";
  return "first (\"" + fragment + ": ...\" or \"" + fragment + " ...\", as the header shows it)";
}
}  // namespace course_testing

/// Expects `statement` (one call into the student's code) to throw
/// `error_type` (std::domain_error, std::out_of_range, a std::logic_error of
/// any kind, ...) whose message holds `fragment`: for the errors a header
/// promises other than a bad argument (EXPECT_INVALID_ARGUMENT):
///   EXPECT_ERROR(student::mean_of({}), std::domain_error, "no values");
/// Says what happened instead, under the call's name.
#define EXPECT_ERROR(statement, error_type, fragment)                                                         \
  do {                                                                                                         \
    try {                                                                                                      \
      statement;                                                                                               \
      EXPECT_CHECK(::course_testing::fails(::course_testing::subject() + ": expected " #error_type " ('" +    \
                                           std::string(fragment) + "'), but nothing was thrown"));             \
    } catch (const error_type& e__) {                                                                          \
      EXPECT_HOLDS(std::string(e__.what()).find(fragment) != std::string::npos,                                \
                   "expected " #error_type " whose message holds '" + std::string(fragment) +                  \
                       "', but its message is: " + e__.what());                                                \
    } catch (const ::grader::client::WorkerFailure&) {                                                         \
      ::grader::client::student().expect_from_last_call(#error_type " ('" + std::string(fragment) + "')");     \
      throw;                                                                                                   \
    } catch (const std::exception& e__) {                                                                      \
      EXPECT_CHECK(::course_testing::fails(::course_testing::subject() + ": expected " #error_type ", got " +   \
                                           ::course_testing::kind_of(e__) + ": " + e__.what()));               \
    }                                                                                                          \
  } while (0)

namespace course_testing {
/// The failure of an expected std::invalid_argument when the call threw
/// something else. An Eigen size check that fired first (a negative size, a
/// product of mismatched shapes: grader/authoring/eigen_assert.hpp) means the
/// bad argument reached Eigen unchecked, and the message says so.
inline ::testing::AssertionResult threw_another_exception(const std::string& fragment, const std::exception& e) {
  const auto* from_student = dynamic_cast<const ::grader::client::StudentException*>(&e);
  if (from_student && from_student->kind() == "eigen_assert")
    return fails(subject() + ": expected std::invalid_argument naming '" + fragment + "', but " + e.what() + "\n" +
                 ::grader::testing::likely_cause_line(
                     "the bad argument reaches Eigen unchecked: check the arguments at the start of the function and "
                     "throw std::invalid_argument with the message the header gives"));
  return fails(subject() + ": expected std::invalid_argument, got another exception: " + e.what());
}

/// The kind of an exception as a failure names it: "std::invalid_argument",
/// the kind the worker reported for a student's other exception, or "another exception".
inline std::string kind_of(const std::exception& e) {
  if (const auto* from_student = dynamic_cast<const ::grader::client::StudentException*>(&e))
    return from_student->kind() == "eigen_assert" ? "Eigen stopping your code" : from_student->kind();
  const auto error = ::grader::protocol::error_of(e);
  return ::grader::protocol::is_standard_error_kind(error.kind) ? "std::" + error.kind : "another exception";
}
}  // namespace course_testing

/// The reference solutions, in namespace course. Only HIDDEN suites link them:
/// public suites ship to students without solutions/, so they must check
/// known facts and values instead of calling ref::.
namespace course {}  // a course puts its code there (its headers may come after this one)
namespace ref = ::course;

/// Expects `statement` (one call into the student's code) to throw
/// std::invalid_argument whose message names `fragment`, the bad argument, the
/// way the headers promise (grader/testing/argument_names.hpp): first, as in
/// "x: expected shape ..." or "max_len must be > 0, got 0" (a whole message
/// works too), or as a field of the first word ("norm1.weight: ..."), or, for
/// a quoted value ("'unicorn'"), anywhere. Says what happened instead, under
/// the call's name. Each message is recorded for `grader validate`, which
/// fails an expectation that another argument's message would satisfy too.
#define EXPECT_INVALID_ARGUMENT(statement, fragment) EXPECT_INVALID_ARGUMENT_EXPLAINED(statement, fragment, "")

/// The same, with the likely cause when the call accepted the bad argument
/// (nothing was thrown): EXPECT_INVALID_ARGUMENT_EXPLAINED(student::f(7, 2),
/// "embed_dim (7) must be divisible by num_heads (2)", "the divisibility check is missing: ...").
#define EXPECT_INVALID_ARGUMENT_EXPLAINED(statement, fragment, cause_if_accepted)                             \
  do {                                                                                                           \
    try {                                                                                                        \
      statement;                                                                                                 \
      const std::string cause__(cause_if_accepted);                                                              \
      EXPECT_CHECK(::course_testing::fails(                                                                      \
          ::course_testing::subject() + ": expected std::invalid_argument naming '" + std::string(fragment) +    \
          "', but nothing was thrown" +                                                                          \
          (cause__.empty() ? std::string() : "\n" + ::grader::testing::likely_cause_line(cause__))));            \
    } catch (const std::invalid_argument& e__) {                                                                 \
      ::grader::client::record_argument_expectation(std::string(fragment), e__.what());                          \
      EXPECT_HOLDS(::grader::testing::names_argument(e__.what(), fragment),                                      \
                   "expected std::invalid_argument naming '" + std::string(fragment) + "' " +                    \
                       ::course_testing::argument_form(fragment) + ", but its message does not: " + e__.what()); \
    } catch (const ::grader::client::WorkerFailure&) {                                                           \
      ::grader::client::student().expect_from_last_call("std::invalid_argument naming '" +                       \
                                                        std::string(fragment) + "'");                            \
      throw;                                                                                                     \
    } catch (const std::exception& e__) {                                                                        \
      EXPECT_CHECK(::course_testing::threw_another_exception(std::string(fragment), e__));                      \
    }                                                                                                            \
  } while (0)
