// The text of a failed check as a student reads it: the tensor comparison's
// message (grader/testing/tensor_compare.hpp), known mistakes, and the results
// listener's rewriting of exceptions and its output sections.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "grader/client/results_listener.hpp"
#include "grader/testing/tensor_compare.hpp"
#include "grader/util/caps.hpp"

namespace gt = grader::testing;
namespace gc = grader::client;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

gt::Values floats(std::vector<std::int64_t> shape, std::vector<double> data) { return {std::move(shape), std::move(data), 9}; }

// The raw GoogleTest phrases no student may read.
void expect_no_gtest_text(const std::string& message) {
  for (const char* fragment : {"Which is:", "evaluates to", "Expected equality", "Value of:", "Actual:",
                               "C++ exception with description", "thrown in the test body", "::grader::testing",
                               "more lines)", "Expected:"})
    EXPECT_FALSE(contains(message, fragment)) << "'" << fragment << "' in: " << message;
}

}  // namespace

TEST(CompareMessage, MatchingTensorsHaveNoMessage) {
  auto want = floats({2, 2}, {1, 2, 3, 4});
  EXPECT_FALSE(gt::compare_message("f(x)", floats({2, 2}, {1, 2, 3, 4.00001}), want, 1e-5, 3e-5));
}

TEST(CompareMessage, NamesTheCallTheFirstBadIndexBothValuesTheCountAndTheTolerance) {
  auto message = gt::compare_message("softmax_rows(<matrix (1, 4)>)", floats({1, 4}, {0.25, 0.3, 0.25, 0.1}),
                                     floats({1, 4}, {0.25, 0.25, 0.25, 0.25}), 1e-5, 3e-5);
  ASSERT_TRUE(message);
  EXPECT_EQ(message->rfind("softmax_rows(<matrix (1, 4)>): 2 of 4 values differ", 0), 0u) << *message;
  EXPECT_TRUE(contains(*message, "first bad index (0, 1): expected 0.25, got 0.3")) << *message;
  EXPECT_TRUE(contains(*message, "largest difference at (0, 3): expected 0.25, got 0.1")) << *message;
  EXPECT_TRUE(contains(*message, "tolerance: |got - expected| <= 1e-05 + 3e-05 * |expected|")) << *message;
  expect_no_gtest_text(*message);
}

TEST(CompareMessage, ShapeMismatchSaysBothShapes) {
  auto message = gt::compare_message("positional_encoding(5, 8)", floats({5, 7}, std::vector<double>(35)),
                                     floats({5, 8}, std::vector<double>(40)), 0, 0);
  ASSERT_TRUE(message);
  EXPECT_EQ(*message, "positional_encoding(5, 8): expected shape (5, 8), got (5, 7)");
}

TEST(CompareMessage, NaNNeverPassesAndIsTheLargestDifference) {
  auto message = gt::compare_message("f()", floats({3}, {1, NAN, 2.5}), floats({3}, {1, 2, 2}), 1e-5, 0);
  ASSERT_TRUE(message);
  EXPECT_TRUE(contains(*message, "2 of 3 values differ")) << *message;
  EXPECT_TRUE(contains(*message, "first bad index (1,): expected 2, got nan")) << *message;
  EXPECT_FALSE(gt::compare_message("f()", floats({1}, {INFINITY}), floats({1}, {INFINITY}), 0, 0));
  EXPECT_TRUE(gt::compare_message("f()", floats({1}, {NAN}), floats({1}, {NAN}), 0, 0));
}

TEST(KnownMistakes, TheMatchingMistakeIsNamed) {
  auto want = floats({1, 2}, {0.8807971, 0.1192029});
  std::vector<gt::KnownMistake> mistakes = {
      {"the scores are divided by D instead of sqrt(D)", floats({1, 2}, {0.7310586, 0.2689414}), false, -1},
      {"the scores are not scaled", floats({1, 2}, {0.9820138, 0.0179862}), false, -1},
  };
  auto message = gt::compare_message("attention(...)", floats({1, 2}, {0.98201376, 0.01798621}), want, 1e-5, 3e-5, mistakes);
  ASSERT_TRUE(message);
  EXPECT_TRUE(contains(*message, "\n  likely cause: the scores are not scaled")) << *message;
  EXPECT_FALSE(contains(*message, "divided by D")) << *message;
  // A result no mistake explains gets no cause.
  message = gt::compare_message("attention(...)", floats({1, 2}, {0.5, 0.5}), want, 1e-5, 3e-5, mistakes);
  ASSERT_TRUE(message);
  EXPECT_FALSE(contains(*message, "likely cause")) << *message;
}

