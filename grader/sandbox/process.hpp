// Starting untrusted (or merely fallible) programs with limits: the compiler,
// the trusted suite runners and, most importantly, student workers.
#pragma once

#include <sys/resource.h>
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

/// How a child ended, as data (as isolate's meta file says it), so that no
/// caller guesses a limit from a signal number.
enum class EndStatus {
  ok,            ///< exited with status 0
  exited,        ///< exited with another status
  signalled,     ///< ended by a signal that none of the limits below explains
  time_limit,    ///< past its CPU time limit: SIGXCPU, or the SIGKILL one second later
  wall_limit,    ///< stopped by the parent at its wall-clock limit
  memory_limit,  ///< ended by a signal at its memory limit: past RLIMIT_AS an allocation fails
                 ///< (std::bad_alloc, abort, a null pointer), so a signal with the peak memory at
                 ///< 3/4 or more of the address-space limit is the limit's
  output_limit,  ///< stopped by the parent for printing too much
};
/// "ok", "exited", "signalled", "time limit", "wall limit", "memory limit", "output limit".
const char* to_string(EndStatus status);

/// What ended a child, from its wait status, its resource use (wait4) and
/// its limits; `stopped_for` is why the parent killed it (ok: it did not;
/// signalled: it did, for no limit).
EndStatus end_status(int raw_wait_status, double cpu_seconds, std::size_t peak_memory_bytes, const Limits& limits,
                     EndStatus stopped_for);

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
  /// kill(), saying why: the limit (wall_limit, output_limit) end_status() then names.
  void stop(EndStatus why);
  /// SIGUSR1 to the child's process group, without waiting: the worker's
  /// request to say where it is (grader/worker/fault_stack.hpp). The relay
  /// and init of a PID namespace ignore it. False when it could not be sent.
  bool request_stack() const;
  /// Non-blocking reap; true when the child has exited (status then valid).
  bool try_wait();
  /// Blocking reap.
  void wait();
  int raw_status() const { return status_; }
  /// Once reaped: how it ended, the CPU time it used and its peak resident
  /// memory, its descendants' included (wait4).
  EndStatus end_status() const;
  double cpu_seconds() const { return cpu_seconds_; }
  std::size_t peak_memory_bytes() const { return peak_memory_bytes_; }

 private:
  friend Child spawn(const Spec& spec);
  void close_pipes();
  pid_t pid_ = -1;
  int out_fd_ = -1;
  int err_fd_ = -1;
  void reaped(int status, const struct rusage& usage);
  int status_ = 0;
  double cpu_seconds_ = 0;
  std::size_t peak_memory_bytes_ = 0;
  Limits limits_;
  EndStatus stopped_for_ = EndStatus::ok;
  std::string isolation_;
};

/// Forks and execs spec.argv with the limits (and the isolation, when
/// enabled). Throws std::system_error when the process cannot be created or
/// an isolation step the kernel offers fails; an exec failure shows as exit
/// code 127.
Child spawn(const Spec& spec);

struct RunResult {
  EndStatus status = EndStatus::ok;  ///< how it ended (Child::end_status())
  int exit_code = -1;      ///< valid when signal == 0 and !timed_out
  int signal = 0;          ///< the signal that ended it, if any
  bool timed_out = false;  ///< killed for exceeding the wall-clock limit (status wall_limit)
  bool output_truncated = false;
  std::string out;  ///< first output_cap bytes of stdout
  std::string err;  ///< first output_cap bytes of stderr
  double seconds = 0;              ///< wall-clock time
  double cpu_seconds = 0;          ///< user and system time, its descendants' included
  std::size_t peak_memory_bytes = 0;  ///< peak resident memory (the largest of it and its descendants)
  std::string isolation;  ///< Child::isolation()
  bool ok() const { return status == EndStatus::ok; }
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
