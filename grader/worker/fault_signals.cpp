// The fault note of a crash or a timeout (fault_stack.hpp), written from a
// signal handler. Nothing here may allocate or take a lock the interrupted
// code may hold (a crash in malloc, a loop of new at the deadline): the
// frame is built in
// static storage and written with write(). backtrace() loads libgcc on its
// first use, so install_fault_handlers() calls it once beforehand; dladdr()
// only reads the loaded objects' symbol tables.
#include <dlfcn.h>
#include <execinfo.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>

#include "grader/worker/fault_stack.hpp"
#include "grader/worker/registry.hpp"

namespace grader::worker {
namespace {

constexpr int kMaxAddresses = 64;
int g_reply_fd = -1;
alignas(16) char g_alternate_stack[64 * 1024];
void* g_signal_addresses[kMaxAddresses];
// u64 length, 'W', u64 sequence, u32 count, then (u8 tag 4, u64 length, bytes) per name.
char g_note[8 + 1 + 8 + 4 + caps::kMaxFaultFrames * (1 + 8 + caps::kMaxFaultNameBytes)];
char g_name[caps::kMaxFaultNameBytes + 1];

bool is_digit(char c) { return c >= '0' && c <= '9'; }

struct NameWriter {
  char* out;
  std::size_t capacity;
  std::size_t size = 0;
  bool append(const char* text, std::size_t n) {
    if (size + n + 1 > capacity) return false;
    for (std::size_t i = 0; i < n; ++i) out[size++] = text[i];
    out[size] = '\0';
    return true;
  }
};

// <source-name> := <length> <identifier>; at `p`, moved past it.
bool source_name(const char*& p, const char*& name, std::size_t& length) {
  if (!is_digit(*p)) return false;
  std::size_t n = 0;
  while (is_digit(*p)) {
    n = n * 10 + static_cast<std::size_t>(*p++ - '0');
    if (n > caps::kMaxFaultNameBytes) return false;
  }
  for (std::size_t i = 0; i < n; ++i)
    if (p[i] == '\0') return false;
  name = p;
  length = n;
  p += n;
  return true;
}

// The name of an <encoding> at `p` (its parameters are not read): a nested
// name N...E, an unqualified source name, std:: (St), or a local entity
// Z<encoding>E..., which is named by its enclosing function.
bool encoding_name(const char*& p, NameWriter& w, int depth) {
  if (depth > 4) return false;
  if (*p == 'Z') {
    ++p;
    return encoding_name(p, w, depth + 1);
  }
  const bool nested = *p == 'N';
  if (nested) {
    ++p;
    while (*p == 'r' || *p == 'V' || *p == 'K' || *p == 'R' || *p == 'O') ++p;  // cv- and ref-qualifiers
  }
  const char* last = nullptr;
  std::size_t last_length = 0;
  for (int parts = 0;; ++parts) {
    if (!nested && parts == 1) return true;
    if (nested && *p == 'E') return parts > 0;
    if (p[0] == 'S' && p[1] == 't') {
      p += 2;
      if (!w.append("std", 3)) return false;
      if (!nested) {
        const char* name;
        std::size_t n;
        return source_name(p, name, n) && w.append("::", 2) && w.append(name, n);
      }
      continue;
    }
    if (parts > 0 && !w.append("::", 2)) return false;
    if (is_digit(*p)) {
      if (!source_name(p, last, last_length)) return false;
      // The anonymous namespace, as the demangler writes it.
      static constexpr char kAnonymous[] = "_GLOBAL__N";
      bool anonymous = last_length >= sizeof kAnonymous - 1;
      for (std::size_t i = 0; anonymous && i < sizeof kAnonymous - 1; ++i) anonymous = last[i] == kAnonymous[i];
      if (anonymous ? !w.append("(anonymous namespace)", 21) : !w.append(last, last_length)) return false;
      while (p[0] == 'B') {  // an ABI tag, not part of the name
        ++p;
        const char* tag;
        std::size_t n;
        if (!source_name(p, tag, n)) return false;
      }
    } else if (p[0] == 'C' && (p[1] == '1' || p[1] == '2' || p[1] == '4') && last) {
      p += 2;
      if (!w.append(last, last_length)) return false;
    } else if (p[0] == 'D' && (p[1] == '0' || p[1] == '1' || p[1] == '2' || p[1] == '4') && last) {
      p += 2;
      if (!w.append("~", 1) || !w.append(last, last_length)) return false;
    } else if (p[0] == 'c' && p[1] == 'l') {
      p += 2;
      if (!w.append("operator()", 10)) return false;
    } else {
      return false;  // a template, a substitution, another operator: not a course function's name
    }
  }
}

void put_bytes(std::size_t& at, const void* data, std::size_t n) {
  const char* p = static_cast<const char*>(data);
  for (std::size_t i = 0; i < n; ++i) g_note[at++] = p[i];
}

void write_all(int fd, const char* data, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, data, n);
    if (w <= 0) return;
    data += w;
    n -= static_cast<std::size_t>(w);
  }
}

