// Isolation for untrusted programs (student workers and the compiler that
// reads student files): which kernel mechanisms this machine allows, what a
// spawn asks for, and the one-line account of what was applied. The threat
// model and every mechanism, root and non-root, are in docs/security.md.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <set>
#include <string>
#include <vector>

namespace grader::sandbox {

/// What an untrusted child may touch. Everything not granted is denied where
/// the kernel allows it; what the kernel does not allow is reported.
struct Isolation {
  bool enabled = false;                  ///< false: a trusted program, none of this applies
  std::string who;                       ///< "worker", "compiler": names it in logs
  bool allow_uid_switch = true;          ///< false: keep the grader's uid even as root (see for_compiler)
  std::vector<std::string> read_paths;   ///< read beneath (files or folders)
  std::vector<std::string> exec_paths;   ///< read and execute beneath
  std::vector<std::string> write_paths;  ///< read, write, create and delete beneath; owned by the sandbox uid as root
};

/// The mechanisms this kernel and this user allow, probed once per process.
/// Each can be switched off for tests of the fallbacks with
/// GRADER_SANDBOX_DISABLE=name[,name...] (names as in kMechanisms).
struct Capabilities {
  bool root = false;               ///< effective uid 0: children can run as an unprivileged uid
  bool uid_switch = false;         ///< root and "uid" not disabled
  bool user_namespace = false;     ///< non-root: CLONE_NEWUSER works (needed for the next two)
  bool network_namespace = false;  ///< a new, empty network namespace
  bool pid_namespace = false;      ///< a new PID namespace: every descendant dies with the worker
  int landlock_abi = 0;            ///< 0: no Landlock (kernel < 5.13 or not enabled)
  bool seccomp = false;            ///< seccomp filters (with no_new_privs)
  bool subreaper = false;          ///< PR_SET_CHILD_SUBREAPER
  std::set<std::string> disabled;  ///< switched off by GRADER_SANDBOX_DISABLE
};

/// Mechanism names, for GRADER_SANDBOX_DISABLE and reports.
inline const std::vector<std::string> kMechanisms = {"uid", "userns", "netns", "pidns", "landlock", "seccomp", "subreaper"};

/// Probes on first use (a few syscalls and one short-lived child); thread-safe.
const Capabilities& capabilities();

/// First uid (and gid) of the range children run as when the grader is root:
/// kSandboxUidBase + the child's pid, so concurrent children never share a
/// uid (RLIMIT_NPROC then counts one child's processes, and one child cannot
/// signal or trace another). No passwd entry is needed.
inline constexpr uid_t kSandboxUidBase = 1500000000;

/// What a spawn will apply, decided in the parent from capabilities().
struct Plan {
  bool enabled = false;
  bool uid_switch = false;
  bool user_namespace = false;
  bool network_namespace = false;
  bool pid_namespace = false;
  int landlock_abi = 0;
  bool seccomp = false;
  std::size_t nproc_rlimit = 0;  ///< the RLIMIT_NPROC value set (0: none)
  std::string processes_note;    ///< how processes are limited, in words
  std::vector<std::string> unavailable;
};

Plan plan_for(const Isolation& isolation, std::size_t processes);

/// "unprivileged uid, network+pid namespaces, Landlock ABI 7 (files, TCP,
/// signals), seccomp (sockets, ptrace, signals), at most 32 processes;
/// not available: ..." (or "none (trusted program)").
std::string describe(const Plan& plan);

/// Folders and files every dynamically linked program reads: /usr, /lib*,
/// the loader cache, /dev/null and /dev/urandom. Only those that exist.
std::vector<std::string> system_read_paths();

/// The worker of a submission: reads the system libraries, executes only
/// itself (and the dynamic loader), writes only its working directory.
Isolation for_worker(const std::string& executable, const std::string& work_dir);

/// The compiler: executes the system toolchain, reads `inputs` (course
/// headers, objects, libraries) and writes only `work_dir`.
Isolation for_compiler(const std::vector<std::string>& inputs, const std::string& work_dir);

/// Can a process running as an unprivileged uid (no group in common) reach
/// and read `path`: every parent folder searchable by others, the file
/// readable by others?
bool readable_by_others(const std::string& path);

}  // namespace grader::sandbox
