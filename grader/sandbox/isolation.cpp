#include "grader/sandbox/isolation.hpp"

#include <sched.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <sstream>

#include "grader/sandbox/identity.hpp"
#include "grader/sandbox/landlock.hpp"
#include "grader/sandbox/reaper.hpp"
#include "grader/sandbox/seccomp.hpp"

namespace grader::sandbox {
namespace fs = std::filesystem;

namespace {

std::set<std::string> disabled_from_environment() {
  std::set<std::string> out;
  const char* v = std::getenv("GRADER_SANDBOX_DISABLE");
  if (!v) return out;
  std::stringstream s(v);
  std::string name;
  while (std::getline(s, name, ',')) {
    if (name == "all") out.insert(kMechanisms.begin(), kMechanisms.end());
    else if (!name.empty()) out.insert(name);
  }
  return out;
}

// Namespaces are tried in a short-lived child, so a refusal (or a success)
// leaves this process as it was. Bits: 1 network, 2 PID.
int probe_namespaces(bool root) {
  // Under the spawn lock: a concurrent sweep_orphans() must not take this child.
  std::lock_guard<std::mutex> lock(detail::spawn_mutex());
  pid_t pid = ::fork();
  if (pid < 0) return 0;
  if (pid == 0) {
    if (!root && ::unshare(CLONE_NEWUSER) != 0) ::_exit(0);
    int bits = 0;
    if (::unshare(CLONE_NEWNET) == 0) bits |= 1;
    if (::unshare(CLONE_NEWPID) == 0) bits |= 2;
    ::_exit(bits);
  }
  int st = 0;
  while (::waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(st) ? WEXITSTATUS(st) : 0;
}

Capabilities probe() {
  Capabilities c;
  c.disabled = disabled_from_environment();
  auto on = [&](const char* name) { return !c.disabled.count(name); };
  c.root = ::geteuid() == 0;
  c.uid_switch = c.root && on("uid");
  bool namespaces_possible = c.root || on("userns");
  int bits = namespaces_possible ? probe_namespaces(c.root) : 0;
  c.user_namespace = !c.root && on("userns") && bits != 0;
  c.network_namespace = on("netns") && (bits & 1);
  c.pid_namespace = on("pidns") && (bits & 2);
  c.landlock_abi = on("landlock") ? landlock::abi_version() : 0;
  c.seccomp = on("seccomp") && seccomp::available();
  int is_subreaper = 0;
  c.subreaper = on("subreaper") && ::prctl(PR_GET_CHILD_SUBREAPER, &is_subreaper, 0, 0, 0) == 0;
  return c;
}

void add_existing(std::vector<std::string>& out, const std::vector<std::string>& candidates) {
  for (const auto& p : candidates) {
    std::error_code ec;
    if (fs::exists(p, ec)) out.push_back(p);
  }
}

std::string why_off(const Capabilities& c, const char* name, const std::string& otherwise) {
  return c.disabled.count(name) ? std::string("switched off by GRADER_SANDBOX_DISABLE") : otherwise;
}

}  // namespace

const Capabilities& capabilities() {
  static const Capabilities c = probe();
  return c;
}

Plan plan_for(const Isolation& isolation, std::size_t processes) {
  Plan p;
  if (!isolation.enabled) {
    p.nproc_rlimit = processes;
    return p;
  }
  const Capabilities& c = capabilities();
  p.enabled = true;
  p.uid_switch = c.uid_switch && isolation.allow_uid_switch;
  p.user_namespace = !c.root && c.user_namespace;
  p.network_namespace = c.network_namespace;
  p.pid_namespace = c.pid_namespace;
  p.landlock_abi = c.landlock_abi;
  p.seccomp = c.seccomp;

  if (c.root && !p.uid_switch)
    p.unavailable.push_back("own uid (" +
                            why_off(c, "uid", "its inputs or its folder are not reachable by other users") + "; runs as root)");
  if (!p.network_namespace)
    p.unavailable.push_back("network namespace (" +
                            why_off(c, c.disabled.count("netns") ? "netns" : "userns",
                                    c.root ? "refused by the kernel" : "unprivileged user namespaces are off") +
                            ")");
  if (!p.pid_namespace)
    p.unavailable.push_back("PID namespace (" +
                            why_off(c, c.disabled.count("pidns") ? "pidns" : "userns",
                                    c.root ? "refused by the kernel" : "unprivileged user namespaces are off") +
                            "; a subreaper sweep kills leftovers instead)");
  if (!p.landlock_abi)
    p.unavailable.push_back("Landlock (" + why_off(c, "landlock", "needs Linux >= 5.13 with Landlock enabled") +
                            "; the child can read every world-readable file)");
  else if (p.landlock_abi < 4)
    p.unavailable.push_back("Landlock TCP and signal rules (ABI " + std::to_string(p.landlock_abi) + " < 4)");
  else if (p.landlock_abi < 6)
    p.unavailable.push_back("Landlock signal scoping (ABI " + std::to_string(p.landlock_abi) + " < 6)");
  if (!p.seccomp) p.unavailable.push_back("seccomp (" + why_off(c, "seccomp", "not in this kernel") + ")");
  if (!p.network_namespace && !p.seccomp && p.landlock_abi < 4)
    p.unavailable.push_back("any network restriction: the child can open sockets");

  // RLIMIT_NPROC counts the tasks of a uid (per user namespace since 5.14).
  // The two relay processes of a PID namespace count too.
  std::size_t relays = p.pid_namespace ? 2 : 0;
  if (processes == 0) {
    p.processes_note = "processes not limited";
  } else if (p.uid_switch || p.user_namespace) {
    p.nproc_rlimit = processes + relays;
    p.processes_note = "at most " + std::to_string(processes) + " processes";
  } else if (c.root) {
    p.processes_note = "processes not limited (root ignores RLIMIT_NPROC)";
  } else {
    // Shares the count with everything else the user runs: allow that plus
    // `processes` more (so a fork bomb still stops), never less.
    std::size_t now = identity::tasks_of_user(::getuid());
    p.nproc_rlimit = now + processes + relays;
    p.processes_note = "at most " + std::to_string(processes) + " processes more than the user's " + std::to_string(now);
  }
  return p;
}

std::string describe(const Plan& p) {
  if (!p.enabled) return "none (a trusted program)";
  std::vector<std::string> parts;
  parts.push_back(p.uid_switch ? "own unprivileged uid" : "the grader's uid");
  std::string ns;
  if (p.network_namespace) ns = "network";
  if (p.pid_namespace) ns += std::string(ns.empty() ? "" : "+") + "PID";
  if (!ns.empty()) parts.push_back(ns + (p.user_namespace ? " namespaces (in a user namespace)" : " namespaces"));
  if (p.landlock_abi) parts.push_back("Landlock ABI " + std::to_string(p.landlock_abi) + " (" + landlock::coverage(p.landlock_abi) + ")");
  if (p.seccomp) parts.push_back("seccomp (sockets, tracing, signals, namespaces)");
  parts.push_back(p.processes_note);
  std::string out;
  for (const auto& s : parts) out += (out.empty() ? "" : ", ") + s;
  if (!p.unavailable.empty()) {
    out += "; not available: ";
    for (std::size_t i = 0; i < p.unavailable.size(); ++i) out += (i ? "; " : "") + p.unavailable[i];
  }
  return out;
}

std::vector<std::string> system_read_paths() {
  std::vector<std::string> out;
  add_existing(out, {"/usr", "/lib", "/lib64", "/lib32", "/libx32", "/etc/ld.so.cache", "/etc/ld.so.conf",
                     "/etc/ld.so.conf.d", "/dev/urandom", "/dev/random"});
  return out;
}

Isolation for_worker(const std::string& executable, const std::string& work_dir) {
  Isolation iso;
  iso.enabled = true;
  iso.who = "worker";
  iso.read_paths = system_read_paths();
  iso.exec_paths.push_back(executable);
  // The dynamic loader is opened for execution by the kernel at exec.
  add_existing(iso.exec_paths, {"/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1", "/lib/ld-linux-riscv64-lp64d.so.1",
                                "/lib/ld-linux.so.2", "/lib/ld-linux-armhf.so.3"});
  if (!work_dir.empty()) iso.write_paths.push_back(work_dir);
  return iso;
}

Isolation for_compiler(const std::vector<std::string>& inputs, const std::string& work_dir) {
  Isolation iso;
  iso.enabled = true;
  iso.who = "compiler";
  // As root the compiler runs as an unprivileged uid only if that uid can
  // read every input (a course under /root could not be compiled otherwise).
  for (const auto& in : inputs) iso.allow_uid_switch = iso.allow_uid_switch && readable_by_others(in);
  // It names its files by absolute paths: the folders above work_dir must let it through.
  if (!work_dir.empty()) iso.allow_uid_switch = iso.allow_uid_switch && readable_by_others(fs::path(work_dir).parent_path());
  iso.read_paths = system_read_paths();
  iso.read_paths.insert(iso.read_paths.end(), inputs.begin(), inputs.end());
  // The driver runs cc1plus, as, collect2 and ld from the system toolchain.
  add_existing(iso.exec_paths, {"/usr", "/bin", "/lib", "/lib64"});
  if (!work_dir.empty()) iso.write_paths.push_back(work_dir);
  return iso;
}

bool readable_by_others(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::canonical(path, ec);
  if (ec) return false;
  fs::path walked = "/";
  for (auto it = std::next(p.begin()); it != p.end(); ++it) {
    struct stat st {};
    if (::stat(walked.c_str(), &st) != 0 || !(st.st_mode & S_IXOTH)) return false;
    walked /= *it;
  }
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) return false;
  return S_ISDIR(st.st_mode) ? (st.st_mode & S_IROTH) && (st.st_mode & S_IXOTH) : (st.st_mode & S_IROTH);
}

}  // namespace grader::sandbox
