#include "grader/protocol/frame.hpp"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <vector>

namespace grader::protocol {

bool write_frame(int fd, std::string_view bytes) {
  std::uint64_t n = bytes.size();
  std::string buf(reinterpret_cast<const char*>(&n), sizeof n);
  buf.append(bytes);
  std::size_t off = 0;
  while (off < buf.size()) {
    ssize_t w = ::write(fd, buf.data() + off, buf.size() - off);
    if (w < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    off += static_cast<std::size_t>(w);
  }
  return true;
}

namespace {

// Reads exactly n bytes into out, honouring the optional deadline.
ReadStatus read_exact(int fd, char* out, std::size_t n, const std::chrono::steady_clock::time_point* deadline,
                      const ExtraPoll* extra, int extra_count) {
  std::size_t got = 0;
  while (got < n) {
    if (deadline) {
      std::vector<pollfd> fds;
      fds.push_back({fd, POLLIN, 0});
      for (int i = 0; i < extra_count; ++i)
        if (extra[i].fd >= 0) fds.push_back({extra[i].fd, POLLIN, 0});
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return ReadStatus::timed_out;
      int r = ::poll(fds.data(), fds.size(), static_cast<int>(std::min<long long>(left.count(), 1000 * 60)));
      if (r < 0) {
        if (errno == EINTR) continue;
        return ReadStatus::io_error;
      }
      for (std::size_t i = 1; i < fds.size(); ++i)
        if (fds[i].revents)
          for (int k = 0; k < extra_count; ++k)
            if (extra[k].fd == fds[i].fd && extra[k].drain) extra[k].drain(fds[i].fd, extra[k].context);
      if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
    }
    ssize_t r = ::read(fd, out + got, n - got);
    if (r < 0) {
      if (errno == EINTR) continue;
      return ReadStatus::io_error;
    }
    if (r == 0) return ReadStatus::closed;
    got += static_cast<std::size_t>(r);
  }
  return ReadStatus::ok;
}

FrameResult read_frame_impl(int fd, std::size_t max_bytes, const std::chrono::steady_clock::time_point* deadline,
                            const ExtraPoll* extra, int extra_count) {
  FrameResult result;
  std::uint64_t n = 0;
  result.status = read_exact(fd, reinterpret_cast<char*>(&n), sizeof n, deadline, extra, extra_count);
  if (result.status != ReadStatus::ok) return result;
  if (n > max_bytes) {
    result.status = ReadStatus::too_large;
    return result;
  }
  result.bytes.resize(n);
  result.status = read_exact(fd, result.bytes.data(), n, deadline, extra, extra_count);
  return result;
}

}  // namespace

WriteStatus write_frame_until(int fd, std::string_view bytes, std::chrono::steady_clock::time_point deadline,
                              const ExtraPoll* extra, int extra_count) {
  std::uint64_t n = bytes.size();
  std::string buf(reinterpret_cast<const char*>(&n), sizeof n);
  buf.append(bytes);
  std::size_t off = 0;
  while (off < buf.size()) {
    ssize_t w = ::write(fd, buf.data() + off, buf.size() - off);
    if (w >= 0) {
      off += static_cast<std::size_t>(w);
      continue;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) return WriteStatus::closed;
    std::vector<pollfd> fds;
    fds.push_back({fd, POLLOUT, 0});
    for (int i = 0; i < extra_count; ++i)
      if (extra[i].fd >= 0) fds.push_back({extra[i].fd, POLLIN, 0});
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return WriteStatus::timed_out;
    int r = ::poll(fds.data(), fds.size(), static_cast<int>(std::min<long long>(left.count(), 1000 * 60)));
    if (r < 0 && errno != EINTR) return WriteStatus::closed;
    for (std::size_t i = 1; r > 0 && i < fds.size(); ++i)
      if (fds[i].revents)
        for (int k = 0; k < extra_count; ++k)
          if (extra[k].fd == fds[i].fd && extra[k].drain) extra[k].drain(fds[i].fd, extra[k].context);
  }
  return WriteStatus::ok;
}

FrameResult read_frame(int fd, std::size_t max_bytes) { return read_frame_impl(fd, max_bytes, nullptr, nullptr, 0); }

FrameResult read_frame_until(int fd, std::size_t max_bytes, std::chrono::steady_clock::time_point deadline,
                             const ExtraPoll* extra, int extra_count) {
  return read_frame_impl(fd, max_bytes, &deadline, extra, extra_count);
}

}  // namespace grader::protocol
