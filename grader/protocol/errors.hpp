// The one table between a C++ exception and the kind an error reply carries,
// both ways: the worker classifies what the student's code threw, the trusted
// side throws it again with the type a test may catch, and the trusted side's
// answer to a callback travels back into the worker the same way.
#pragma once

#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "grader/protocol/value.hpp"

namespace grader::protocol {

/// The kinds of the standard exception types the table knows, most derived
/// first ("invalid_argument", ..., "logic_error", "overflow_error", ...,
/// "runtime_error"): each is thrown again with its own type.
const std::vector<std::string_view>& standard_error_kinds();

/// True for a kind of standard_error_kinds().
bool is_standard_error_kind(std::string_view kind);

/// The error reply for an exception: a standard type by its kind and message,
/// std::bad_alloc as "bad_alloc", any other std::exception as "exception"
/// with its type's name before the message.
Error error_of(const std::exception& e);

/// Throws the standard exception `error` names (its kind is one of
/// standard_error_kinds()) with its message; returns for any other kind, so
/// the caller says what those become.
void throw_if_standard(const Error& error);

}  // namespace grader::protocol
