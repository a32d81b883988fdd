// Length-prefixed frames over a file descriptor (pipes between grader and worker).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace grader::protocol {

/// Writes one frame: a u64 little-endian length, then the bytes. Returns false
/// when the other end is gone (EPIPE) or the write fails.
bool write_frame(int fd, std::string_view bytes);

enum class ReadStatus { ok, closed, timed_out, too_large, io_error };

struct FrameResult {
  ReadStatus status = ReadStatus::ok;
  std::string bytes;
  /// The length the frame's prefix claimed (also when too_large: nothing of
  /// it was allocated or read).
  std::uint64_t claimed_bytes = 0;
};

/// Reads one frame, blocking. A length over max_bytes is refused before
/// anything is allocated; below it, memory grows with the bytes that actually
/// arrive, so a claimed length with nothing behind it costs nothing. Used by the worker, which has no deadline of its own.
FrameResult read_frame(int fd, std::size_t max_bytes);

/// Reads one frame before `deadline`; `on_idle` is called whenever poll wakes
/// for other descriptors in `also_poll` (so callers can drain output pipes
/// while they wait and the child never blocks on a full pipe).
struct ExtraPoll {
  int fd = -1;
  void (*drain)(int fd, void* context) = nullptr;
  void* context = nullptr;
};
FrameResult read_frame_until(int fd, std::size_t max_bytes, std::chrono::steady_clock::time_point deadline,
                             const ExtraPoll* extra, int extra_count);

enum class WriteStatus { ok, closed, timed_out };

/// Writes one frame before `deadline` to a non-blocking `fd`, draining
/// `also_poll` meanwhile: a peer that never reads (stuck before its first
/// read) cannot block the writer past the deadline.
WriteStatus write_frame_until(int fd, std::string_view bytes, std::chrono::steady_clock::time_point deadline,
                              const ExtraPoll* extra, int extra_count);

}  // namespace grader::protocol
