// A GoogleTest listener that appends one JSON line per finished test:
//   {"name": "Suite.Test", "file": "...", "status": "passed", "message": "...", "ms": 3}
// where status is a ResultLineStatus (result_line.hpp; test_status() decides
// it: a failed test that reached a starter stub is "not_implemented", told by
// the kind of error the worker reported, and one whose last call broke the
// worker is "crashed" or "timed_out", as the client saw the call end
// (call_end.hpp); never by the message's words)
// and, once, before the line of the test where the student's worker did not
// start (WorkerDidNotStart), {"did_not_start": "your code did not start: ..."}.
// The suite process is trusted (student code runs only in the worker), so
// these lines are the grader's source of truth for test outcomes.
//
// The message is what the student reads: each failure as the suite's checks
// wrote it (grader/authoring/testing.hpp), an exception that ended the test
// told in the student's terms ("softmax_rows(<matrix (2, 3)>): threw
// std::invalid_argument: ..." instead of GoogleTest's "C++ exception with
// description ..."), and under it what the student's code printed during the
// test's calls (capped: caps::kMaxShownOutputPerTest).
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "grader/client/call_end.hpp"
#include "grader/client/result_line.hpp"
#include "grader/client/worker_client.hpp"

namespace grader::client {

/// The outcome of a test with `result`, whose calls into the worker were `calls`:
/// failed and any call ended in the starter's not_implemented error: not_implemented.
ResultLineStatus test_status(const ::testing::TestResult& result, const std::vector<CallRecord>& calls);
/// The same from the plain facts (testable without a GoogleTest result).
ResultLineStatus test_status(bool failed, bool skipped, const std::vector<CallRecord>& calls);
/// And a failed test whose latest call broke the worker is "crashed" or
/// "timed_out" when `broken_call_end` says so (call_end.hpp).
ResultLineStatus test_status(bool failed, bool skipped, const std::vector<CallRecord>& calls, CallEnd broken_call_end);

class ResultsListener : public ::testing::EmptyTestEventListener {
 public:
  explicit ResultsListener(const std::string& path);
  ~ResultsListener() override;
  bool ok() const { return file_ != nullptr; }
  void OnTestStart(const ::testing::TestInfo& info) override;
  void OnTestEnd(const ::testing::TestInfo& info) override;

 private:
  std::FILE* file_ = nullptr;
  bool did_not_start_written_ = false;
  std::size_t message_bytes_ = 0;  ///< failure text written so far (caps::kMaxLessonMessageBytes)
};

/// Records an EXPECT_INVALID_ARGUMENT of the running test whose call threw
/// std::invalid_argument: the argument it expects named (its fragment) and
/// the message. Its result line lists them ("argument_expectations"), so
/// `grader validate` can find an expectation that a message naming another
/// argument would satisfy too (grader/validate/argument_checks.hpp).
void record_argument_expectation(const std::string& argument, const std::string& message);

/// Declares, for the running test (until the next test starts), the likely
/// cause of a call that ends in the student's error of kind `error_kind`
/// ("eigen_assert", "out_of_range", ...) with exactly `message` (any message
/// when empty): the failure that error ends the test with adds
/// "likely cause: <cause>" (in_student_terms). The suite's author names what
/// happened, never the words of one test's failure; the first declaration
/// that fits is said. course_testing::cause_if_eigen_stops is the usual form.
void declare_stop_cause(std::string error_kind, std::string message, std::string cause);

/// Gives the objects a test makes in the worker (docs/bridge-api.md) the
/// lifetime of that test: appended by the suite main before any other
/// listener, so it releases them after the test's result is written.
class TestObjectsListener : public ::testing::EmptyTestEventListener {
 public:
  void OnTestStart(const ::testing::TestInfo&) override { student().begin_test(); }
  void OnTestEnd(const ::testing::TestInfo&) override { student().release_objects(); }
};

/// The failure messages of a test joined by newlines, at most `cap` bytes of
/// them, ending with "... (cut: N bytes more)" when more was there. Each
/// message goes through in_student_terms(), then the calls' output is added.
std::string joined_failures(const ::testing::TestResult& result, std::size_t cap,
                            const std::vector<CallRecord>& calls = {});

/// A failure message as the student reads it: GoogleTest's text for an
/// exception that ended the test becomes "<call>: expected <what the call was
/// due>, but your code threw std::<kind>: <what>" (the latest of `calls` is
/// the one that threw; CallRecord::expected), "<call>: expected ..., but
/// <what>" for a broken worker or an Eigen size check (either error with the
/// likely cause the test declared for it: declare_stop_cause), "<call>: <what>" for a
/// stub, "<call>: the result could not be checked: ..." for an exception of
/// the test's own code; any other message is unchanged.
std::string in_student_terms(const std::string& message, const std::vector<CallRecord>& calls);

/// GoogleTest's "Google Test trace:" block (SCOPED_TRACE) as lines
/// "  (in: <what>)", without the test file's path and line.
std::string with_readable_traces(const std::string& message);

/// "--- your code printed during <call> ---" and the output, for each call
/// that printed something not already in `message` (a broken worker's
/// failure shows its own), at most caps::kMaxShownOutputPerTest bytes.
std::string printed_output(const std::vector<CallRecord>& calls, const std::string& message);

}  // namespace grader::client
