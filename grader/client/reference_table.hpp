// The trusted side of callbacks: the earlier lessons' reference functions a
// worker may ask for while a call is in progress (docs/architecture.md,
// "Earlier lessons' functions"). Each lesson's reference server
// (lessons/<id>/bridge/reference_server.cpp, linked only into the suites of
// an instructor build) registers its functions here; the worker client
// answers a callback only with a function of a lesson named in
// WorkerOptions::callback_lessons.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "grader/client/worker_client.hpp"
#include "grader/protocol/value.hpp"

namespace grader::client {

/// Runs a reference function on a callback's arguments. Throws
/// protocol::ProtocolError for arguments of the wrong type, CallbackRefused
/// when they ask for more than a callback may (both fail the call), and the
/// reference's own exceptions, which go back to the worker.
using ReferenceHandler = std::function<std::vector<Value>(const std::vector<Value>& args)>;

/// A callback the trusted side will not run: the call fails with this message.
class CallbackRefused : public WorkerFailure {
 public:
  using WorkerFailure::WorkerFailure;
};

/// Registers `function` of lesson `lesson` (called from static initialisers;
/// returns true so it can initialise a variable).
bool add_reference(std::string lesson, std::string function, ReferenceHandler handler);

/// The handler of `function` when it belongs to one of `lessons`, else nullptr.
const ReferenceHandler* find_reference(const std::vector<std::string>& lessons, std::string_view function);

/// The lessons with registered references (those a suite can serve).
std::vector<std::string> reference_lessons();

/// Throws CallbackRefused unless a result of `elements` elements is within
/// caps::kMaxCallbackResultElements; `what` names the call in the message.
void check_callback_result_size(double elements, const std::string& what);

}  // namespace grader::client
