// Test-side helpers for lesson proxies: make a call and describe it.
#pragma once

#include <string>
#include <vector>

#include "common/bridge.hpp"
#include "grader/client/worker_client.hpp"

namespace course::bridge {

/// "name(a, b, c)" from already-described arguments.
std::string call_text(const std::string& name, const std::vector<std::string>& described_args);

/// Calls the student's worker; reply values that do not convert become a
/// grader::client::WorkerFailure naming the call.
template <typename Convert>
auto call_student(const std::string& function, Values args, const std::string& text, Convert convert) {
  auto results = grader::client::student().call(function, std::move(args), text);
  try {
    return convert(results);
  } catch (const grader::protocol::ProtocolError& e) {
    throw grader::client::WorkerFailure(text + ": the worker returned something unexpected: " + e.what());
  }
}

}  // namespace course::bridge