void write_fault_note_on_signal(int sig) {
  const int saved_errno = errno;
  const std::uint64_t sequence = current_call_sequence();
  if (sequence != 0 && g_reply_fd >= 0) {
    const int count = ::backtrace(g_signal_addresses, kMaxAddresses);
    std::size_t at = 8;
    put_bytes(at, "W", 1);
    put_bytes(at, &sequence, sizeof sequence);
    const std::size_t count_at = at;
    at += 4;
    std::uint32_t names = 0;
    std::size_t previous_at = 0, previous_length = 0;
    for (int i = 0; i < count && names < caps::kMaxFaultFrames; ++i) {
      Dl_info info{};
      if (!::dladdr(static_cast<char*>(g_signal_addresses[i]) - 1, &info) || !info.dli_sname) continue;
      if (!mangled_function_name(info.dli_sname, g_name, sizeof g_name)) continue;
      std::uint64_t length = 0;
      while (g_name[length]) ++length;
      // The same function twice in a row (recursion) is named once, as for a throw.
      if (names > 0 && length == previous_length) {
        bool same = true;
        for (std::size_t k = 0; k < length && same; ++k) same = g_note[previous_at + k] == g_name[k];
        if (same) continue;
      }
      put_bytes(at, "\x04", 1);
      put_bytes(at, &length, sizeof length);
      previous_at = at;
      previous_length = length;
      put_bytes(at, g_name, length);
      ++names;
    }
    if (names > 0) {
      std::size_t end = count_at;
      put_bytes(end, &names, sizeof names);
      const std::uint64_t body = at - 8;
      end = 0;
      put_bytes(end, &body, sizeof body);
      write_all(g_reply_fd, g_note, at);
    }
  }
  // SA_RESETHAND has restored the default action: raised again (to itself,
  // which the sandbox allows), the signal ends the worker on return as it
  // would have, whether it came from a fault or from raise(). The trusted
  // side kills the worker after a timeout's note.
  if (sig != kStackRequestSignal) (void)::raise(sig);
  errno = saved_errno;
}

}  // namespace

bool mangled_function_name(const char* mangled, char* out, std::size_t capacity) {
  if (capacity == 0) return false;
  out[0] = '\0';
  if (mangled[0] != '_' || mangled[1] != 'Z') return false;
  const char* p = mangled + 2;
  NameWriter w{out, capacity};
  if (encoding_name(p, w, 0)) return true;
  out[0] = '\0';
  return false;
}

void install_fault_handlers(int reply_fd) {
  g_reply_fd = reply_fd;
  void* preload[1];
  (void)::backtrace(preload, 1);
  stack_t alternate{};
  alternate.ss_sp = g_alternate_stack;
  alternate.ss_size = sizeof g_alternate_stack;
  (void)::sigaltstack(&alternate, nullptr);
  struct sigaction action{};
  action.sa_handler = write_fault_note_on_signal;
  action.sa_flags = SA_ONSTACK | SA_RESETHAND;
  sigfillset(&action.sa_mask);  // one note at a time: a second fault in the handler ends the worker
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGXCPU, kStackRequestSignal})
    (void)::sigaction(sig, &action, nullptr);
}

}  // namespace grader::worker
