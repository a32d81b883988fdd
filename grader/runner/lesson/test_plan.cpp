#include "grader/runner/lesson/test_plan.hpp"

#include <algorithm>

#include "grader/runner/points.hpp"

namespace grader::runner {

SelectedExercises select_exercises(const course::Lesson& lesson, const std::set<std::string>& wanted) {
  SelectedExercises by_id;
  for (const auto& e : lesson.exercises)
    if (wanted.empty() || wanted.count(e.id)) by_id[e.id] = &e;
  return by_id;
}

bool has_code(const SelectedExercises& exercises) {
  return std::any_of(exercises.begin(), exercises.end(),
                     [](const auto& kv) { return kv.second->kind == course::ExerciseKind::code; });
}

std::vector<SuiteToRun> suites_to_run(const build::LessonArtifacts& artifacts, bool serving, bool include_hidden) {
  std::vector<SuiteToRun> suites;
  // With callbacks, the public tests run in the suite that can answer them.
  if (auto it = artifacts.suites.find(serving ? "public_serving" : "public"); it != artifacts.suites.end())
    suites.push_back({it->second, false});
  if (include_hidden)
    if (auto it = artifacts.suites.find("hidden"); it != artifacts.suites.end()) suites.push_back({it->second, true});
  return suites;
}

bool same_source(const std::string& compiled, const std::string& listed) {
  if (compiled == listed) return true;
  return compiled.size() > listed.size() && compiled.compare(compiled.size() - listed.size(), listed.size(), listed) == 0 &&
         compiled[compiled.size() - listed.size() - 1] == '/';
}

namespace {

// The exercise whose public or hidden suite files hold `source_file`, or "".
std::string exercise_of(const course::Lesson& lesson, const std::string& source_file, bool& hidden) {
  for (const auto& e : lesson.exercises) {
    for (const auto& f : e.public_tests.files)
      if (same_source(source_file, f)) {
        hidden = false;
        return e.id;
      }
    for (const auto& f : e.hidden_tests.files)
      if (same_source(source_file, f)) {
        hidden = true;
        return e.id;
      }
  }
  return {};
}

}  // namespace

std::vector<PlannedTest> plan_tests(const course::Lesson& lesson, const SelectedExercises& exercises,
                                    const std::vector<SuiteListing>& listings) {
  std::vector<PlannedTest> planned;
  for (const auto& listing : listings)
    for (const auto& t : listing.tests) {
      bool in_hidden_file = false;
      std::string exercise = exercise_of(lesson, t.file, in_hidden_file);
      auto it = exercises.find(exercise);
      if (exercise.empty() || it == exercises.end()) continue;  // unassigned tests are reported by validate
      const course::Suite& s = in_hidden_file ? it->second->hidden_tests : it->second->public_tests;
      TestResult r;
      r.lesson = lesson.id;
      r.exercise = exercise;
      r.name = t.name;
      r.hidden = listing.suite.hidden;
      r.visibility = s.visibility;
      r.show_details = s.show_details;
      r.public_message = s.show_details ? "" : s.message;
      planned.push_back({std::move(r), listing.suite.path});
    }

  // Points: an exercise's total is split evenly over the tests being graded,
  // in whole thousandths that add up to exactly the exercise's points.
  std::map<std::string, std::vector<PlannedTest*>> of_exercise;
  for (auto& p : planned) of_exercise[p.test.exercise].push_back(&p);
  for (auto& [id, tests] : of_exercise) {
    const auto& e = *exercises.at(id);
    if (e.points_per_test) {
      for (auto* p : tests) p->test.max_score = exact_points(*e.points_per_test);
      continue;
    }
    const std::vector<double> parts = split_points(e.points.value_or(0), tests.size());
    for (std::size_t i = 0; i < tests.size(); ++i) tests[i]->test.max_score = parts[i];
  }
  return planned;
}

}  // namespace grader::runner
