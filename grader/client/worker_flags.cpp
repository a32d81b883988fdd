#include "grader/client/worker_flags.hpp"

#include <stdexcept>
#include <string>

namespace grader::client {

bool take_flag(std::string_view arg, std::string_view name, std::string& value) {
  std::string prefix = "--" + std::string(name) + "=";
  if (arg.substr(0, prefix.size()) != prefix) return false;
  value = std::string(arg.substr(prefix.size()));
  return true;
}

WorkerOptions default_worker_options() {
  WorkerOptions options;
  options.limits.address_space_bytes = std::size_t{512} << 20;
  options.limits.cpu_seconds = 60;
  options.limits.file_size_bytes = std::size_t{16} << 20;
  options.limits.open_files = 64;
  options.limits.processes = 32;  // the worker's own; a fork bomb stops there (docs/security.md)
  return options;
}

bool take_worker_flag(std::string_view arg, WorkerOptions& options) {
  std::string v;
  try {
    if (take_flag(arg, "worker", v)) options.executable = v;
    else if (take_flag(arg, "call-timeout-ms", v)) options.call_timeout = std::chrono::milliseconds(std::stol(v));
    else if (take_flag(arg, "memory-mb", v)) options.limits.address_space_bytes = std::stoul(v) << 20;
    else if (take_flag(arg, "cpu-seconds", v)) options.limits.cpu_seconds = std::stod(v);
    else if (take_flag(arg, "processes", v)) options.limits.processes = std::stoul(v);
    else if (take_flag(arg, "work-dir", v)) options.work_dir = v;
    else return false;
  } catch (const std::logic_error&) {  // std::stol & co: invalid_argument, out_of_range
    throw std::invalid_argument("bad value in " + std::string(arg));
  }
  return true;
}

}  // namespace grader::client