TEST(KnownMistakes, AMistakeThatEqualsTheRightAnswerExplainsNothing) {
  // On a symmetric input the transpose is the right answer: it must not be blamed.
  auto want = floats({2, 2}, {1, 2, 2, 1});
  std::vector<gt::KnownMistake> mistakes = {{"transposed", floats({2, 2}, {1, 2, 2, 1}), false, -1},
                                            {"doubled", floats({2, 2}, {2, 4, 4, 2}), false, -1}};
  auto message = gt::compare_message("f()", floats({2, 2}, {2, 4, 4, 2}), want, 1e-5, 3e-5, mistakes);
  ASSERT_TRUE(message);
  EXPECT_TRUE(contains(*message, "likely cause: doubled")) << *message;
  EXPECT_EQ(gt::likely_mistake(floats({2, 2}, {1, 2, 2, 1}), want, 1e-5, 3e-5, mistakes), nullptr);
}

TEST(KnownMistakes, AShapeAloneCanTellTheMistake) {
  std::vector<gt::KnownMistake> mistakes = {{"the result is (S, L): compute q k^T", floats({3, 2}, {}), true, -1}};
  auto message = gt::compare_message("attention_scores(<matrix (2, 4)>, <matrix (3, 4)>)",
                                     floats({3, 2}, std::vector<double>(6)), floats({2, 3}, std::vector<double>(6)),
                                     1e-5, 3e-5, mistakes);
  ASSERT_TRUE(message);
  EXPECT_EQ(*message,
            "attention_scores(<matrix (2, 4)>, <matrix (3, 4)>): expected shape (2, 3), got (3, 2)\n"
            "  likely cause: the result is (S, L): compute q k^T");
}

TEST(KnownMistakes, AMistakeMatchesWithinALooseToleranceOnly) {
  gt::KnownMistake m{"off", floats({2}, {1.0, 2.0}), false, -1};
  EXPECT_TRUE(gt::matches_mistake(floats({2}, {1.0005, 2.001}), m, 1e-5, 3e-5));
  EXPECT_FALSE(gt::matches_mistake(floats({2}, {1.01, 2.0}), m, 1e-5, 3e-5));
  EXPECT_FALSE(gt::matches_mistake(floats({1, 2}, {1.0, 2.0}), m, 1e-5, 3e-5));
}

TEST(ValueMessage, OneNumber) {
  EXPECT_FALSE(gt::value_message("mean_distance(4)", 0.5, 0.5, 1e-12, 1e-12));
  auto message = gt::value_message("mean_distance(4)", 0.47, 0.5, 1e-12, 1e-12, {{"the mean is over n + 1", {{}, {0.47}, 15}, false, -1}});
  ASSERT_TRUE(message);
  EXPECT_EQ(message->rfind("mean_distance(4): expected 0.5, got 0.47 (difference 0.03; tolerance", 0), 0u) << *message;
  EXPECT_TRUE(contains(*message, "likely cause: the mean is over n + 1")) << *message;
  expect_no_gtest_text(*message);
}

TEST(StudentTerms, AStudentExceptionNamesTheCallAndItsType) {
  std::vector<gc::CallRecord> calls = {{"causal_mask(3)", "", false, "", false, "", {}, {}},
                                       {"causal_mask(-1)", "", false, "invalid_argument", false, "", {}, {}}};
  std::string message = gc::in_student_terms(
      "C++ exception with description \"length must be >= 0, got -1\" thrown in the test body.", calls);
  EXPECT_EQ(message, "causal_mask(-1): threw std::invalid_argument: length must be >= 0, got -1");
  calls.back().error_kind = "exception";
  EXPECT_EQ(gc::in_student_terms("C++ exception with description \"N3foo3BarE: x\" thrown in the test body.", calls),
            "causal_mask(-1): threw an exception: N3foo3BarE: x");
}

