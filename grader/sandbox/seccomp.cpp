#include "grader/sandbox/seccomp.hpp"

#include <linux/audit.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>

namespace grader::sandbox::seccomp {
namespace {

#if defined(__x86_64__)
constexpr std::uint32_t kArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr std::uint32_t kArch = AUDIT_ARCH_AARCH64;
#elif defined(__riscv) && __riscv_xlen == 64
constexpr std::uint32_t kArch = AUDIT_ARCH_RISCV64;
#else
#define GRADER_SECCOMP_UNSUPPORTED_ARCH 1
constexpr std::uint32_t kArch = 0;
#endif

constexpr std::uint32_t kNr = offsetof(seccomp_data, nr);
constexpr std::uint32_t kArchOffset = offsetof(seccomp_data, arch);
// Low 32 bits of argument i (the kernel reads pids and families as int).
constexpr std::uint32_t arg_low(int i) {
  return static_cast<std::uint32_t>(offsetof(seccomp_data, args) + 8 * static_cast<std::size_t>(i)) +
         (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? 4u : 0u);
}

constexpr std::uint32_t kAllow = SECCOMP_RET_ALLOW;
constexpr std::uint32_t errno_ret(int e) { return SECCOMP_RET_ERRNO | (static_cast<std::uint32_t>(e) & SECCOMP_RET_DATA); }

constexpr std::uint32_t kNamespaceFlags =
    CLONE_NEWNS | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP;

sock_filter stmt(std::uint16_t code, std::uint32_t k) { return BPF_STMT(code, k); }
sock_filter jump(std::uint16_t code, std::uint32_t k, std::uint8_t jt, std::uint8_t jf) { return BPF_JUMP(code, k, jt, jf); }

class Builder {
 public:
  Filter filter;

  // if (nr == number) { body } where body ends in a return; A holds nr again after.
  void on(long number, const std::vector<sock_filter>& body) {
    filter.code.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(number), 0,
                               static_cast<std::uint8_t>(body.size())));
    base_ = filter.code.size();
    filter.code.insert(filter.code.end(), body.begin(), body.end());
  }
  void deny(long number, int error) { on(number, {stmt(BPF_RET | BPF_K, errno_ret(error))}); }
  // Allowed only when argument 0 is the child's own pid (tgkill, rt_sigqueueinfo, ...).
  void only_own_pid(long number) {
    on(number, {stmt(BPF_LD | BPF_W | BPF_ABS, arg_low(0)), jump(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 1),
                stmt(BPF_RET | BPF_K, kAllow), stmt(BPF_RET | BPF_K, errno_ret(EPERM))});
    filter.own_pid.push_back(base_ + 1);
  }
  std::size_t base_ = 0;
};

}  // namespace

bool available() {
#ifdef GRADER_SECCOMP_UNSUPPORTED_ARCH
  return false;
#else
  return ::prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0;
#endif
}

Filter make_filter() {
  Builder b;
  auto& c = b.filter.code;
  // Another architecture's syscall numbers mean something else: refuse them.
  c.push_back(stmt(BPF_LD | BPF_W | BPF_ABS, kArchOffset));
  c.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, kArch, 1, 0));
  c.push_back(stmt(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
  c.push_back(stmt(BPF_LD | BPF_W | BPF_ABS, kNr));
#if defined(__x86_64__)
  // x32 calls share the numbers with a high bit set.
  c.push_back(jump(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1));
  c.push_back(stmt(BPF_RET | BPF_K, errno_ret(ENOSYS)));
#endif
  // No socket of any family: AF_INET* and netlink are the network, and a
  // Unix socket with a path (the system D-Bus, say) is a service of the
  // machine. socketpair() stays: it reaches nothing outside.
  b.deny(SYS_socket, EACCES);
  // kill(): itself (pid), its process group (0 or -pid); nothing else.
  b.on(SYS_kill, {stmt(BPF_LD | BPF_W | BPF_ABS, arg_low(0)), jump(BPF_JMP | BPF_JEQ | BPF_K, 0, 2, 0),
                  jump(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0), jump(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 1),
                  stmt(BPF_RET | BPF_K, kAllow), stmt(BPF_RET | BPF_K, errno_ret(EPERM))});
  b.filter.own_pid.push_back(b.base_ + 2);
  b.filter.own_pgroup.push_back(b.base_ + 3);
  b.only_own_pid(SYS_tgkill);
  b.only_own_pid(SYS_rt_sigqueueinfo);
  b.only_own_pid(SYS_rt_tgsigqueueinfo);
  b.deny(SYS_tkill, EPERM);  // names a thread of any process
  // clone() without namespace flags (threads and fork stay possible).
  b.on(SYS_clone, {stmt(BPF_LD | BPF_W | BPF_ABS, arg_low(0)), jump(BPF_JMP | BPF_JSET | BPF_K, kNamespaceFlags, 0, 1),
                   stmt(BPF_RET | BPF_K, errno_ret(EPERM)), stmt(BPF_RET | BPF_K, kAllow)});
#ifdef SYS_clone3
  b.deny(SYS_clone3, ENOSYS);  // flags sit in memory a filter cannot read; libc falls back to clone()
#endif
  for (long nr : {
           static_cast<long>(SYS_ptrace), static_cast<long>(SYS_process_vm_readv), static_cast<long>(SYS_process_vm_writev),
           static_cast<long>(SYS_unshare), static_cast<long>(SYS_setns), static_cast<long>(SYS_mount),
           static_cast<long>(SYS_umount2), static_cast<long>(SYS_pivot_root), static_cast<long>(SYS_bpf),
           static_cast<long>(SYS_perf_event_open), static_cast<long>(SYS_userfaultfd), static_cast<long>(SYS_keyctl),
           static_cast<long>(SYS_add_key), static_cast<long>(SYS_request_key), static_cast<long>(SYS_kexec_load),
           static_cast<long>(SYS_init_module), static_cast<long>(SYS_finit_module), static_cast<long>(SYS_delete_module),
           static_cast<long>(SYS_open_by_handle_at), static_cast<long>(SYS_name_to_handle_at),
#ifdef SYS_io_uring_setup
           static_cast<long>(SYS_io_uring_setup), static_cast<long>(SYS_io_uring_enter),
           static_cast<long>(SYS_io_uring_register),
#endif
#ifdef SYS_pidfd_open
           static_cast<long>(SYS_pidfd_open), static_cast<long>(SYS_pidfd_send_signal), static_cast<long>(SYS_pidfd_getfd),
#endif
       })
    b.deny(nr, EPERM);
  c.push_back(stmt(BPF_RET | BPF_K, kAllow));
  return std::move(b.filter);
}

int install(Filter& filter) {
  auto pid = static_cast<std::uint32_t>(::getpid());
  for (std::size_t i : filter.own_pid) filter.code[i].k = pid;
  for (std::size_t i : filter.own_pgroup) filter.code[i].k = static_cast<std::uint32_t>(-static_cast<std::int64_t>(pid));
  sock_fprog prog{static_cast<unsigned short>(filter.code.size()), filter.code.data()};
  if (::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) != 0) return -errno;
  return 0;
}

}  // namespace grader::sandbox::seccomp
