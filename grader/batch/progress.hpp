// Progress of a long batch: a redrawn bar with done/total, failures and an
// ETA on a terminal; one plain line per submission otherwise (CI logs).
#pragma once

#include <chrono>
#include <mutex>
#include <ostream>
#include <string>

namespace grader::batch {

class Progress {
 public:
  Progress(std::ostream& out, int total, bool terminal);
  /// One submission finished; `failed` counts it among the failures.
  void done(const std::string& line, bool failed);
  /// A line that is no submission's (a sandbox notice): printed above the
  /// bar, which is then redrawn below it.
  void note(const std::string& line);
  void finish();

 private:
  void draw();
  std::ostream& out_;
  int total_;
  bool terminal_;
  int done_ = 0;
  int failed_ = 0;
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
};

}  // namespace grader::batch
