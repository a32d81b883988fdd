#include "grader/sandbox/reaper.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "grader/sandbox/isolation.hpp"

namespace grader::sandbox {
namespace {

// Never destroyed: a WorkerClient held in a static (the suites' student())
// stops its worker during exit, after function-local statics constructed
// later than it are gone.
std::multiset<pid_t>& tracked() {
  static auto* pids = new std::multiset<pid_t>;
  return *pids;
}

// Children of this process, from /proc/<pid>/stat ("pid (comm) S ppid ...").
std::vector<pid_t> children() {
  std::vector<pid_t> out;
  const pid_t self = ::getpid();
  DIR* proc = ::opendir("/proc");
  if (!proc) return out;
  while (dirent* e = ::readdir(proc)) {
    char* end = nullptr;
    long pid = std::strtol(e->d_name, &end, 10);
    if (pid <= 0 || *end != '\0') continue;
    std::string path = std::string("/proc/") + e->d_name + "/stat";
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    char buf[512];
    ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0) continue;
    buf[n] = '\0';
    std::string text(buf, static_cast<std::size_t>(n));
    auto close = text.rfind(')');
    if (close == std::string::npos || close + 4 >= text.size()) continue;
    long ppid = std::strtol(text.c_str() + close + 4, nullptr, 10);  // skip ") S "
    if (ppid == self) out.push_back(static_cast<pid_t>(pid));
  }
  ::closedir(proc);
  return out;
}

}  // namespace

namespace detail {
std::mutex& spawn_mutex() {
  static auto* m = new std::mutex;  // never destroyed, like tracked()
  return *m;
}
void track(pid_t pid) { tracked().insert(pid); }
void untrack(pid_t pid) {
  std::lock_guard<std::mutex> lock(spawn_mutex());
  auto it = tracked().find(pid);
  if (it != tracked().end()) tracked().erase(it);
}
}  // namespace detail

bool become_subreaper() {
  static const bool is = [] {
    if (!capabilities().subreaper) return false;
    return ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
  }();
  return is;
}

int sweep_orphans() {
  std::lock_guard<std::mutex> lock(detail::spawn_mutex());
  int killed = 0;
  // Killing an orphan hands its own children to us: repeat until none are
  // left. RLIMIT_NPROC bounds how many rounds a fork bomb can force.
  for (int round = 0; round < 10000; ++round) {
    std::vector<pid_t> orphans;
    for (pid_t p : children())
      if (!tracked().count(p)) orphans.push_back(p);
    if (orphans.empty()) break;
    for (pid_t p : orphans) ::kill(p, SIGKILL);
    for (pid_t p : orphans) {
      while (::waitpid(p, nullptr, 0) < 0 && errno == EINTR) {
      }
      ++killed;
    }
  }
  return killed;
}

}  // namespace grader::sandbox
