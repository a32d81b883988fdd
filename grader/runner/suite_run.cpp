#include "grader/runner/suite_run.hpp"

#include <nlohmann/json.hpp>
#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "grader/client/result_line.hpp"
#include "grader/sandbox/process.hpp"
#include "grader/sandbox/reaper.hpp"
#include "grader/util/caps.hpp"
#include "grader/util/files.hpp"

namespace grader::runner {
namespace fs = std::filesystem;

namespace {

// A result line's status as the test's: a skipped test, or a status this
// grader does not know, earns nothing.
TestStatus line_status(const std::string& text) {
  switch (client::parse_result_line_status(text).value_or(client::ResultLineStatus::failed)) {
    case client::ResultLineStatus::passed: return TestStatus::passed;
    case client::ResultLineStatus::not_implemented: return TestStatus::not_implemented;
    case client::ResultLineStatus::crashed: return TestStatus::crashed;
    case client::ResultLineStatus::timed_out: return TestStatus::timed_out;
    case client::ResultLineStatus::failed:
    case client::ResultLineStatus::skipped: break;
  }
  return TestStatus::failed;
}

}  // namespace

std::vector<ListedTest> list_suite(const std::string& suite, const fs::path& scratch) {
  fs::path out = scratch / "list.json";
  sandbox::Spec spec;
  spec.argv = {suite, "--gtest_list_tests", "--gtest_output=json:" + out.string()};
  spec.working_dir = scratch.string();
  spec.env = sandbox::clean_environment(scratch.string());
  auto r = sandbox::run(spec, std::chrono::seconds(30), 1 << 20);
  if (!r.ok() || !fs::exists(out))
    throw std::runtime_error("cannot list the tests of " + suite + ": " + (r.err.empty() ? r.out : r.err));
  auto j = nlohmann::json::parse(util::read_file(out));
  std::vector<ListedTest> tests;
  for (const auto& s : j.at("testsuites"))
    for (const auto& t : s.at("testsuite"))
      tests.push_back({s.at("name").get<std::string>() + "." + t.at("name").get<std::string>(), t.value("file", "")});
  return tests;
}

std::vector<std::string> worker_flags(const fs::path& worker, const SuiteLimits& limits, const fs::path& worker_home) {
  return {"--worker=" + worker.string(), "--call-timeout-ms=" + std::to_string(limits.call_timeout_ms),
          "--memory-mb=" + std::to_string(limits.memory_mb), "--cpu-seconds=" + std::to_string(limits.lesson_timeout_s),
          "--work-dir=" + worker_home.string()};
}

std::size_t suite_address_space(int worker_memory_mb) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  (void)worker_memory_mb;
  return 0;  // sanitizers reserve terabytes of address space; no RLIMIT_AS there
#else
  // A worker cannot be given more than its parent's hard limit.
  return std::max(caps::kSuiteAddressSpaceBytes, static_cast<std::size_t>(std::max(worker_memory_mb, 0)) << 20);
#endif
}

