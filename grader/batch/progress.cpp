#include "grader/batch/progress.hpp"

#include <fmt/format.h>

#include "grader/report/colors.hpp"

namespace grader::batch {

Progress::Progress(std::ostream& out, int total, bool terminal)
    : out_(out), total_(total), terminal_(terminal), start_(std::chrono::steady_clock::now()) {
  if (terminal_) draw();
}

void Progress::done(const std::string& line, bool failed) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++done_;
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
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::string eta = "--";
  if (done_ > 0) {
    int left = static_cast<int>(elapsed / done_ * (total_ - done_));
    eta = fmt::format("{}m{:02}s", left / 60, left % 60);
  }
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
