// An owned file descriptor, closed when it goes out of scope: every error
// path that returns or throws closes it without a line of its own. Header
// only, so the sandbox (which links nothing of grader_util) shares it.
#pragma once

#include <unistd.h>

#include <utility>

namespace grader::util {

class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() { reset(); }
  Fd(Fd&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  Fd& operator=(Fd&& o) noexcept {
    if (this != &o) {
      reset();
      fd_ = std::exchange(o.fd_, -1);
    }
    return *this;
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;

  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  /// Gives the descriptor up without closing it (-1 when empty).
  int release() { return std::exchange(fd_, -1); }
  /// Closes the descriptor now (the parent's copy of a pipe end the child holds).
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

}  // namespace grader::util