TEST(StudentTerms, AThrowWhereAResultWasDueSaysWhatWasExpected) {
  std::vector<gc::CallRecord> calls = {{"positional_encoding(0, 4)", "", false, "invalid_argument", false, "a matrix", {}, {}}};
  EXPECT_EQ(gc::in_student_terms("C++ exception with description \"seq_len must be > 0, got 0\" thrown in the test body.",
                                 calls),
            "positional_encoding(0, 4): expected a matrix, but your code threw std::invalid_argument: seq_len must be > 0, "
            "got 0");
  // A crash where a result was due, and where an exception was due.
  calls = {{"causal_mask(-1)", "", false, "", true, "a matrix", {}, {}}};
  const std::string crash = "C++ exception with description \"causal_mask(-1): your code aborted (SIGABRT)\" thrown in the test body.";
  EXPECT_EQ(gc::in_student_terms(crash, calls), "causal_mask(-1): expected a matrix, but your code aborted (SIGABRT)");
  calls.back().expected = "std::invalid_argument naming 'length'";
  EXPECT_EQ(gc::in_student_terms(crash, calls),
            "causal_mask(-1): expected std::invalid_argument naming 'length', but your code aborted (SIGABRT)");
  // A call that returns nothing has no result to name.
  calls = {{"table.set_table(<matrix (2, 2)>)", "", false, "out_of_range", false, "", {}, {}}};
  EXPECT_EQ(gc::in_student_terms("C++ exception with description \"too short\" thrown in the test body.", calls),
            "table.set_table(<matrix (2, 2)>): threw std::out_of_range: too short");
}

TEST(StudentTerms, AnEigenSizeCheckIsTheCoursesSentenceNotEigensHeader) {
  std::vector<gc::CallRecord> calls = {{"feed_forward(<tensor (1, 2, 4)>)", "", false, "eigen_assert", false, "a tensor", {}, {}}};
  EXPECT_EQ(gc::in_student_terms("C++ exception with description \"Eigen stopped your code at a matrix product\" thrown "
                                 "in the test body.",
                                 calls),
            "feed_forward(<tensor (1, 2, 4)>): expected a tensor, but Eigen stopped your code at a matrix product");
}

TEST(StudentTerms, AStopTheTestDeclaredACauseForSaysTheCause) {
  std::vector<gc::CallRecord> calls = {{"positional_encoding(3, 5)", "", false, "eigen_assert", false, "a matrix", {}, {}}};
  const std::string index_stop =
      "C++ exception with description \"Eigen stopped your code at an index outside\" thrown in the test body.";
  const std::string said = "positional_encoding(3, 5): expected a matrix, but Eigen stopped your code at an index outside";
  // A cause declared for another stop, or another kind, is not this one's.
  gc::declare_stop_cause("eigen_assert", "Eigen stopped your code at a product", "the product's cause");
  gc::declare_stop_cause("out_of_range", "", "the out_of_range cause");
  EXPECT_EQ(gc::in_student_terms(index_stop, calls), said);
  gc::declare_stop_cause("eigen_assert", "Eigen stopped your code at an index outside", "an odd width writes past the end");
  gc::declare_stop_cause("eigen_assert", "", "said only when no earlier declaration fits");
  EXPECT_EQ(gc::in_student_terms(index_stop, calls), said + "\n  likely cause: an odd width writes past the end");
  // Any message of a kind, for the student's own exception.
  calls = {{"table.at(9)", "", false, "out_of_range", false, "a number", {}, {}}};
  EXPECT_EQ(gc::in_student_terms("C++ exception with description \"index 9\" thrown in the test body.", calls),
            "table.at(9): expected a number, but your code threw std::out_of_range: index 9\n"
            "  likely cause: the out_of_range cause");
}

TEST(StudentTerms, AStubAndABrokenWorkerKeepTheirOwnWords) {
  std::vector<gc::CallRecord> calls = {{"softmax_rows(<matrix (1, 4)>)", "", false, "not_implemented", false, "", {}, {}}};
  EXPECT_EQ(gc::in_student_terms("C++ exception with description \"not implemented: softmax_rows\" thrown in the test body.", calls),
            "softmax_rows(<matrix (1, 4)>): not implemented: softmax_rows");
  calls = {{"positional_encoding(5, 8)", "", false, "", true, "", {}, {}}};
  EXPECT_EQ(gc::in_student_terms("C++ exception with description \"positional_encoding(5, 8): timed out after 2.0 s\" "
                                 "thrown in the test body.",
                                 calls),
            "positional_encoding(5, 8): timed out after 2.0 s");
}

