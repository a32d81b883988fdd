// A GoogleTest listener that appends one JSON line per finished test:
//   {"name": "Suite.Test", "file": "...", "passed": true, "message": "...", "ms": 3}
// and, once, before the line of the test where the student's worker did not
// start (WorkerDidNotStart), {"did_not_start": "your code did not start: ..."}.
// The suite process is trusted (student code runs only in the worker), so
// these lines are the grader's source of truth for test outcomes.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace grader::client {

class ResultsListener : public ::testing::EmptyTestEventListener {
 public:
  explicit ResultsListener(const std::string& path);
  ~ResultsListener() override;
  bool ok() const { return file_ != nullptr; }
  void OnTestEnd(const ::testing::TestInfo& info) override;

 private:
  std::FILE* file_ = nullptr;
  bool did_not_start_written_ = false;
  std::size_t message_bytes_ = 0;  ///< failure text written so far (caps::kMaxLessonMessageBytes)
};

/// The failure messages of a test joined by newlines, at most `cap` bytes of
/// them, ending with "... (cut: N bytes more)" when more was there.
std::string joined_failures(const ::testing::TestResult& result, std::size_t cap);

}  // namespace grader::client
