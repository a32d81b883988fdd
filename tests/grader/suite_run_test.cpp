// What the grader reads from a suite's stderr (grader/runner/suite_run.cpp):
// only the worker client's first "sandbox: ..." line, written before any
// worker could print anything; a later line of that form is not taken.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <string>

#include "grader/runner/suite_run.hpp"
#include "grader/util/files.hpp"

namespace {

namespace fs = std::filesystem;

TEST(SuiteRun, OnlyTheFirstIsolationLineOfTheSuiteCounts) {
  grader::util::TempDir dir("suite-run-test");
  const fs::path suite = dir.path() / "suite.sh";
  std::ofstream(suite) << "#!/bin/sh\n"
                          "echo 'sandbox: own unprivileged uid, Landlock' >&2\n"
                          "echo 'a test printed this' >&2\n"
                          "echo 'sandbox: none (a line with text a worker chose)' >&2\n"
                          "exit 0\n";
  ::chmod(suite.c_str(), 0755);
  const fs::path scratch = dir.path() / "scratch";
  fs::create_directories(scratch);
  const auto outcome = grader::runner::run_suite(suite.string(), dir.path() / "no-worker", scratch, {});
  EXPECT_FALSE(outcome.crashed) << outcome.detail;
  EXPECT_EQ(outcome.sandbox, "own unprivileged uid, Landlock");
}

}  // namespace