TEST(StudentTerms, AnExceptionOfTheTestsOwnCodeSaysTheResultCouldNotBeChecked) {
  std::vector<gc::CallRecord> calls = {{"split_heads(<tensor (2, 3, 8)>, 2)", "", false, "", false, "", {}, {}}};
  EXPECT_EQ(gc::in_student_terms("C++ exception with description \"index (0, 1, 2, 3) out of range\" thrown in SetUp().", calls),
            "split_heads(<tensor (2, 3, 8)>, 2): the result could not be checked: index (0, 1, 2, 3) out of range");
  calls.back().expected = "a tensor";
  EXPECT_EQ(gc::in_student_terms("C++ exception with description \"index (0, 1, 2, 3) out of range\" thrown in the test body.", calls),
            "split_heads(<tensor (2, 3, 8)>, 2): the result could not be checked: index (0, 1, 2, 3) out of range "
            "(expected a tensor of the shape the lesson's header gives)");
  EXPECT_EQ(gc::in_student_terms("Unknown C++ exception thrown in the test body.", {}),
            "the test stopped: an exception that is not a std::exception");
  // Any other message is the check's own and stays as it is.
  EXPECT_EQ(gc::in_student_terms("f(1): expected 2, got 3", calls), "f(1): expected 2, got 3");
}

TEST(PrintedOutput, EachCallThatPrintedGetsASection) {
  std::vector<gc::CallRecord> calls = {{"f(1)", "q: (2, 4)\n", false, "", false, "", {}, {}},
                                       {"f(2)", "", false, "", false, "", {}, {}},
                                       {"f(3)", "k: (3, 4)\n", true, "", false, "", {}, {}}};
  std::string text = gc::printed_output(calls, "f(3): expected 1, got 2");
  EXPECT_EQ(text,
            "\n--- your code printed during f(1) ---\nq: (2, 4)"
            "\n--- your code printed during f(3) ---\nk: (3, 4)\n(output was cut)");
}

TEST(PrintedOutput, OutputAlreadyInTheMessageOrOfABrokenWorkerIsNotRepeated) {
  std::vector<gc::CallRecord> calls = {{"f(1)", "printed before the crash\n", false, "", true, "", {}, {}},
                                       {"g(1)", "seen\n", false, "", false, "", {}, {}}};
  EXPECT_EQ(gc::printed_output(calls, "g(1): expected 1, got 2\n--- your code printed ---\nseen\n"), "");
}

TEST(PrintedOutput, IsCapped) {
  std::vector<gc::CallRecord> calls;
  for (int i = 0; i < 4; ++i) calls.push_back({"f(" + std::to_string(i) + ")", std::string(3000, 'x'), false, "", false, "", {}, {}});
  std::string text = gc::printed_output(calls, "");
  EXPECT_LE(text.size(), grader::caps::kMaxShownOutputPerTest + 400);
  EXPECT_TRUE(contains(text, "(output was cut)"));
  EXPECT_TRUE(contains(text, "(output of later calls not shown)"));
}

TEST(StudentTerms, ScopedTracesLoseTheTestFilesPath) {
  std::string raw = "f(1): expected 2, got 3\nGoogle Test trace:\n/course/tests/hidden/x_test.cpp:42: PyTorch case causal_3\n";
  EXPECT_EQ(gc::in_student_terms(raw, {}), "f(1): expected 2, got 3\n  (in: PyTorch case causal_3)");
}

TEST(StudentTerms, GoogleTestsFailedLineIsDropped) {
  EXPECT_EQ(gc::in_student_terms("Failed\npositional_encoding(5, 8): PE(1, 2) = 3 is outside [-1, 1]", {}),
            "positional_encoding(5, 8): PE(1, 2) = 3 is outside [-1, 1]");
}

TEST(Subject, WithoutACallItIsTheResultAndAMemberOrElementIsNamed) {
  // No worker calls were made in this process: the subject falls back to "the result".
  EXPECT_EQ(gt::subject_of("got"), "the result");
  EXPECT_EQ(gt::subject_of("got.weights"), "the result.weights");
  EXPECT_EQ(gt::subject_of("r.weights.at({0, 1, 0, 2})"), "the result.weights at (0, 1, 0, 2)");
  EXPECT_EQ(gt::subject_of("pe(1, 2)"), "the result at (1, 2)");
  // Indices written as test variables mean nothing to a student: left out.
  EXPECT_EQ(gt::subject_of("r.weights.at({0, h, 0, 0})"), "the result.weights");
  EXPECT_EQ(gt::subject_of("::grader::testing::view(got)"), "the result");
  // A member of a call's result, written on the call itself.
  EXPECT_EQ(gt::subject_of("student::causal_mask(4, 2).kind"), "the result.kind");
  EXPECT_EQ(gt::subject_of("student::f(g(1)).values"), "the result.values");
}

