// A GoogleTest listener that appends one JSON line per finished test:
//   {"name": "Suite.Test", "file": "...", "passed": true, "message": "...", "ms": 3}
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
};

}  // namespace grader::client
