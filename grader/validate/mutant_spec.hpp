// A mutant's tests/mutants/<lesson>/<name>/mutant.yaml: read one file at a
// time, so one malformed file is one problem and every other mutant is still
// graded; then checked against course.yaml (its lesson and exercise exist).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "grader/course/model.hpp"

namespace grader::validate {

struct Mutant {
  std::string lesson;
  std::string name;
  std::string description;
  bool is_variant = false;  ///< correct but different: must keep full marks
  std::string exercise;
  std::vector<std::string> must_fail;
  std::filesystem::path folder;
  /// The README pitfalls this mutant makes (`pitfall: id` or a list; pitfalls.hpp).
  std::vector<std::string> pitfalls;
  /// Text the report's `likely cause:` line must hold (`expect_cause`); empty: none asked.
  std::string expect_cause;
  /// `one_exercise: true`: the mutant must cost points in its `exercise`
  /// only; every test of the lesson's other exercises passes (an exercise
  /// graded against the reference of the ones it `uses` does not pay for them).
  bool one_exercise = false;
  /// Why only hidden tests catch this mutant (`hidden_only`); empty: a
  /// public test must catch it, or `grader check` calls a wrong lesson done.
  std::string hidden_only;
};

/// A mutant.yaml that could not be used, and why.
struct MutantSpecProblem {
  std::string lesson;  ///< the folder under tests/mutants/ it is in
  std::string name;    ///< the mutant's folder
  std::string problem; ///< starts with the file, relative to the course: tests/mutants/<lesson>/<name>/mutant.yaml
};

struct MutantDiscovery {
  std::vector<Mutant> mutants;  ///< the well-formed ones, by lesson then name
  std::vector<MutantSpecProblem> problems;
};

/// Reads every tests/mutants/<lesson>/<name>/mutant.yaml under `course_root`.
/// A malformed file is a problem naming it; it does not stop the others.
MutantDiscovery discover_mutants(const std::filesystem::path& course_root);

/// What in `mutant` names nothing of `course`: a lesson course.yaml has not,
/// or an exercise its lesson has not (with the nearest id, "did you mean").
/// Empty: both exist.
std::string mutant_course_problem(const course::Course& course, const Mutant& mutant);

}  // namespace grader::validate