SuiteOutcome run_suite(const std::string& suite, const fs::path& worker, const fs::path& scratch,
                       const SuiteLimits& limits) {
  SuiteOutcome outcome;
  fs::path worker_home = scratch / "worker-home";
  fs::create_directories(worker_home);
  // Results come back on a pipe (the suite's descriptor 3), not in a file: a
  // worker has no path to forge them at, whatever it can write.
  std::string results;
  std::vector<sandbox::ExtraPipe> pipes{{3, &results, caps::kMaxSuiteResultsBytes, false}};
  sandbox::Spec spec;
  spec.argv = {suite, "--results-file=/dev/fd/3", "--gtest_color=no", "--gtest_brief=1"};
  for (auto& flag : worker_flags(worker, limits, worker_home)) spec.argv.push_back(std::move(flag));
  if (!limits.callback_lessons.empty()) {
    std::string list;
    for (const auto& l : limits.callback_lessons) list += (list.empty() ? "" : ",") + l;
    spec.argv.push_back("--callbacks=" + list);
  }
  if (!limits.only_tests.empty()) {
    // Test names are identifiers and '/': nothing a filter reads as a pattern or a negation.
    std::string filter;
    for (const auto& t : limits.only_tests) filter += (filter.empty() ? "" : ":") + t;
    spec.argv.push_back("--gtest_filter=" + filter);
  }
  spec.working_dir = scratch.string();
  spec.env = sandbox::clean_environment(scratch.string());
  spec.limits.address_space_bytes = suite_address_space(limits.memory_mb);
  // The suite starts the workers: it must see the same sandbox switches.
  if (const char* off = std::getenv("GRADER_SANDBOX_DISABLE")) spec.env.push_back(std::string("GRADER_SANDBOX_DISABLE=") + off);
  // Orphans of a suite that was stopped (and of its workers) come to us.
  sandbox::become_subreaper();
  auto r = sandbox::run(spec, std::chrono::seconds(limits.lesson_timeout_s), caps::kMaxSuiteOutputBytes, pipes);
  outcome.results_cut = pipes[0].truncated;
  sandbox::sweep_orphans();
  outcome.timed_out = r.timed_out;
  // The suite says how its workers were isolated: the worker client writes a
  // "sandbox: ..." line when it has started a worker, before that worker can
  // do anything. Only the first counts: every later line of the suite's
  // stderr may carry text a worker chose (a message the suite's own crash
  // quotes), and workers' own output goes to their client's pipes, never here.
  std::istringstream err_lines(r.err);
  std::string err_rest;
  for (std::string line; std::getline(err_lines, line);) {
    if (line.rfind("sandbox: ", 0) == 0) {
      if (outcome.sandbox.empty()) outcome.sandbox = line.substr(9, caps::kMaxIsolationNoteBytes);
    } else {
      err_rest += line + "\n";
    }
  }
  // Exit 1 just means some test failed; anything else from a trusted suite is a fault.
  if (!r.timed_out && (r.signal != 0 || (r.exit_code != 0 && r.exit_code != 1))) {
    outcome.crashed = true;
    outcome.detail = "the test suite " +
                     (r.signal ? "was killed by " + sandbox::describe_signal(r.signal)
                               : "exited with status " + std::to_string(r.exit_code)) +
                     " (a test suite may use at most " + std::to_string(spec.limits.address_space_bytes >> 20) +
                     " MiB of memory; the results it wrote before are kept)\n" + err_rest.substr(0, 2000);
  }
  std::istringstream in(results);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line.size() > caps::kMaxSuiteResultLineBytes) continue;
    try {
      auto j = nlohmann::json::parse(line);
      if (j.contains("did_not_start")) {
        if (outcome.did_not_start.empty()) outcome.did_not_start = j.at("did_not_start").get<std::string>();
        continue;
      }
      // Tests that ended after the worker did not start only repeat it; the
      // grader says it once, for the lesson.
      if (!outcome.did_not_start.empty()) continue;
      outcome.lines.push_back({j.at("name").get<std::string>(), line_status(j.at("status").get<std::string>()),
                               j.value("message", ""), j.value("ms", 0) / 1000.0, {}, {}, {}});
      if (auto stack = j.find("fault_stack"); stack != j.end() && stack->is_array())
        for (const auto& name : *stack) {
          if (outcome.lines.back().fault_stack.size() == caps::kMaxFaultFrames) break;
          if (name.is_string()) outcome.lines.back().fault_stack.push_back(name.get<std::string>().substr(0, caps::kMaxFaultNameBytes));
        }
      if (auto expectations = j.find("argument_expectations");
          expectations != j.end() && expectations->is_array())
        for (const auto& pair : *expectations) {
          if (outcome.lines.back().argument_expectations.size() == caps::kMaxArgumentExpectations) break;
          if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !pair[1].is_string()) continue;
          outcome.lines.back().argument_expectations.push_back(
              {pair[0].get<std::string>().substr(0, caps::kMaxArgumentExpectationBytes),
               pair[1].get<std::string>().substr(0, caps::kMaxArgumentExpectationBytes)});
        }
      if (auto how = j.find("fault_how"); how != j.end() && how->is_string())
        for (const char* known : {"threw", "crashed", "timed_out"})
          if (how->get<std::string>() == known) outcome.lines.back().fault_how = known;
    } catch (const nlohmann::json::exception&) {
      // A torn last line (the run was stopped mid-write) is simply not a result.
    }
  }
  return outcome;
}

}  // namespace grader::runner
