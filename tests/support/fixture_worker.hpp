// How the framework's worker tests start a fixture worker (bridge_api_test,
// object_state_test): short limits, scaled for a busy machine
// (support/timeouts.hpp), in a private folder of the test program, and the
// program's main().
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <utility>

#include "grader/client/results_listener.hpp"
#include "grader/client/worker_client.hpp"
#include "grader/util/files.hpp"
#include "support/timeouts.hpp"

namespace course_test {

namespace detail {
inline std::unique_ptr<grader::util::TempDir>& fixture_folder() {
  static std::unique_ptr<grader::util::TempDir> folder;
  return folder;
}
}  // namespace detail

/// The private folder the program's fixture worker runs in: made on the
/// first call (named from `prefix`), removed by run_fixture_worker_tests.
inline std::string fixture_work_dir(const std::string& prefix) {
  auto& folder = detail::fixture_folder();
  if (!folder) folder = std::make_unique<grader::util::TempDir>(prefix);
  return folder->path().string();
}

/// main() of a program whose tests call a fixture worker: as in a lesson's
/// suite, the objects a test makes in the worker are released when it ends
/// (TestObjectsListener); the fixture folder is removed before the program
/// ends, while the worker that used it has stopped.
inline int run_fixture_worker_tests(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::UnitTest::GetInstance()->listeners().Append(new grader::client::TestObjectsListener);
  const int status = RUN_ALL_TESTS();
  detail::fixture_folder().reset();
  return status;
}

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
