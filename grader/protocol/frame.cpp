#include "grader/protocol/frame.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
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

// One wait of a deadline-bound read or write: polls `fd` for `events` and the
// extra output pipes, drains the pipes that have data, and forgets pipes the
// other side has closed (a hung-up pipe is always "ready"; polling it would
// spin until the deadline). Returns fd's revents, 0 when nothing happened to
// it, or -1 on a poll error.
int wait_once(int fd, short events, std::chrono::steady_clock::time_point deadline, const ExtraPoll* extra,
              int extra_count, std::vector<bool>& hung_up) {
  std::vector<pollfd> fds;
  std::vector<int> which;  // index into extra[] of fds[1...]
  fds.push_back({fd, events, 0});
  for (int i = 0; i < extra_count; ++i)
    if (extra[i].fd >= 0 && !hung_up[static_cast<std::size_t>(i)]) {
      fds.push_back({extra[i].fd, POLLIN, 0});
      which.push_back(i);
    }
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
  int r = ::poll(fds.data(), fds.size(), static_cast<int>(std::clamp<long long>(left.count(), 0, 1000 * 60)));
  if (r < 0) return errno == EINTR ? 0 : -1;
  for (std::size_t i = 1; i < fds.size(); ++i) {
    const ExtraPoll& e = extra[which[i - 1]];
    if (fds[i].revents & POLLIN) {
      if (e.drain) e.drain(fds[i].fd, e.context);
    } else if (fds[i].revents & (POLLHUP | POLLERR | POLLNVAL)) {
      hung_up[static_cast<std::size_t>(which[i - 1])] = true;
    }
  }
  return fds[0].revents;
}


// Reads exactly n bytes into out, honouring the optional deadline.
ReadStatus read_exact(int fd, char* out, std::size_t n, const std::chrono::steady_clock::time_point* deadline,
                      const ExtraPoll* extra, int extra_count) {
  std::size_t got = 0;
  std::vector<bool> hung_up(static_cast<std::size_t>(extra_count), false);
  while (got < n) {
    if (deadline) {
      if (std::chrono::steady_clock::now() >= *deadline) return ReadStatus::timed_out;
      int revents = wait_once(fd, POLLIN, *deadline, extra, extra_count, hung_up);
      if (revents < 0) return ReadStatus::io_error;
      if (!(revents & (POLLIN | POLLHUP | POLLERR))) continue;
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
  result.claimed_bytes = n;
  if (n > max_bytes) {
    result.status = ReadStatus::too_large;
    return result;
  }
  // Grow with what arrives (doubling from 1 MiB), not with what was claimed.
  constexpr std::size_t kFirstChunk = std::size_t{1} << 20;
  std::size_t got = 0;
  while (got < n) {
    std::size_t next = static_cast<std::size_t>(std::min<std::uint64_t>(n, std::max(kFirstChunk, got * 2)));
    result.bytes.resize(next);
    result.status = read_exact(fd, result.bytes.data() + got, next - got, deadline, extra, extra_count);
    if (result.status != ReadStatus::ok) {
      result.bytes.clear();
      result.bytes.shrink_to_fit();
      return result;
    }
    got = next;
  }
  return result;
}

}  // namespace

WriteStatus write_frame_until(int fd, std::string_view bytes, std::chrono::steady_clock::time_point deadline,
                              const ExtraPoll* extra, int extra_count) {
  std::uint64_t n = bytes.size();
  std::string buf(reinterpret_cast<const char*>(&n), sizeof n);
  buf.append(bytes);
  std::size_t off = 0;
  std::vector<bool> hung_up(static_cast<std::size_t>(extra_count), false);
  while (off < buf.size()) {
    ssize_t w = ::write(fd, buf.data() + off, buf.size() - off);
    if (w >= 0) {
      off += static_cast<std::size_t>(w);
      continue;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) return WriteStatus::closed;
    if (std::chrono::steady_clock::now() >= deadline) return WriteStatus::timed_out;
    if (wait_once(fd, POLLOUT, deadline, extra, extra_count, hung_up) < 0) return WriteStatus::closed;
  }
  return WriteStatus::ok;
}

FrameResult read_frame(int fd, std::size_t max_bytes) { return read_frame_impl(fd, max_bytes, nullptr, nullptr, 0); }

FrameResult read_frame_until(int fd, std::size_t max_bytes, std::chrono::steady_clock::time_point deadline,
                             const ExtraPoll* extra, int extra_count) {
  return read_frame_impl(fd, max_bytes, &deadline, extra, extra_count);
}

}  // namespace grader::protocol
