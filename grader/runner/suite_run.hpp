// Running one trusted suite executable against a worker and reading its
// per-test result lines.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "grader/runner/results.hpp"

namespace grader::runner {

struct ListedTest {
  std::string name;  ///< "Suite.Test"
  std::string file;  ///< source file as compiled (absolute)
};

struct SuiteOutcome {
  struct Line {
    std::string name;
    /// passed, failed or not_implemented (a failed test that reached a
    /// starter stub, as the suite's results listener said).
    TestStatus status = TestStatus::failed;
    std::string message;
    double seconds = 0;
    /// The functions on the worker's stack when the failing call threw,
    /// innermost first (worker text: only looked up, never shown as is).
    std::vector<std::string> fault_stack;
    /// How the call ended there: "threw", "crashed" or "timed_out" (any
    /// other text from the worker's side is read as "threw").
    std::string fault_how;
    /// Its EXPECT_INVALID_ARGUMENTs whose call threw std::invalid_argument.
    std::vector<ArgumentExpectation> argument_expectations;
  };
  std::vector<Line> lines;
  bool timed_out = false;
  bool crashed = false;  ///< the trusted suite itself ended abnormally (a course bug, or its memory limit)
  bool results_cut = false;  ///< its result lines passed caps::kMaxSuiteResultsBytes; the rest were dropped
  std::string detail;
  /// Set when the student's worker never became ready (its static
  /// initialisation hung, crashed or exited): the client's message, said once.
  /// `lines` then holds only the tests that ended before it.
  std::string did_not_start;
  std::string sandbox;   ///< how the workers were isolated (sandbox::describe), when one ran
};

/// The tests a suite holds (`--gtest_list_tests` with JSON output). Throws
/// std::runtime_error when the suite cannot be listed.
std::vector<ListedTest> list_suite(const std::string& suite, const std::filesystem::path& scratch);

struct SuiteLimits {
  int call_timeout_ms = 2000;
  int lesson_timeout_s = 120;
  int memory_mb = 512;
  /// Earlier lessons whose reference functions the worker may call back
  /// (the suite's --callbacks); empty: none.
  std::vector<std::string> callback_lessons;
  /// Only these tests ("Suite.Test", as listed), as --gtest_filter; empty: every test.
  std::vector<std::string> only_tests;
};

/// The flags that hand `worker` to a trusted program that calls it (a suite,
/// a course picture): grader/client/worker_flags.hpp reads them.
std::vector<std::string> worker_flags(const std::filesystem::path& worker, const SuiteLimits& limits,
                                      const std::filesystem::path& worker_home);

/// RLIMIT_AS of a suite process (caps::kSuiteAddressSpaceBytes, or the
/// worker's limit when higher; none in sanitizer builds).
std::size_t suite_address_space(int worker_memory_mb);

SuiteOutcome run_suite(const std::string& suite, const std::filesystem::path& worker,
                       const std::filesystem::path& scratch, const SuiteLimits& limits);

}  // namespace grader::runner
