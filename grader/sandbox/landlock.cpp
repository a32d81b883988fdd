#include "grader/sandbox/landlock.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <system_error>

#include "grader/util/fd.hpp"

// Numbers and layouts from the kernel's uapi (linux/landlock.h). Defined here
// because the installed headers may predate the running kernel's ABI.
#ifndef __NR_landlock_create_ruleset
#define __NR_landlock_create_ruleset 444
#define __NR_landlock_add_rule 445
#define __NR_landlock_restrict_self 446
#endif

namespace grader::sandbox::landlock {
namespace {

struct RulesetAttr {
  std::uint64_t handled_access_fs;
  std::uint64_t handled_access_net;  // ABI 4
  std::uint64_t scoped;              // ABI 6
};

struct __attribute__((packed)) PathBeneathAttr {
  std::uint64_t allowed_access;
  std::int32_t parent_fd;
};

constexpr std::uint32_t kCreateRulesetVersion = 1u << 0;
constexpr int kRulePathBeneath = 1;

constexpr std::uint64_t kExecute = 1ull << 0;
constexpr std::uint64_t kWriteFile = 1ull << 1;
constexpr std::uint64_t kReadFile = 1ull << 2;
constexpr std::uint64_t kReadDir = 1ull << 3;
constexpr std::uint64_t kAbi1All = (1ull << 13) - 1;  // EXECUTE .. MAKE_SYM
constexpr std::uint64_t kRefer = 1ull << 13;          // ABI 2
constexpr std::uint64_t kTruncate = 1ull << 14;       // ABI 3
constexpr std::uint64_t kIoctlDev = 1ull << 15;       // ABI 5
constexpr std::uint64_t kNetBindTcp = 1ull << 0;      // ABI 4
constexpr std::uint64_t kNetConnectTcp = 1ull << 1;
constexpr std::uint64_t kScopeAbstractUnixSocket = 1ull << 0;  // ABI 6
constexpr std::uint64_t kScopeSignal = 1ull << 1;

std::uint64_t handled_fs(int abi) {
  std::uint64_t all = kAbi1All;
  if (abi >= 2) all |= kRefer;
  if (abi >= 3) all |= kTruncate;
  if (abi >= 5) all |= kIoctlDev;
  return all;
}

// Rights that make sense on a file (the kernel refuses directory rights there).
std::uint64_t file_rights(int abi) {
  std::uint64_t r = kExecute | kWriteFile | kReadFile;
  if (abi >= 3) r |= kTruncate;
  if (abi >= 5) r |= kIoctlDev;
  return r;
}

using util::Fd;

void add_rule(int ruleset, const std::string& path, std::uint64_t wanted, int abi) {
  Fd fd(::open(path.c_str(), O_PATH | O_CLOEXEC));
  if (fd.get() < 0) {
    if (errno == ENOENT || errno == ENOTDIR) return;  // nothing there to grant
    throw std::system_error(errno, std::generic_category(), "Landlock: cannot open " + path);
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) throw std::system_error(errno, std::generic_category(), "Landlock: cannot stat " + path);
  std::uint64_t allowed = wanted & handled_fs(abi);
  if (!S_ISDIR(st.st_mode)) allowed &= file_rights(abi);
  if (allowed == 0) return;
  PathBeneathAttr attr{allowed, fd.get()};
  if (::syscall(__NR_landlock_add_rule, ruleset, kRulePathBeneath, &attr, 0) != 0)
    throw std::system_error(errno, std::generic_category(), "Landlock: cannot add a rule for " + path);
}

}  // namespace

int abi_version() {
  long v = ::syscall(__NR_landlock_create_ruleset, nullptr, 0, kCreateRulesetVersion);
  return v > 0 ? static_cast<int>(v) : 0;
}

int make_ruleset(const Isolation& isolation, int abi) {
  RulesetAttr attr{handled_fs(abi), 0, 0};
  if (abi >= 4) attr.handled_access_net = kNetBindTcp | kNetConnectTcp;  // no rule: no TCP at all
  if (abi >= 6) attr.scoped = kScopeAbstractUnixSocket | kScopeSignal;
  long fd = ::syscall(__NR_landlock_create_ruleset, &attr, sizeof attr, 0);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "Landlock: cannot create a ruleset");
  Fd ruleset(static_cast<int>(fd));
  ::fcntl(ruleset.get(), F_SETFD, FD_CLOEXEC);
  const std::uint64_t read = kReadFile | kReadDir;
  for (const auto& p : isolation.read_paths) add_rule(ruleset.get(), p, read, abi);
  for (const auto& p : isolation.exec_paths) add_rule(ruleset.get(), p, read | kExecute, abi);
  // Everything in the working folder except running what was written there.
  for (const auto& p : isolation.write_paths) add_rule(ruleset.get(), p, handled_fs(abi) & ~kExecute, abi);
  // Every program opens /dev/null; nothing else under /dev is granted (so
  // /dev/zero, /dev/stdin's targets other than /dev/null, ttys are denied).
  add_rule(ruleset.get(), "/dev/null", kReadFile | kWriteFile | kTruncate, abi);
  return ruleset.release();
}

int restrict_self(int ruleset_fd) {
  if (::syscall(__NR_landlock_restrict_self, ruleset_fd, 0) != 0) return -errno;
  return 0;
}

std::string coverage(int abi) {
  if (abi <= 0) return "";
  std::string s = "files";
  if (abi >= 4) s += ", TCP";
  if (abi >= 6) s += ", signals";
  return s;
}

}  // namespace grader::sandbox::landlock
