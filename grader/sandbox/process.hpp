// Starting untrusted (or merely fallible) programs with limits: the compiler,
// the trusted suite runners and, most importantly, student workers.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "grader/sandbox/isolation.hpp"

namespace grader::sandbox {

/// Resource limits applied in the child before exec. 0 means "leave as is".
struct Limits {
  double cpu_seconds = 0;               ///< RLIMIT_CPU (SIGXCPU/SIGKILL past it)
  std::size_t address_space_bytes = 0;  ///< RLIMIT_AS: new/malloc fail past it
  std::size_t file_size_bytes = 0;      ///< RLIMIT_FSIZE: writes past it fail (SIGXFSZ ignored)
  std::size_t open_files = 0;           ///< RLIMIT_NOFILE
  /// Processes (and threads) the child may run. Without isolation: RLIMIT_NPROC
  /// as given (it counts all of the user's tasks). With isolation the sandbox
  /// sets RLIMIT_NPROC so the child gets this many of its own; see
  /// docs/security.md for root, user namespaces and the plain-user fallback.
  std::size_t processes = 0;
  bool allow_core_dumps = false;        ///< RLIMIT_CORE = 0 unless set
};

struct Spec {
  std::vector<std::string> argv;  ///< argv[0] is the executable path
  std::string working_dir;        ///< empty: inherit
  /// Complete environment of the child ("KEY=value"); nothing is inherited,
  /// so no GTEST_* or grader variables leak into student code.
  std::vector<std::string> env;
  Limits limits;
  /// Parent descriptors to hand to the child at the given numbers (child_fd, parent_fd).
  std::vector<std::pair<int, int>> pass_fds;
  /// Untrusted programs: own uid (as root), namespaces, Landlock, seccomp.
  /// Off by default (trusted programs such as the suites).
  Isolation isolation;
};

/// A running child in its own process group, with stdin from /dev/null and
/// stdout and stderr on pipes the parent must drain.
class Child {
 public:
  Child() = default;
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  Child(Child&& other) noexcept;
  Child& operator=(Child&& other) noexcept;
  ~Child();  ///< kills the whole process group if still running

  pid_t pid() const { return pid_; }
  int stdout_fd() const { return out_fd_; }
  int stderr_fd() const { return err_fd_; }
  bool running() const { return pid_ > 0; }
  /// What isolation the child got and what was not available (describe()).
  const std::string& isolation() const { return isolation_; }

  /// SIGKILL to the child's process group, then reap it.
  void kill();
  /// SIGUSR1 to the child's process group, without waiting: the worker's
  /// request to say where it is (grader/worker/fault_stack.hpp). The relay
  /// and init of a PID namespace ignore it. False when it could not be sent.
  bool request_stack() const;
  /// Non-blocking reap; true when the child has exited (status then valid).
  bool try_wait();
  /// Blocking reap.
  void wait();
  int raw_status() const { return status_; }

 private:
  friend Child spawn(const Spec& spec);
  void close_pipes();
  pid_t pid_ = -1;
  int out_fd_ = -1;
  int err_fd_ = -1;
  int status_ = 0;
  std::string isolation_;
};

/// Forks and execs spec.argv with the limits (and the isolation, when
/// enabled). Throws std::system_error when the process cannot be created or
/// an isolation step the kernel offers fails; an exec failure shows as exit
/// code 127.
Child spawn(const Spec& spec);

struct RunResult {
  int exit_code = -1;      ///< valid when signal == 0 and !timed_out
  int signal = 0;          ///< the signal that ended it, if any
  bool timed_out = false;  ///< killed for exceeding the wall-clock limit
  bool output_truncated = false;
  std::string out;  ///< first output_cap bytes of stdout
  std::string err;  ///< first output_cap bytes of stderr
  double seconds = 0;
  std::string isolation;  ///< Child::isolation()
  bool ok() const { return !timed_out && signal == 0 && exit_code == 0; }
};

/// Runs to completion (or the wall-clock limit), draining both pipes
/// concurrently so a chatty child never deadlocks; keeps at most output_cap
/// bytes of each stream and discards the rest.
RunResult run(const Spec& spec, std::chrono::milliseconds wall_limit, std::size_t output_cap);

/// One more pipe from the child, drained like stdout: the child writes to
/// descriptor `child_fd` (or opens /dev/fd/<child_fd>). Results sent this way
/// have no path that a program the child starts could guess and forge.
struct ExtraPipe {
  int child_fd = 3;
  std::string* into = nullptr;
  std::size_t cap = 0;
  bool truncated = false;
};
RunResult run(const Spec& spec, std::chrono::milliseconds wall_limit, std::size_t output_cap,
              std::vector<ExtraPipe>& extra);

/// "exited with status 3", "was killed by signal 11 (SIGSEGV: segmentation fault)".
std::string describe_status(int raw_wait_status);
std::string describe_signal(int signal);

/// Appends up to `cap` bytes read from fd to `into` (reading and discarding past
/// the cap); adds the bytes read, kept or not, to *bytes_read when given.
/// Returns false on end of file.
bool drain_into(int fd, std::string& into, std::size_t cap, bool& truncated, std::size_t* bytes_read = nullptr);

/// A minimal environment for children: PATH, LANG=C, HOME=working dir.
std::vector<std::string> clean_environment(const std::string& home);

}  // namespace grader::sandbox
