// The status of a suite's per-test result line: the contract between the
// suite's results listener (results_listener.hpp, which writes it) and the
// grader (runner/suite_run.cpp, which reads it). Header only, so the grader
// reads it without linking the suite's side.
#pragma once

#include <optional>
#include <string_view>

namespace grader::client {

enum class ResultLineStatus {
  passed,
  failed,
  not_implemented,  ///< failed, and a call reached a starter stub (the worker's not_implemented error)
  skipped,          ///< GTEST_SKIP: earns nothing
  crashed,          ///< failed: the test's last call ended the worker (a signal, exit(), a resource limit)
  timed_out,        ///< failed: the test's last call ran past the call time limit
};

inline const char* to_string(ResultLineStatus status) {
  switch (status) {
    case ResultLineStatus::passed: return "passed";
    case ResultLineStatus::failed: return "failed";
    case ResultLineStatus::not_implemented: return "not_implemented";
    case ResultLineStatus::skipped: return "skipped";
    case ResultLineStatus::crashed: return "crashed";
    case ResultLineStatus::timed_out: return "timed_out";
  }
  return "failed";
}

/// The status named `text`, or nothing when it names none.
inline std::optional<ResultLineStatus> parse_result_line_status(std::string_view text) {
  for (auto s : {ResultLineStatus::passed, ResultLineStatus::failed, ResultLineStatus::not_implemented,
                 ResultLineStatus::skipped, ResultLineStatus::crashed, ResultLineStatus::timed_out})
    if (text == to_string(s)) return s;
  return std::nullopt;
}

}  // namespace grader::client
