// Who the child runs as. As root: an unprivileged uid and gid of its own
// (kSandboxUidBase + pid, no supplementary groups), so RLIMIT_NPROC applies
// and it owns nothing of the grader's. As a normal user: the same uid, in a
// new user namespace where the kernel allows one (it makes network and PID
// namespaces possible without privileges).
#pragma once

#include <sys/types.h>

#include <cstddef>

namespace grader::sandbox::identity {

/// Child side, async-signal-safe. Each returns 0 or -errno.
int own_work_dir(const char* path, uid_t uid);   ///< chown to uid:uid, mode 0700
int enter_user_namespace(uid_t uid, gid_t gid);  ///< unshare + map uid and gid to themselves
int switch_to(uid_t uid);                        ///< setgroups([]), setresgid, setresuid

/// Tasks (processes and threads) the user runs now: what RLIMIT_NPROC counts
/// when no namespace or uid of its own separates a child from its user.
std::size_t tasks_of_user(uid_t uid);

}  // namespace grader::sandbox::identity
