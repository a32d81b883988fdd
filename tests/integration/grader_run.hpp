// Running the built `grader` program from a test: a scratch folder that
// cleans up after itself, and one grader run with its exit code, output and
// a deadline. Shared by the end-to-end tests in tests/integration/.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "grader/util/files.hpp"

namespace grader_test {

/// A fresh folder under $TMPDIR, removed with everything in it.
using ScratchDir = grader::util::TempDir;

std::string read_text(const std::filesystem::path& p);
/// Writes `text` to `p`, creating its folders.
void write_text(const std::filesystem::path& p, const std::string& text);

struct GraderRun {
  int exit_code = -1;  ///< -1 when killed
  bool timed_out = false;
  std::string out;
  std::string err;
  double seconds = 0;
};

/// Starts argv[0] (a path) with `argv` and the environment `env` ("NAME=value"),
/// stdin from /dev/null, stdout and stderr to the files given; in a process
/// group of its own when `own_group`, in the folder `cwd` (empty: this
/// process's). Throws std::runtime_error when it cannot.
pid_t spawn_process(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                    const std::filesystem::path& out, const std::filesystem::path& err, bool own_group,
                    const std::filesystem::path& cwd = {});

/// Runs GRADER_EXE with `args` (NO_COLOR set, stdin from /dev/null, output to
/// files so no pipe can fill up); the whole process group is killed at
/// `limit` times COURSE_TEST_TIMEOUT_SCALE (tests/support/timeouts.hpp).
/// `extra_env` ("NAME=value") takes precedence over the test's environment.
/// It runs in `cwd` when given (relative paths in `args` are relative to it).
GraderRun run_grader(const std::vector<std::string>& args, std::chrono::seconds limit = std::chrono::seconds(300),
                     const std::vector<std::string>& extra_env = {}, const std::filesystem::path& cwd = {});

/// Exit code, time and the start of both outputs, for failure messages.
std::string describe(const GraderRun& r);

}  // namespace grader_test

namespace grader_test {

/// A course of its own in a scratch folder: every entry of `course` linked
/// (its build folders and .git left out), so the files the build's manifest
/// names still exist, and `yaml` as its course.yaml.
class LinkedCourse {
 public:
  LinkedCourse(const std::filesystem::path& course, const std::string& yaml);
  /// The same, with course.yaml's first `from` replaced by `to` (throws when
  /// the course no longer says `from`).
  LinkedCourse(const std::filesystem::path& course, const std::string& from, const std::string& to);
  std::filesystem::path root() const { return scratch_.path(); }

 private:
  ScratchDir scratch_;
};

/// A submission at `into`: the course's solutions/ copied, then the folder
/// tests/submissions/<broken> laid over it (files listed in its .remove are
/// deleted afterwards). Returns `into`.
std::filesystem::path overlay_submission(const std::filesystem::path& course, const std::filesystem::path& into,
                                         const std::string& broken);

}  // namespace grader_test
