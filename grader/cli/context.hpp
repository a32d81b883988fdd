// What every subcommand needs: the course, the toolchain and the cache, found
// from the command line's global options.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "grader/build/toolchain.hpp"
#include "grader/course/model.hpp"
#include "grader/runner/grader.hpp"

namespace grader::cli {

/// Exit codes, documented in --help.
enum ExitCode : int { kAllPassed = 0, kSomeFailed = 1, kUsageError = 2, kInternalError = 3 };

struct GlobalOptions {
  std::string course_dir;  ///< empty: from the toolchain manifest
  std::string toolchain;   ///< empty: next to the executable
  std::string cache_dir;   ///< empty: <build>/grader-cache
  bool no_color = false;
  int jobs = 0;            ///< 0: number of cores
};

/// Thrown for problems the user can fix (bad course.yaml, missing build):
/// main prints the message and exits with kUsageError.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Context {
  build::Toolchain toolchain;
  course::Course course;
  std::filesystem::path cache_dir;
  int jobs = 1;
  bool color = false;
  std::unique_ptr<runner::Grader> grader;

  /// The course's version plus a digest of course.yaml and every built
  /// suite: results graded under another fingerprint are regraded.
  std::string course_fingerprint() const;
};

/// For the commands that grade with hidden tests (grade, regrade, validate,
/// mutate): a UsageError, before anything is graded or recorded, when the
/// build lacks the hidden or serving suites of `lessons` (empty: every
/// lesson), naming the command that builds them.
void require_grading_build(const Context& ctx, const std::string& command, const std::vector<std::string>& lessons = {});

/// Loads toolchain and course.yaml; converts their errors into UsageError.
std::unique_ptr<Context> make_context(const GlobalOptions& options, bool need_hidden_files = false);

}  // namespace grader::cli
