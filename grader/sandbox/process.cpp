#include "grader/sandbox/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <system_error>

#include "grader/sandbox/identity.hpp"
#include "grader/sandbox/landlock.hpp"
#include "grader/sandbox/reaper.hpp"
#include "grader/sandbox/seccomp.hpp"
#include "grader/util/fd.hpp"

namespace grader::sandbox {
namespace {

void set_limit(int resource, rlim_t value) {
  rlimit r{value, value};
  setrlimit(resource, &r);
}

// The isolation steps, so a failure in the child can be named in the parent.
enum class Step : std::int32_t { chown_work_dir = 1, user_namespace, namespaces, switch_uid, no_new_privs, parent_died,
                                 relay, landlock, seccomp };

const char* step_text(Step s) {
  switch (s) {
    case Step::chown_work_dir: return "giving the working folder to the sandbox uid";
    case Step::user_namespace: return "entering a user namespace";
    case Step::namespaces: return "creating network/PID namespaces";
    case Step::switch_uid: return "switching to the sandbox uid";
    case Step::no_new_privs: return "setting no_new_privs";
    case Step::parent_died: return "starting (the parent went away)";
    case Step::relay: return "starting the PID namespace";
    case Step::landlock: return "applying the Landlock rules";
    case Step::seccomp: return "installing the seccomp filter";
  }
  return "setting up the sandbox";
}

struct ChildReport {
  std::int32_t step;
  std::int32_t error;
};

// Everything the child needs, prepared in the parent: after fork() only
// async-signal-safe calls are allowed (the grader has threads).
struct Prepared {
  Plan plan;
  int report_fd = -1;   // write end, close-on-exec: EOF at exec means success
  int ruleset_fd = -1;  // Landlock
  int exe_fd = -1;      // O_PATH to argv[0]: exec needs no search permission on its folders
  std::optional<seccomp::Filter> filter;
  std::vector<const char*> own_dirs;  // chowned to the sandbox uid (root only)
  uid_t uid = 0;
  gid_t gid = 0;
  pid_t parent = 0;
};

[[noreturn]] void fail(const Prepared& p, Step step, int error) {
  ChildReport r{static_cast<std::int32_t>(step), error < 0 ? -error : error};
  if (p.report_fd >= 0) {
    ssize_t ignored = ::write(p.report_fd, &r, sizeof r);
    (void)ignored;
  }
  _exit(125);
}

// Closes every descriptor not in `keep` (sorted ascending).
void close_all_but(const int* keep, std::size_t n) {
  int from = 0;
  for (std::size_t i = 0; i <= n; ++i) {
    int to = i < n ? keep[i] - 1 : INT32_MAX;
    if (to >= from) {
      if (::syscall(SYS_close_range, static_cast<unsigned>(from), static_cast<unsigned>(to), 0) != 0) {
        int last = std::min(to, 65535);
        for (int fd = from; fd <= last; ++fd) ::close(fd);
      }
    }
    if (i < n) from = keep[i] + 1;
  }
}

// Gives up the standard and passed descriptors (the relays of a PID
// namespace must not hold the worker's pipes open).
void drop_io(const Spec& spec) {
  int devnull = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  for (int fd : {1, 2}) devnull >= 0 ? (void)::dup2(devnull, fd) : (void)::close(fd);
  for (const auto& p : spec.pass_fds) ::close(p.first);
}

// The relay outside the PID namespace ends the way the worker ended, so the
// parent sees the worker's exit code or signal.
[[noreturn]] void end_like(int status) {
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    ::signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, nullptr);
    ::raise(sig);
    _exit(128 + sig);
  }
  _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 125);
}

// Process 1 of the new PID namespace: starts the worker, reaps whatever is
// orphaned inside, and leaves when the worker does (the kernel then kills
// everything left in the namespace). Returns in the worker.
void run_namespace_init(const Spec& spec, Prepared& p, int status_w) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  pid_t worker = ::fork();
  if (worker < 0) fail(p, Step::relay, errno);
  if (worker == 0) {
    ::close(status_w);
    return;
  }
  ::close(p.report_fd);
  if (p.ruleset_fd >= 0) ::close(p.ruleset_fd);
  drop_io(spec);
  ::signal(SIGUSR1, SIG_IGN);  // Child::request_stack() is for the worker (set after its fork: it keeps the default)
  for (;;) {
    int st = 0;
    pid_t r = ::waitpid(-1, &st, 0);
    if (r == worker) {
      ssize_t ignored = ::write(status_w, &st, sizeof st);
      (void)ignored;
      _exit(0);
    }
    if (r < 0 && errno != EINTR) _exit(125);
  }
}

