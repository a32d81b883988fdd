// Progress of a long batch: a redrawn bar with done/total, failures and an
// ETA on a terminal; one plain line per submission otherwise (CI logs).
#pragma once

#include <chrono>
#include <mutex>
#include <ostream>
#include <string>

namespace grader::batch {

/// The time left, from what was measured: the mean grading time of the
/// submissions graded so far (`graded_seconds` over `graded`; a submission
/// skipped as unchanged costs nothing and is not counted) times the `left`
/// still to do, spread over `jobs` parallel graders (never more than are
/// left). "--" until one was graded. "2m05s".
std::string eta_text(int graded, double graded_seconds, int left, int jobs);

class Progress {
 public:
  Progress(std::ostream& out, int total, bool terminal, int jobs = 1);
  /// One submission finished; `failed` counts it among the failures.
  /// `seconds`: how long grading it took (its measured lesson times), or < 0
  /// when it was skipped as unchanged.
  void done(const std::string& line, bool failed, double seconds = -1);
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
  int jobs_ = 1;
  int graded_ = 0;
  double graded_seconds_ = 0;
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
};

}  // namespace grader::batch
