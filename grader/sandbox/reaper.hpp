// Every process an untrusted child starts dies with it. A child subreaper
// inherits the orphans of its descendants (a daemon that double-forks and
// calls setsid() included); sweep_orphans() kills and reaps every child of
// this process that spawn() did not start and is not still tracking. Where a
// PID namespace is allowed, its init going away kills the rest anyway.
#pragma once

#include <sys/types.h>

#include <mutex>

namespace grader::sandbox {

/// Makes this process a child subreaper (once; a no-op where unavailable or
/// disabled). Returns whether it is one.
bool become_subreaper();

/// SIGKILLs and reaps every child not started by spawn() (or already reaped
/// by its Child), repeating until none is left. Returns how many died.
int sweep_orphans();

namespace detail {
/// spawn() holds this across fork() and the registration, so a sweep never
/// mistakes a child that is being started for an orphan.
std::mutex& spawn_mutex();
void track(pid_t pid);   ///< caller holds spawn_mutex()
void untrack(pid_t pid);
}  // namespace detail

}  // namespace grader::sandbox