// Runs in the forked child: only async-signal-safe calls until exec.
[[noreturn]] void exec_child(const Spec& spec, char* const* argv, char* const* envp, int out_w, int err_w, Prepared& p) {
  setpgid(0, 0);
  const bool isolate = p.plan.enabled;
  // Out of the way of the numbers the passed descriptors are moved to.
  if (p.report_fd >= 0) p.report_fd = ::fcntl(p.report_fd, F_DUPFD_CLOEXEC, 300);
  if (p.ruleset_fd >= 0) p.ruleset_fd = ::fcntl(p.ruleset_fd, F_DUPFD_CLOEXEC, 300);
  if (p.exe_fd >= 0) p.exe_fd = ::fcntl(p.exe_fd, F_DUPFD_CLOEXEC, 300);
  int devnull = open("/dev/null", O_RDONLY);
  if (devnull >= 0) dup2(devnull, 0);
  dup2(out_w, 1);
  dup2(err_w, 2);
  // Move passed descriptors to their numbers (via high temporaries so one
  // mapping cannot clobber the source of another).
  int temp_base = 200;
  for (std::size_t i = 0; i < spec.pass_fds.size(); ++i) dup2(spec.pass_fds[i].second, temp_base + static_cast<int>(i));
  for (std::size_t i = 0; i < spec.pass_fds.size(); ++i) dup2(temp_base + static_cast<int>(i), spec.pass_fds[i].first);
  // Close everything else so the child inherits nothing of the grader's.
  int keep[64];
  std::size_t n = 0;
  for (int fd : {0, 1, 2, p.report_fd, p.ruleset_fd, p.exe_fd})
    if (fd >= 0) keep[n++] = fd;
  for (const auto& pf : spec.pass_fds)
    if (n < 64) keep[n++] = pf.first;
  std::sort(keep, keep + n);
  n = static_cast<std::size_t>(std::unique(keep, keep + n) - keep);
  close_all_but(keep, n);
  if (!spec.working_dir.empty() && chdir(spec.working_dir.c_str()) != 0) _exit(126);

  uid_t sandbox_uid = 0;
  if (isolate) {
    if (p.plan.uid_switch) {
      sandbox_uid = kSandboxUidBase + static_cast<uid_t>(::getpid());
      for (const char* dir : p.own_dirs)
        if (int r = identity::own_work_dir(dir, sandbox_uid); r != 0) fail(p, Step::chown_work_dir, r);
    }
    if (p.plan.user_namespace)
      if (int r = identity::enter_user_namespace(p.uid, p.gid); r != 0) fail(p, Step::user_namespace, r);
    int flags = (p.plan.network_namespace ? CLONE_NEWNET : 0) | (p.plan.pid_namespace ? CLONE_NEWPID : 0);
    if (flags && ::unshare(flags) != 0) fail(p, Step::namespaces, errno);
    if (p.plan.uid_switch)
      if (int r = identity::switch_to(sandbox_uid); r != 0) fail(p, Step::switch_uid, r);
  }

  const Limits& l = spec.limits;
  if (!l.allow_core_dumps) set_limit(RLIMIT_CORE, 0);
  if (l.cpu_seconds > 0) {
    rlim_t soft = static_cast<rlim_t>(l.cpu_seconds + 0.999);
    rlimit r{soft, soft + 1};  // SIGXCPU at soft, SIGKILL one second later
    setrlimit(RLIMIT_CPU, &r);
  }
  if (l.address_space_bytes) set_limit(RLIMIT_AS, l.address_space_bytes);
  if (l.file_size_bytes) {
    set_limit(RLIMIT_FSIZE, l.file_size_bytes);
    signal(SIGXFSZ, SIG_IGN);  // a write past the limit fails with EFBIG instead of killing
  }
  if (l.open_files) set_limit(RLIMIT_NOFILE, l.open_files);
  if (p.plan.nproc_rlimit) set_limit(RLIMIT_NPROC, p.plan.nproc_rlimit);
  // Restore default dispositions the grader may have changed.
  signal(SIGPIPE, SIG_DFL);

  // No child outlives the process that watches it: a grader or suite killed
  // part-way takes its compilers, suites and workers with it.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  if (::getppid() != p.parent) {
    if (isolate) fail(p, Step::parent_died, ESRCH);
    _exit(125);
  }
  if (isolate) {
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) fail(p, Step::no_new_privs, errno);
    if (p.plan.pid_namespace) {
      int status[2];
      if (::pipe2(status, O_CLOEXEC) != 0) fail(p, Step::relay, errno);
      pid_t init = ::fork();
      if (init < 0) fail(p, Step::relay, errno);
      if (init == 0) {
        ::close(status[0]);
        run_namespace_init(spec, p, status[1]);  // returns in the worker
      } else {
        ::close(status[1]);
        ::close(p.report_fd);
        if (p.ruleset_fd >= 0) ::close(p.ruleset_fd);
        if (p.exe_fd >= 0) ::close(p.exe_fd);
        drop_io(spec);
        ::signal(SIGUSR1, SIG_IGN);  // Child::request_stack() is for the worker
        int init_status = 0, worker_status = 0;
        while (::waitpid(init, &init_status, 0) < 0 && errno == EINTR) {
        }
        ssize_t got = ::read(status[0], &worker_status, sizeof worker_status);
        end_like(got == static_cast<ssize_t>(sizeof worker_status) ? worker_status : init_status);
      }
    }
    if (p.ruleset_fd >= 0) {
      if (int r = landlock::restrict_self(p.ruleset_fd); r != 0) fail(p, Step::landlock, r);
      ::close(p.ruleset_fd);
    }
    if (p.filter)
      if (int r = seccomp::install(*p.filter); r != 0) fail(p, Step::seccomp, r);
  }
  if (p.exe_fd >= 0) ::syscall(SYS_execveat, p.exe_fd, "", argv, envp, AT_EMPTY_PATH);
  else execve(argv[0], argv, envp);
  _exit(127);
}

}  // namespace

