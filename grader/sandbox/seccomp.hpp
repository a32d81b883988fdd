// A seccomp filter for untrusted children: no sockets (so no network even
// where namespaces are not allowed, and no local services), no tracing or
// reading other processes' memory, signals only to itself, no new
// namespaces, no io_uring (it would bypass the socket rule). Built in the
// parent; the child patches in its own pid and installs it just before exec.
#pragma once

#include <linux/filter.h>

#include <cstddef>
#include <vector>

namespace grader::sandbox::seccomp {

struct Filter {
  std::vector<sock_filter> code;
  std::vector<std::size_t> own_pid;      ///< instructions to compare with the child's pid
  std::vector<std::size_t> own_pgroup;   ///< instructions to compare with -pid (its process group)
};

/// Does this kernel take seccomp filters?
bool available();

Filter make_filter();

/// Child side, async-signal-safe: fills in getpid() and installs the filter
/// (no_new_privs must be set). 0 or -errno.
int install(Filter& filter);

}  // namespace grader::sandbox::seccomp
