// How the framework's worker tests start a fixture worker (bridge_api_test,
// object_state_test): short limits, scaled for a busy machine
// (support/timeouts.hpp), in a private folder of the test.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <utility>

#include "grader/client/worker_client.hpp"
#include "support/timeouts.hpp"

namespace course_test {

/// Options for `executable` running in `work_dir`: 2 s per call, 5 s to
/// start, 512 MiB, 20 CPU seconds, 64 open files.
inline grader::client::WorkerOptions fixture_worker_options(std::string executable, std::string work_dir) {
  grader::client::WorkerOptions o;
  o.executable = std::move(executable);
  o.call_timeout = scaled(std::chrono::milliseconds(2000));
  o.ready_timeout = scaled(std::chrono::milliseconds(5000));
  o.limits.address_space_bytes = std::size_t{512} << 20;
  o.limits.cpu_seconds = 20;
  o.limits.open_files = 64;
  o.work_dir = std::move(work_dir);
  return o;
}

}  // namespace course_test