Child::Child(Child&& o) noexcept { *this = std::move(o); }
Child& Child::operator=(Child&& o) noexcept {
  if (this != &o) {
    kill();
    close_pipes();
    pid_ = std::exchange(o.pid_, -1);
    out_fd_ = std::exchange(o.out_fd_, -1);
    err_fd_ = std::exchange(o.err_fd_, -1);
    status_ = o.status_;
    cpu_seconds_ = o.cpu_seconds_;
    peak_memory_bytes_ = o.peak_memory_bytes_;
    limits_ = o.limits_;
    stopped_for_ = o.stopped_for_;
    isolation_ = std::move(o.isolation_);
  }
  return *this;
}
Child::~Child() {
  kill();
  close_pipes();
}

void Child::close_pipes() {
  if (out_fd_ >= 0) ::close(out_fd_);
  if (err_fd_ >= 0) ::close(err_fd_);
  out_fd_ = err_fd_ = -1;
}

bool Child::request_stack() const { return pid_ > 0 && ::kill(-pid_, SIGUSR1) == 0; }

void Child::kill() {
  if (pid_ <= 0) return;
  if (stopped_for_ == EndStatus::ok) stopped_for_ = EndStatus::signalled;
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);
  wait();
}

void Child::stop(EndStatus why) {
  if (pid_ > 0) stopped_for_ = why;
  kill();
}

void Child::reaped(int status, const struct rusage& usage) {
  status_ = status;
  cpu_seconds_ = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                 static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  peak_memory_bytes_ = static_cast<std::size_t>(usage.ru_maxrss) * 1024;  // ru_maxrss is in KiB
  ::kill(-pid_, SIGKILL);  // leftovers in the group die with the child
  detail::untrack(pid_);
  pid_ = -1;
}

bool Child::try_wait() {
  if (pid_ <= 0) return true;
  int st = 0;
  struct rusage usage {};
  if (::wait4(pid_, &st, WNOHANG, &usage) != pid_) return false;
  reaped(st, usage);
  return true;
}

void Child::wait() {
  if (pid_ <= 0) return;
  int st = 0;
  struct rusage usage {};
  while (::wait4(pid_, &st, 0, &usage) < 0 && errno == EINTR) {
  }
  reaped(st, usage);
}

EndStatus Child::end_status() const {
  return sandbox::end_status(status_, cpu_seconds_, peak_memory_bytes_, limits_, stopped_for_);
}

const char* to_string(EndStatus status) {
  switch (status) {
    case EndStatus::ok: return "ok";
    case EndStatus::exited: return "exited";
    case EndStatus::signalled: return "signalled";
    case EndStatus::time_limit: return "time limit";
    case EndStatus::wall_limit: return "wall limit";
    case EndStatus::memory_limit: return "memory limit";
    case EndStatus::output_limit: return "output limit";
  }
  return "signalled";
}

