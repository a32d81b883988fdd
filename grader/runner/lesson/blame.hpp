// Grading a lesson, after its suites ran: the function at fault. A test calls
// one function of its exercise, but that code may call a function of another
// exercise or of an earlier lesson (`uses`) that is still a stub or throws;
// the test then names the function at fault and where it lives, instead of
// sending the student to the file of the exercise they finished
// (docs/architecture.md, "The function at fault").
#pragma once

#include <map>
#include <string>
#include <vector>

#include "grader/course/model.hpp"
#include "grader/runner/lesson/suite_runs.hpp"
#include "grader/runner/lesson/test_plan.hpp"

namespace grader::runner {

/// A function a starter file defines, and where the student writes it.
struct FunctionHome {
  std::string written;  ///< as the starter writes it: "Counter::add"
  std::string lesson;
  std::string exercise;  ///< the first exercise (in course order) whose files hold it
  std::string file;      ///< "vectors/dot.cpp"
};
/// Keyed by the fully qualified name, as a stack names it:
/// "course::Counter::add".
using FunctionHomes = std::map<std::string, FunctionHome>;

/// The functions defined at namespace scope in `source` (a starter file),
/// qualified with their namespaces: {qualified, as written}. Trusted text
/// (course-owned), read with the C++ tokenizer, so comments and calls inside
/// function bodies are not definitions.
std::vector<std::pair<std::string, std::string>> defined_functions(const std::string& source);

/// The homes of every function the starters of `lesson` and of the lessons
/// it uses define (course::pristine_starter: the starter as shipped, never the student's edits).
FunctionHomes function_homes(const course::Course& course, const course::Lesson& lesson);

/// How the failing call ended in the function at fault.
enum class FaultHow { not_implemented, threw, crashed, timed_out };

/// The home of the function at fault for a failed test of `exercise` whose
/// failing call's stack was `stack` (innermost first), or nullptr when the
/// test's own exercise is (see function_at_fault).
const FunctionHome* home_at_fault(const FunctionHomes& homes, const std::vector<std::string>& stack,
                                  const course::Exercise& exercise, const std::vector<std::string>& answered = {});

/// The line naming the function at fault for a failed test of `exercise`
/// whose failing call's stack was `stack` (innermost first), or "" when the
/// innermost course function on it is in one of the exercise's own files
/// (or none is), or was answered by the reference: its lesson or its
/// "lesson/exercise" is in `answered` (the run's callbacks), so the
/// student's own function of that name was not even in the worker.
std::string function_at_fault(const FunctionHomes& homes, const std::vector<std::string>& stack,
                              const course::Exercise& exercise, const std::string& lesson, FaultHow how,
                              const std::vector<std::string>& answered = {});

/// For every failed test whose failing call threw, crashed or timed out in
/// another exercise's function: the line after the message's first line (the call), and a test
/// that reached another exercise's stub is failed, not "not implemented"
/// (its own exercise is not what is missing).
/// `answered`: per exercise id, what its tests' run answered from the
/// reference (the suite's callbacks).
void name_functions_at_fault(const course::Course& course, const course::Lesson& lesson,
                             std::vector<PlannedTest>& planned, const SuitesRun& run,
                             const std::map<std::string, std::vector<std::string>>& answered = {});

}  // namespace grader::runner
