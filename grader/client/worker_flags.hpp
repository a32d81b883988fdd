// The command-line flags by which the grader hands a student's worker to a
// trusted program that calls it (every suite, and the course's picture
// programs):
//
//   --worker=PATH [--call-timeout-ms=N] [--memory-mb=N] [--cpu-seconds=N]
//   [--processes=N] [--work-dir=DIR]
//
// The grader writes them (grader/runner/suite_run.hpp, worker_flags); the
// program reads them here and configures grader::client::student().
#pragma once

#include <string>
#include <string_view>

#include "grader/client/worker_client.hpp"

namespace grader::client {

/// The limits a worker gets when a flag does not say otherwise.
WorkerOptions default_worker_options();

/// True when `arg` is one of the flags above (and stores its value in
/// `options`); false for any other argument. Throws std::invalid_argument
/// for a flag whose value is not a number.
bool take_worker_flag(std::string_view arg, WorkerOptions& options);

/// True when `arg` is "--NAME=VALUE" (and stores VALUE in `value`): the
/// shape of every flag above, and of the suites' own.
bool take_flag(std::string_view arg, std::string_view name, std::string& value);

}  // namespace grader::client