EndStatus end_status(int st, double cpu_seconds, std::size_t peak_memory_bytes, const Limits& limits,
                     EndStatus stopped_for) {
  if (stopped_for == EndStatus::wall_limit || stopped_for == EndStatus::output_limit) return stopped_for;
  if (WIFEXITED(st)) return WEXITSTATUS(st) == 0 ? EndStatus::ok : EndStatus::exited;
  if (!WIFSIGNALED(st)) return EndStatus::signalled;
  const int sig = WTERMSIG(st);
  if (sig == SIGKILL && stopped_for == EndStatus::signalled) return EndStatus::signalled;  // the parent's own kill
  // RLIMIT_CPU: SIGXCPU at the soft limit, SIGKILL at the hard one, a second later.
  const bool cpu_spent = limits.cpu_seconds > 0 && cpu_seconds >= limits.cpu_seconds;
  if (sig == SIGXCPU || (sig == SIGKILL && cpu_spent)) return EndStatus::time_limit;
  // Past RLIMIT_AS an allocation fails (std::bad_alloc, abort, a null
  // pointer): the signal that follows is the memory limit's when the child
  // had come close to it.
  if (limits.address_space_bytes > 0 && peak_memory_bytes >= limits.address_space_bytes / 4 * 3)
    return EndStatus::memory_limit;
  // Any other SIGKILL (the system's out-of-memory killer, a kill by hand)
  // is no limit of ours: said as it is.
  return EndStatus::signalled;
}

