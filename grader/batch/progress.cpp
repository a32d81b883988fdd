#include "grader/batch/progress.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "grader/report/colors.hpp"

namespace grader::batch {

std::string eta_text(int graded, double graded_seconds, int left, int jobs) {
  if (graded <= 0) return "--";
  if (left <= 0) return "0m00s";
  const double per_submission = graded_seconds / graded;
  const int lanes = std::max(1, std::min(jobs, left));
  // Each lane grades ceil(left / lanes) submissions one after another.
  const int rounds = (left + lanes - 1) / lanes;
  const long long s = std::llround(per_submission * rounds);
  return fmt::format("{}m{:02}s", s / 60, s % 60);
}

Progress::Progress(std::ostream& out, int total, bool terminal, int jobs)
    : out_(out), total_(total), terminal_(terminal), jobs_(jobs), start_(std::chrono::steady_clock::now()) {
  if (terminal_) draw();
}

void Progress::done(const std::string& line, bool failed, double seconds) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++done_;
  if (seconds >= 0) {
    ++graded_;
    graded_seconds_ += seconds;
  }
  failed_ += failed;
  if (terminal_) {
    out_ << report::kEraseLine << line << "\n";
    draw();
  } else {
    out_ << fmt::format("[{}/{}] {}\n", done_, total_, line);
  }
  out_.flush();
}

void Progress::note(const std::string& line) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (terminal_) {
    out_ << report::kEraseLine << line << "\n";
    draw();
  } else {
    out_ << line << "\n";
  }
  out_.flush();
}

void Progress::draw() {
  const std::string eta = eta_text(graded_, graded_seconds_, total_ - done_, jobs_);
  int width = 30, filled = total_ ? done_ * width / total_ : width;
  out_ << report::kEraseLine << fmt::format("[{}{}] {}/{} graded, {} with problems, ETA {}", std::string(static_cast<std::size_t>(filled), '#'),
                      std::string(static_cast<std::size_t>(width - filled), '.'), done_, total_, failed_, eta)
       << std::flush;
}

void Progress::finish() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (terminal_) out_ << report::kEraseLine << std::flush;
}

}  // namespace grader::batch
