// Starting untrusted (or merely fallible) programs with limits: the compiler,
// the trusted suite runners and, most importantly, student workers.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace grader::sandbox {

/// Resource limits applied in the child before exec. 0 means "leave as is".
struct Limits {
  double cpu_seconds = 0;               ///< RLIMIT_CPU (SIGXCPU/SIGKILL past it)
  std::size_t address_space_bytes = 0;  ///< RLIMIT_AS: new/malloc fail past it
  std::size_t file_size_bytes = 0;      ///< RLIMIT_FSIZE: writes past it fail (SIGXFSZ ignored)
  std::size_t open_files = 0;           ///< RLIMIT_NOFILE
  std::size_t processes = 0;            ///< RLIMIT_NPROC (per user; see docs/security.md)
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

  /// SIGKILL to the child's process group, then reap it.
  void kill();
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
};

/// Forks and execs spec.argv with the limits. Throws std::system_error when
/// the process cannot be created; an exec failure shows as exit code 127.
Child spawn(const Spec& spec);

struct RunResult {
  int exit_code = -1;      ///< valid when signal == 0 and !timed_out
  int signal = 0;          ///< the signal that ended it, if any
  bool timed_out = false;  ///< killed for exceeding the wall-clock limit
  bool output_truncated = false;
  std::string out;  ///< first output_cap bytes of stdout
  std::string err;  ///< first output_cap bytes of stderr
  double seconds = 0;
  bool ok() const { return !timed_out && signal == 0 && exit_code == 0; }
};

/// Runs to completion (or the wall-clock limit), draining both pipes
/// concurrently so a chatty child never deadlocks; keeps at most output_cap
/// bytes of each stream and discards the rest.
RunResult run(const Spec& spec, std::chrono::milliseconds wall_limit, std::size_t output_cap);

/// "exited with status 3", "was killed by signal 11 (SIGSEGV: segmentation fault)".
std::string describe_status(int raw_wait_status);
std::string describe_signal(int signal);

/// Appends up to `cap` bytes read from fd to `into` (reading and discarding past
/// the cap). Returns false on end of file.
bool drain_into(int fd, std::string& into, std::size_t cap, bool& truncated);

/// A minimal environment for children: PATH, LANG=C, HOME=working dir.
std::vector<std::string> clean_environment(const std::string& home);

}  // namespace grader::sandbox