Child spawn(const Spec& spec) {
  if (spec.argv.empty()) throw std::invalid_argument("spawn: empty argv");
  std::vector<char*> argv, envp;
  for (const auto& a : spec.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  for (const auto& e : spec.env) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);

  Prepared prep;
  prep.plan = plan_for(spec.isolation, spec.limits.processes);
  prep.parent = ::getpid();
  prep.uid = ::getuid();
  prep.gid = ::getgid();
  // The parent's copies of what only the child needs: closed on every way
  // out of here, the errors included.
  util::Fd ruleset, exe, report_r, report_w;
  if (prep.plan.enabled) {
    if (prep.plan.landlock_abi) ruleset = util::Fd(landlock::make_ruleset(spec.isolation, prep.plan.landlock_abi));
    if (prep.plan.seccomp) prep.filter = seccomp::make_filter();
    exe = util::Fd(::open(argv[0], O_PATH | O_CLOEXEC));  // missing: execve fails below, exit 127
    if (prep.plan.uid_switch)
      for (const auto& d : spec.isolation.write_paths) prep.own_dirs.push_back(d.c_str());
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
    report_r = util::Fd(report[0]);
    report_w = util::Fd(report[1]);
  }
  prep.ruleset_fd = ruleset.get();
  prep.exe_fd = exe.get();
  prep.report_fd = report_w.get();

  int out[2], err[2];
  if (pipe2(out, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
  util::Fd out_r(out[0]), out_w(out[1]);
  if (pipe2(err, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
  util::Fd err_r(err[0]), err_w(err[1]);
  pid_t pid;
  {
    std::lock_guard<std::mutex> lock(detail::spawn_mutex());
    pid = fork();
    if (pid == 0) exec_child(spec, argv.data(), envp.data(), out[1], err[1], prep);
    if (pid > 0) detail::track(pid);
  }
  if (pid < 0) throw std::system_error(errno, std::generic_category(), "fork");
  setpgid(pid, pid);  // also from the parent, so kill(-pid) works at once
  out_w.reset();
  err_w.reset();
  Child child;
  child.pid_ = pid;
  child.out_fd_ = out_r.release();
  child.err_fd_ = err_r.release();
  child.limits_ = spec.limits;
  if (prep.plan.enabled) {
    report_w.reset();
    // The child reports a failed step, or execs (closing its end: EOF).
    ChildReport r{};
    ssize_t got;
    while ((got = ::read(report_r.get(), &r, sizeof r)) < 0 && errno == EINTR) {
    }
    if (got == static_cast<ssize_t>(sizeof r)) {
      child.wait();
      throw std::system_error(r.error, std::generic_category(),
                              std::string("sandbox: ") + step_text(static_cast<Step>(r.step)) + " failed");
    }
    child.isolation_ = describe(prep.plan);
  }
  return child;
}

bool drain_into(int fd, std::string& into, std::size_t cap, bool& truncated, std::size_t* bytes_read) {
  char buf[65536];
  ssize_t n = ::read(fd, buf, sizeof buf);
  if (n < 0) return errno == EINTR || errno == EAGAIN;
  if (n == 0) return false;
  if (bytes_read) *bytes_read += static_cast<std::size_t>(n);
  std::size_t room = into.size() < cap ? cap - into.size() : 0;
  std::size_t take = std::min<std::size_t>(room, static_cast<std::size_t>(n));
  into.append(buf, take);
  if (take < static_cast<std::size_t>(n)) truncated = true;
  return true;
}

RunResult run(const Spec& spec, std::chrono::milliseconds wall_limit, std::size_t output_cap) {
  std::vector<ExtraPipe> none;
  return run(spec, wall_limit, output_cap, none);
}

RunResult run(const Spec& given, std::chrono::milliseconds wall_limit, std::size_t output_cap, std::vector<ExtraPipe>& extra) {
  RunResult result;
  auto start = std::chrono::steady_clock::now();
  auto deadline = start + wall_limit;
  Spec spec = given;
  std::vector<util::Fd> extra_read, extra_write;  // parallel to `extra`
  for (const auto& e : extra) {
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
    extra_read.emplace_back(p[0]);
    extra_write.emplace_back(p[1]);
    spec.pass_fds.emplace_back(e.child_fd, p[1]);
  }
  Child child = spawn(spec);
  extra_write.clear();  // the child has its own copies: EOF comes when it closes them
  result.isolation = child.isolation();

  std::vector<pollfd> fds(2 + extra.size());
  std::vector<bool> open(fds.size(), true);
  auto any_open = [&]() { return std::find(open.begin(), open.end(), true) != open.end(); };
  // Once the child has exited (its group is then killed), what is still
  // holding the pipes (a detached descendant) gets a short grace, no more.
  bool exited = false;
  auto grace_end = deadline;
  while (any_open()) {
    for (std::size_t i = 0; i < fds.size(); ++i) {
      int fd = i == 0 ? child.stdout_fd() : i == 1 ? child.stderr_fd() : extra_read[i - 2].get();
      fds[i] = {open[i] ? fd : -1, POLLIN, 0};
    }
    auto now = std::chrono::steady_clock::now();
    if (!exited && child.try_wait()) {
      exited = true;
      grace_end = std::min(deadline, now + std::chrono::milliseconds(250));
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>((exited ? grace_end : deadline) - now);
    if (left.count() <= 0) {
      if (!exited) result.timed_out = true;
      break;
    }
    int r = poll(fds.data(), fds.size(), static_cast<int>(std::min<long long>(left.count(), exited ? 250 : 100)));
    if (r < 0 && errno != EINTR) break;
    if (fds[0].revents) open[0] = drain_into(child.stdout_fd(), result.out, output_cap, result.output_truncated);
    if (fds[1].revents) open[1] = drain_into(child.stderr_fd(), result.err, output_cap, result.output_truncated);
    for (std::size_t i = 0; i < extra.size(); ++i)
      if (fds[2 + i].revents) open[2 + i] = drain_into(extra_read[i].get(), *extra[i].into, extra[i].cap, extra[i].truncated);
  }
  extra_read.clear();
  if (result.timed_out) {
    child.stop(EndStatus::wall_limit);
  } else if (!exited) {
    // Pipes closed; the child may still be running (it closed its outputs),
    // so keep honouring the deadline while waiting for it.
    while (!child.try_wait()) {
      if (std::chrono::steady_clock::now() >= deadline) {
        result.timed_out = true;
        child.stop(EndStatus::wall_limit);
        break;
      }
      usleep(2000);
    }
  }
  int st = child.raw_status();
  result.status = child.end_status();
  result.cpu_seconds = child.cpu_seconds();
  result.peak_memory_bytes = child.peak_memory_bytes();
  if (!result.timed_out) {
    if (WIFEXITED(st)) result.exit_code = WEXITSTATUS(st);
    if (WIFSIGNALED(st)) result.signal = WTERMSIG(st);
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

std::string describe_signal(int sig) {
  const char* name = sigabbrev_np(sig);
  const char* text = sigdescr_np(sig);
  std::string s = "signal " + std::to_string(sig);
  if (name) s += std::string(" (SIG") + name + (text ? std::string(": ") + text : std::string()) + ")";
  return s;
}

std::string describe_status(int st) {
  if (WIFEXITED(st)) return "exited with status " + std::to_string(WEXITSTATUS(st));
  if (WIFSIGNALED(st)) return "was killed by " + describe_signal(WTERMSIG(st));
  return "ended with wait status " + std::to_string(st);
}

std::vector<std::string> clean_environment(const std::string& home) {
  return {"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "HOME=" + home, "TMPDIR=" + home};
}

}  // namespace grader::sandbox
