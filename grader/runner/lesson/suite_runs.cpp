#include "grader/runner/lesson/suite_runs.hpp"

#include <algorithm>

#include "grader/util/caps.hpp"

namespace grader::runner {
namespace fs = std::filesystem;

std::string suite_test_key(const std::string& suite, const std::string& test) { return suite + "\n" + test; }

SuitesRun run_suites(const std::vector<SuiteToRun>& suites, const fs::path& worker, const fs::path& scratch,
                     const LessonLimits& limits, const std::vector<std::string>& served, const GradingClock& clock,
                     const std::string& sources, const SuiteRunner& runner) {
  SuitesRun run;
  for (const auto& suite : suites) {
    fs::path suite_scratch = scratch / (suite.hidden ? "hidden" : "public");
    fs::create_directories(suite_scratch);
    const int lesson_timeout = std::max(1, std::min(limits.lesson_timeout_s, clock.seconds_left()));
    auto outcome = runner(suite.path, worker, suite_scratch,
                          {limits.call_timeout_ms, lesson_timeout, limits.memory_mb, served, suite.tests});
    // Tests that ended before the worker failed to start keep their results.
    if (!outcome.sandbox.empty() &&
        std::find(run.worker_isolation.begin(), run.worker_isolation.end(), outcome.sandbox) == run.worker_isolation.end())
      run.worker_isolation.push_back(outcome.sandbox);
    for (auto& l : outcome.lines) run.lines[suite_test_key(suite.path, l.name)] = std::move(l);
    if (!outcome.did_not_start.empty()) {
      // Said once for the lesson; the other suites would only wait for
      // the same worker to fail the same way.
      run.did_not_start = true;
      run.status = LessonStatus::did_not_start;
      run.detail = outcome.did_not_start + "\nThe lesson's files: " + sources +
                   ". Their global variables are initialised before the worker can be called; "
                   "the lesson's tests from then on were not run.";
      break;
    }
    if (outcome.results_cut) run.results_cut = true;
    if (outcome.timed_out) {
      run.status = LessonStatus::timed_out;
      run.detail = limits.deadline_first
                       ? "the time allowed for grading ran out while this lesson's tests ran; tests "
                         "that had finished keep their scores, the others were not run"
                       : "the lesson's tests took longer than " + std::to_string(limits.lesson_timeout_s) +
                             " s in total and were stopped; tests that had not finished score 0";
    } else if (outcome.crashed && run.status == LessonStatus::graded) {
      run.status = LessonStatus::crashed;
      run.detail = outcome.detail;
    }
  }
  return run;
}

void merge_runs(SuitesRun& into, SuitesRun&& part) {
  for (auto& [key, line] : part.lines) into.lines[key] = std::move(line);
  into.results_cut = into.results_cut || part.results_cut;
  for (auto& note : part.worker_isolation)
    if (std::find(into.worker_isolation.begin(), into.worker_isolation.end(), note) == into.worker_isolation.end())
      into.worker_isolation.push_back(std::move(note));
  if (part.did_not_start && !into.did_not_start) {
    into.did_not_start = true;
    into.status = part.status;
    into.detail = std::move(part.detail);
  } else if (into.status == LessonStatus::graded) {
    into.status = part.status;
    into.detail = std::move(part.detail);
  }
}

void record_outcomes(std::vector<PlannedTest>& planned, const SuitesRun& run) {
  for (auto& p : planned) {
    auto it = run.lines.find(suite_test_key(p.suite, p.test.name));
    if (it == run.lines.end() && run.did_not_start) {
      p.test.status = TestStatus::not_run;
      p.test.message = "not run: your code did not start (see the lesson's message)";
      continue;
    }
    if (it == run.lines.end()) {
      p.test.status = TestStatus::not_run;
      p.test.message = run.results_cut ? "not run: the suite's results were cut at " +
                                             std::to_string(caps::kMaxSuiteResultsBytes >> 20) + " MiB before this test"
                                       : "not run: the suite stopped before this test";
      continue;
    }
    p.test.seconds = it->second.seconds;
    p.test.message = it->second.message;
    p.test.status = it->second.status;
    p.test.argument_expectations = it->second.argument_expectations;
    if (p.test.status == TestStatus::passed) p.test.score = p.test.max_score;
  }
}

void mark_not_run(std::vector<PlannedTest>& planned, const std::string& message) {
  for (auto& p : planned) {
    p.test.status = TestStatus::not_run;
    p.test.message = message;
  }
}

void note_missing_files(LessonResult& result, std::vector<PlannedTest>& planned, const std::vector<std::string>& missing,
                        const SelectedExercises& exercises) {
  if (!missing.empty() && result.status == LessonStatus::graded) {
    result.status = LessonStatus::missing_files;
    std::string list;
    for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
    result.detail = "missing from the submission (the starter version was used): " + list;
  }
  for (auto& p : planned)
    for (const auto& m : missing) {
      const auto& e = *exercises.at(p.test.exercise);
      if (std::find(e.files.begin(), e.files.end(), m) != e.files.end() && p.test.status != TestStatus::passed)
        p.test.message = "file " + m + " is missing from the submission\n" + p.test.message;
    }
}

}  // namespace grader::runner
