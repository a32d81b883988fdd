// Landlock (Linux >= 5.13, unprivileged): the filesystem the child may use,
// and from ABI 4 TCP, from ABI 6 signals and abstract sockets. The ruleset is
// built in the parent, where paths can be opened and errors reported; the
// child only calls restrict_self() before exec.
#pragma once

#include <string>

#include "grader/sandbox/isolation.hpp"

namespace grader::sandbox::landlock {

/// The kernel's Landlock ABI version; 0 when unavailable.
int abi_version();

/// A ruleset file descriptor (O_CLOEXEC) granting `isolation`'s paths on top
/// of denying everything the ABI can express. Paths that do not exist are
/// skipped. Throws std::system_error naming the step that failed.
int make_ruleset(const Isolation& isolation, int abi);

/// Child side, async-signal-safe: enforces the ruleset on this process and
/// its future children. Needs no_new_privs (or CAP_SYS_ADMIN). 0 or -errno.
int restrict_self(int ruleset_fd);

/// "files", "files, TCP", "files, TCP, signals": what the ABI covers.
std::string coverage(int abi);

}  // namespace grader::sandbox::landlock
