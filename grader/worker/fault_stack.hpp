// Where the code under test was when a call failed: the functions on the
// stack when the exception that ended the call was thrown, so the trusted
// side can name the function at fault when it is not the one the test
// called (a later lesson's code reaching an earlier lesson's stub,
// docs/architecture.md "The function at fault").
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "grader/util/caps.hpp"

namespace grader::worker {

/// The stack of the latest exception thrown in this worker, innermost first:
/// demangled names without their parameters ("course::Counter::add";
/// a lambda is named by its enclosing function), frames without a name left
/// out, at most caps::kMaxFaultFrames names of caps::kMaxFaultNameBytes each.
std::vector<std::string> last_throw_stack();
/// Forgets it (at the start of every call).
void forget_last_throw();

/// "course::f(int, float) const" -> "course::f"; "ns::C::operator()(x)" ->
/// "ns::C::operator()"; "ns::f(int)::{lambda(int)#1}::operator()(int)" -> "ns::f";
/// "ns::(anonymous namespace)::g(int)" -> "ns::(anonymous namespace)::g".
std::string function_name_of(const std::string& demangled);

/// A crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT), the CPU limit's
/// SIGXCPU, and kStackRequestSignal (the trusted side's, at a call's
/// deadline) write a fault note of the stack they interrupted to `reply_fd`
/// during a call, then take their default action. The handlers run on an
/// alternate stack and use only write(), backtrace() (preloaded here) and
/// dladdr(); names come from mangled_function_name, which allocates nothing.
void install_fault_handlers(int reply_fd);

/// The function a mangled name ("_ZN6course18MultiHeadAttention7forwardERKi")
/// names, without its parameters, in `out` ("course::Counter::add"),
/// as function_name_of gives it from the demangled text for the names a
/// course defines (namespaces, classes, constructors, operator(), a lambda's
/// enclosing function). False, and `out` empty, for any other (templates,
/// substitutions, C names) or when it does not fit in `capacity` bytes with
/// its terminating zero. Async-signal-safe: no allocation, no library call.
bool mangled_function_name(const char* mangled, char* out, std::size_t capacity);

}  // namespace grader::worker
