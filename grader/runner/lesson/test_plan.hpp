// Grading a lesson, step 1: which tests are graded, which exercise each
// belongs to, and how many points each can earn. Pure: the suites' listings
// come in as data, so the plan can be tested without building anything.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "grader/build/toolchain.hpp"
#include "grader/course/model.hpp"
#include "grader/runner/results.hpp"
#include "grader/runner/suite_run.hpp"

namespace grader::runner {

/// The lesson's exercises being graded, by id (a track or --exercise narrows them).
using SelectedExercises = std::map<std::string, const course::Exercise*>;

/// `lesson`'s exercises in `wanted` (empty: all of them).
SelectedExercises select_exercises(const course::Lesson& lesson, const std::set<std::string>& wanted);

/// True when any selected exercise is code (has suites to run).
bool has_code(const SelectedExercises& exercises);

/// A trusted suite executable a lesson runs.
struct SuiteToRun {
  std::string path;     ///< the executable, from the toolchain manifest
  bool hidden = false;  ///< the hidden suite (grade only)
  /// Only these of its tests ("Suite.Test"): a lesson whose exercises are
  /// graded with different workers runs each worker's tests alone. Empty: all.
  std::vector<std::string> tests = {};
};

/// The suites grading runs for a lesson built as `artifacts`: its public suite
/// (the one that answers callbacks when `serving`, i.e. some used lesson is
/// served by its reference) and, with `include_hidden`, its hidden suite.
std::vector<SuiteToRun> suites_to_run(const build::LessonArtifacts& artifacts, bool serving, bool include_hidden);

/// What a suite holds (list_suite).
struct SuiteListing {
  SuiteToRun suite;
  std::vector<ListedTest> tests;
};

/// A test the lesson grades, before it ran: its result so far (names,
/// visibility, max_score; status not_run) and the suite that runs it.
struct PlannedTest {
  TestResult test;
  std::string suite;  ///< SuiteToRun::path
};

/// The tests of `listings` that belong to a selected exercise of `lesson`
/// (tests in no exercise's files are skipped: validate reports them), in
/// listing order, each with its share of its exercise's points: an
/// exercise's total split evenly over its tests in whole thousandths, or
/// `points_per_test` each.
std::vector<PlannedTest> plan_tests(const course::Lesson& lesson, const SelectedExercises& exercises,
                                    const std::vector<SuiteListing>& listings);

/// Does a compiled test source path (absolute, as GoogleTest lists it) belong
/// to a course-relative suite file?
bool same_source(const std::string& compiled, const std::string& listed);

}  // namespace grader::runner