// The status of a result line is decided from the calls' error kinds, never
// from the words of the message (a student's output may say anything).
TEST(ResultLineStatus, AFailedTestThatReachedAStubIsNotImplemented) {
  gc::CallRecord stub{"softmax_rows(<matrix (1, 4)>)", "", false, "not_implemented", false, "", {}, {}};
  gc::CallRecord ok{"positional_encoding(5, 8)", "", false, "", false, "", {}, {}};
  gc::CallRecord threw{"positional_encoding(-1, 8)", "", false, "invalid_argument", false, "", {}, {}};
  EXPECT_EQ(gc::test_status(true, false, {ok, stub}), gc::ResultLineStatus::not_implemented);
  EXPECT_EQ(gc::test_status(true, false, {stub, threw}), gc::ResultLineStatus::not_implemented);
  EXPECT_EQ(gc::test_status(true, false, {ok, threw}), gc::ResultLineStatus::failed);
  EXPECT_EQ(gc::test_status(true, false, {}), gc::ResultLineStatus::failed);
  gc::CallRecord says_it{"positional_encoding(5, 8)", "not implemented: positional_encoding", false, "", false, "", {}, {}};
  EXPECT_EQ(gc::test_status(true, false, {says_it}), gc::ResultLineStatus::failed) << "printed words are not a status";
  EXPECT_EQ(gc::test_status(false, false, {stub}), gc::ResultLineStatus::passed) << "a test that expected the stub's error";
  EXPECT_EQ(gc::test_status(false, true, {}), gc::ResultLineStatus::skipped);
}

// A crash or a timeout is how the client saw the call that broke the worker
// end (call_end.hpp), never what a message says.
TEST(ResultLineStatus, ACallThatBrokeTheWorkerIsACrashOrATimeoutAsTheClientSawIt) {
  gc::CallRecord ok{"positional_encoding(5, 8)", "", false, "", false, "", {}, {}};
  gc::CallRecord broke{"positional_encoding(5, 8)", "", false, "", true, "", {}, {}};
  gc::CallRecord stub{"softmax_rows(<matrix (1, 4)>)", "", false, "not_implemented", false, "", {}, {}};
  EXPECT_EQ(gc::test_status(true, false, {ok, broke}, gc::CallEnd::crashed), gc::ResultLineStatus::crashed);
  EXPECT_EQ(gc::test_status(true, false, {broke}, gc::CallEnd::timed_out), gc::ResultLineStatus::timed_out);
  EXPECT_EQ(gc::test_status(true, false, {broke}, gc::CallEnd::other), gc::ResultLineStatus::failed)
      << "a malformed reply or a flood is a failure, neither a crash nor a hang";
  EXPECT_EQ(gc::test_status(true, false, {broke, ok}, gc::CallEnd::crashed), gc::ResultLineStatus::failed)
      << "an earlier call broke the worker; the test failed after a later call";
  EXPECT_EQ(gc::test_status(true, false, {ok}, gc::CallEnd::timed_out), gc::ResultLineStatus::failed)
      << "the latest broken call was another test's";
  EXPECT_EQ(gc::test_status(true, false, {stub, broke}, gc::CallEnd::crashed), gc::ResultLineStatus::not_implemented);
  EXPECT_EQ(gc::test_status(false, false, {broke}, gc::CallEnd::crashed), gc::ResultLineStatus::passed)
      << "a test that expected the worker to break";
  gc::CallRecord says_it{"positional_encoding(5, 8)", "your code crashed: timed out after 2.0 s", false, "", false, "", {}, {}};
  EXPECT_EQ(gc::test_status(true, false, {says_it}, gc::CallEnd::other), gc::ResultLineStatus::failed)
      << "printed words are not a status";
}

TEST(ResultLineStatus, NamesRoundTripAndUnknownOnesAreNone) {
  for (auto s : {gc::ResultLineStatus::passed, gc::ResultLineStatus::failed, gc::ResultLineStatus::not_implemented,
                 gc::ResultLineStatus::skipped, gc::ResultLineStatus::crashed, gc::ResultLineStatus::timed_out})
    EXPECT_EQ(gc::parse_result_line_status(gc::to_string(s)), s);
  EXPECT_EQ(gc::parse_result_line_status("PASSED"), std::nullopt);
  EXPECT_EQ(gc::parse_result_line_status(""), std::nullopt);
  EXPECT_EQ(gc::parse_result_line_status("not implemented"), std::nullopt);
}
