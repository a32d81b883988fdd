// Grading a lesson, step 4: running its suites against the built worker and
// giving every planned test its outcome. The suite runner is a parameter, so
// the lesson-level decisions (did not start, timed out, crashed, cut results)
// can be tested with made-up outcomes.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "grader/runner/lesson/limits.hpp"
#include "grader/runner/lesson/test_plan.hpp"
#include "grader/runner/results.hpp"
#include "grader/runner/suite_run.hpp"

namespace grader::runner {

/// run_suite's signature: (suite, worker, scratch, limits) -> outcome.
using SuiteRunner = std::function<SuiteOutcome(const std::string&, const std::filesystem::path&,
                                               const std::filesystem::path&, const SuiteLimits&)>;

/// What a lesson's suites said, together.
struct SuitesRun {
  /// Per test, keyed by suite_test_key(suite, name).
  std::map<std::string, SuiteOutcome::Line> lines;
  bool results_cut = false;    ///< some suite's results passed caps::kMaxSuiteResultsBytes
  bool did_not_start = false;  ///< the worker never became ready; later suites were not run
  LessonStatus status = LessonStatus::graded;  ///< did_not_start, timed_out or crashed, else graded
  std::string detail;                          ///< the lesson's message for that status
  std::vector<std::string> worker_isolation;   ///< how the workers were isolated, each distinct note once
};

std::string suite_test_key(const std::string& suite, const std::string& test);

/// Runs `suites` in order, each in its own folder under `scratch`, with the
/// lesson's limits; each suite gets the lesson timeout or the time left on
/// `clock`, whichever is less. `sources` names the worker's files in the
/// did-not-start message.
SuitesRun run_suites(const std::vector<SuiteToRun>& suites, const std::filesystem::path& worker,
                     const std::filesystem::path& scratch, const LessonLimits& limits,
                     const std::vector<std::string>& served, const GradingClock& clock, const std::string& sources,
                     const SuiteRunner& runner = run_suite);

/// Adds `part` (the run of another worker of the same lesson, on other tests)
/// to `into`: its lines and notes; a worker that did not start decides the
/// lesson's status, else the first status that is not graded.
void merge_runs(SuitesRun& into, SuitesRun&& part);

/// Every planned test's status, score, message and time from `run`; a test
/// without a result line is not_run, saying why.
void record_outcomes(std::vector<PlannedTest>& planned, const SuitesRun& run);

/// Every planned test not run, with `message`.
void mark_not_run(std::vector<PlannedTest>& planned, const std::string& message);

/// Files the submission lacked: the lesson becomes missing_files when it was
/// otherwise graded, and every unpassed test of an exercise naming such a
/// file says so first.
void note_missing_files(LessonResult& result, std::vector<PlannedTest>& planned, const std::vector<std::string>& missing,
                        const SelectedExercises& exercises);

}  // namespace grader::runner
