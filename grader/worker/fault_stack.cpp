// The throw-time stack of the worker (fault_stack.hpp). Every exception of a
// worker goes through __cxa_throw: the one defined here records the return
// addresses of the stack, then throws through the C++ runtime's own. Only
// addresses are kept at the throw (tests throw and catch by the hundred);
// names are looked up when a call fails, with dladdr (workers are linked
// with -rdynamic, so their own functions have names).
#include "grader/worker/fault_stack.hpp"

#include <cxxabi.h>
#include <dlfcn.h>
#include <execinfo.h>

#include <cstdlib>
#include <typeinfo>

namespace grader::worker {
namespace {

constexpr int kMaxAddresses = 64;
thread_local void* g_addresses[kMaxAddresses];
thread_local int g_count = 0;

}  // namespace

void forget_last_throw() { g_count = 0; }

std::string function_name_of(const std::string& demangled) {
  // The first '(' outside template brackets ends the name, but "operator()" keeps its own.
  int depth = 0;
  for (std::size_t i = 0; i < demangled.size(); ++i) {
    const char c = demangled[i];
    if (c == '<') ++depth;
    else if (c == '>' && depth > 0) --depth;
    else if (c == '(' && depth == 0 && demangled.compare(i, 21, "(anonymous namespace)") == 0) {
      i += 20;
      continue;
    } else if (c == '(' && depth == 0) {
      if (demangled.compare(i >= 8 ? i - 8 : 0, 8, "operator") == 0 && demangled.compare(i, 2, "()") == 0) {
        ++i;
        continue;
      }
      return demangled.substr(0, i);
    }
  }
  return demangled;
}

std::vector<std::string> last_throw_stack() {
  std::vector<std::string> names;
  // Frame 0 is the __cxa_throw below.
  for (int i = 1; i < g_count && names.size() < caps::kMaxFaultFrames; ++i) {
    Dl_info info{};
    // A return address is one past its call: look up the call itself.
    if (!::dladdr(static_cast<char*>(g_addresses[i]) - 1, &info) || !info.dli_sname) continue;
    int status = 0;
    char* demangled = abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status);
    if (status != 0 || !demangled) continue;  // a C function (main, the C library's)
    std::string name = function_name_of(demangled);
    std::free(demangled);
    if (name.size() > caps::kMaxFaultNameBytes) name.resize(caps::kMaxFaultNameBytes);
    if (names.empty() || names.back() != name) names.push_back(std::move(name));
  }
  return names;
}

}  // namespace grader::worker

// Declared by <cxxabi.h> (namespace __cxxabiv1, extern "C"): a definition in
// the executable comes before the C++ runtime's.
extern "C" void __cxa_throw(void* thrown, std::type_info* type, void (*destructor)(void*)) {
  using Throw = void (*)(void*, std::type_info*, void (*)(void*));
  static const Throw runtime_throw = reinterpret_cast<Throw>(::dlsym(RTLD_NEXT, "__cxa_throw"));
  grader::worker::g_count = ::backtrace(grader::worker::g_addresses, grader::worker::kMaxAddresses);
  if (!runtime_throw) std::abort();
  runtime_throw(thrown, type, destructor);
  __builtin_unreachable();
}
