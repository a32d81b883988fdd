#include "grader/sandbox/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

namespace grader::sandbox {
namespace {

void set_limit(int resource, rlim_t value) {
  rlimit r{value, value};
  setrlimit(resource, &r);
}

// Runs in the forked child: only async-signal-safe calls until exec.
[[noreturn]] void exec_child(const Spec& spec, char* const* argv, char* const* envp, int out_w, int err_w) {
  setpgid(0, 0);
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
  int keep_max = 2;
  for (const auto& p : spec.pass_fds) keep_max = std::max(keep_max, p.first);
  for (int fd = 3; fd < 1024; ++fd) {
    bool keep = false;
    for (const auto& p : spec.pass_fds) keep = keep || p.first == fd;
    if (!keep) close(fd);
  }
  (void)keep_max;
  if (!spec.working_dir.empty() && chdir(spec.working_dir.c_str()) != 0) _exit(126);
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
  if (l.processes) set_limit(RLIMIT_NPROC, l.processes);
  // Restore default dispositions the grader may have changed.
  signal(SIGPIPE, SIG_DFL);
  execve(argv[0], argv, envp);
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

void Child::kill() {
  if (pid_ <= 0) return;
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);
  wait();
}

bool Child::try_wait() {
  if (pid_ <= 0) return true;
  int st = 0;
  pid_t r = ::waitpid(pid_, &st, WNOHANG);
  if (r == pid_) {
    status_ = st;
    ::kill(-pid_, SIGKILL);  // leftovers in the group die with the child
    pid_ = -1;
    return true;
  }
  return false;
}

void Child::wait() {
  if (pid_ <= 0) return;
  int st = 0;
  while (::waitpid(pid_, &st, 0) < 0 && errno == EINTR) {
  }
  status_ = st;
  ::kill(-pid_, SIGKILL);
  pid_ = -1;
}

Child spawn(const Spec& spec) {
  if (spec.argv.empty()) throw std::invalid_argument("spawn: empty argv");
  std::vector<char*> argv, envp;
  for (const auto& a : spec.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  for (const auto& e : spec.env) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);

  int out[2], err[2];
  if (pipe2(out, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
  if (pipe2(err, O_CLOEXEC) != 0) {
    close(out[0]);
    close(out[1]);
    throw std::system_error(errno, std::generic_category(), "pipe");
  }
  pid_t pid = fork();
  if (pid < 0) {
    int e = errno;
    for (int fd : {out[0], out[1], err[0], err[1]}) close(fd);
    throw std::system_error(e, std::generic_category(), "fork");
  }
  if (pid == 0) exec_child(spec, argv.data(), envp.data(), out[1], err[1]);
  setpgid(pid, pid);  // also from the parent, so kill(-pid) works at once
  close(out[1]);
  close(err[1]);
  Child child;
  child.pid_ = pid;
  child.out_fd_ = out[0];
  child.err_fd_ = err[0];
  return child;
}

bool drain_into(int fd, std::string& into, std::size_t cap, bool& truncated) {
  char buf[65536];
  ssize_t n = ::read(fd, buf, sizeof buf);
  if (n < 0) return errno == EINTR || errno == EAGAIN;
  if (n == 0) return false;
  std::size_t room = into.size() < cap ? cap - into.size() : 0;
  std::size_t take = std::min<std::size_t>(room, static_cast<std::size_t>(n));
  into.append(buf, take);
  if (take < static_cast<std::size_t>(n)) truncated = true;
  return true;
}

RunResult run(const Spec& spec, std::chrono::milliseconds wall_limit, std::size_t output_cap) {
  RunResult result;
  auto start = std::chrono::steady_clock::now();
  auto deadline = start + wall_limit;
  Child child = spawn(spec);
  bool out_open = true, err_open = true;
  while (out_open || err_open) {
    pollfd fds[2] = {{out_open ? child.stdout_fd() : -1, POLLIN, 0}, {err_open ? child.stderr_fd() : -1, POLLIN, 0}};
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      result.timed_out = true;
      break;
    }
    int r = poll(fds, 2, static_cast<int>(std::min<long long>(left.count(), 60000)));
    if (r < 0 && errno != EINTR) break;
    if (fds[0].revents) out_open = drain_into(child.stdout_fd(), result.out, output_cap, result.output_truncated);
    if (fds[1].revents) err_open = drain_into(child.stderr_fd(), result.err, output_cap, result.output_truncated);
  }
  if (result.timed_out) {
    child.kill();
  } else {
    // Pipes closed; the child may still be running (it closed its outputs),
    // so keep honouring the deadline while waiting for it.
    while (!child.try_wait()) {
      if (std::chrono::steady_clock::now() >= deadline) {
        result.timed_out = true;
        child.kill();
        break;
      }
      usleep(2000);
    }
  }
  int st = child.raw_status();
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
