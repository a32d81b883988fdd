// Where the code under test was when a call failed: the functions on the
// stack when the exception that ended the call was thrown, so the trusted
// side can name the function at fault when it is not the one the test
// called (a later lesson's code reaching an earlier lesson's stub,
// docs/architecture.md "The function at fault").
#pragma once

#include <string>
#include <vector>

#include "grader/util/caps.hpp"

namespace grader::worker {

/// The stack of the latest exception thrown in this worker, innermost first:
/// demangled names without their parameters ("course::MultiHeadAttention::forward";
/// a lambda is named by its enclosing function), frames without a name left
/// out, at most caps::kMaxFaultFrames names of caps::kMaxFaultNameBytes each.
std::vector<std::string> last_throw_stack();
/// Forgets it (at the start of every call).
void forget_last_throw();

/// "course::f(int, float) const" -> "course::f"; "ns::C::operator()(x)" ->
/// "ns::C::operator()"; "ns::f(int)::{lambda(int)#1}::operator()(int)" -> "ns::f".
std::string function_name_of(const std::string& demangled);

}  // namespace grader::worker
