// The trusted side of callbacks: the earlier lessons' reference functions a
// worker may ask for while a call is in progress (docs/architecture.md,
// "Earlier lessons' functions"). Each lesson's reference server
// (build/bridges/<id>/bridge/reference_server.cpp, generated from the
// lesson's list, linked only into the suites of
// an instructor build) registers its functions here; the worker client
// answers a callback only with a function of a lesson named in
// WorkerOptions::callback_lessons.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
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

/// Registers `function` of `lesson`: a lesson id, or "lesson/exercise" for a
/// function another exercise of the same lesson uses (called from static
/// initialisers; returns true so it can initialise a variable).
bool add_reference(std::string lesson, std::string function, ReferenceHandler handler);

/// The handler of `function` when it belongs to one of `lessons`, else
/// nullptr. An entry "lesson/exercise" allows only that exercise's
/// functions; a lesson id allows all of the lesson's.
const ReferenceHandler* find_reference(const std::vector<std::string>& lessons, std::string_view function);

/// The lessons and "lesson/exercise" groups with registered references
/// (those a suite can serve).
std::vector<std::string> reference_lessons();

/// Every served function (lesson, function), in the order of their names.
std::vector<std::pair<std::string, std::string>> reference_functions();

/// What a reference will do for one callback, counted from its decoded
/// arguments before it runs (grader/authoring/reference_support.hpp declares
/// one estimator per served function). Doubles: products of hostile sizes
/// must not overflow before the check.
struct CallbackCost {
  double result = 0;  ///< elements of the result
  double held = 0;    ///< values held at once: parameters it builds, intermediate tensors, the result
  double steps = 0;   ///< multiply-adds and loop iterations
};

/// Throws CallbackRefused unless every part of `cost` is within its cap
/// (caps::kMaxCallbackResultElements, kMaxCallbackHeldValues,
/// kMaxCallbackSteps); a NaN counts as over. The message names the limit
/// first, then `what` (the call's text) and its count.
void check_callback_cost(const CallbackCost& cost, const std::string& what);

}  // namespace grader::client
