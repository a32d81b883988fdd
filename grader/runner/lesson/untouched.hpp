// Which exercises a submission has not touched: every file of the exercise
// is the shipped starter's, byte for byte. A starter that is a stub says so
// by throwing course::not_implemented; a starter that is a buggy program for
// the student to repair runs and fails, and only this comparison tells that
// nobody has worked on it yet (report/terminal.cpp: "not started").
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "grader/runner/lesson/test_plan.hpp"

namespace grader::runner {

/// The ids of the `exercises` whose files in `files` ((relative path,
/// content) pairs, as Grader::collect gives them) all equal the pristine
/// starter's of the course at `course_root`. An exercise without files (a
/// quiz graded elsewhere still has its answer file) is never untouched.
std::vector<std::string> untouched_exercises(const std::filesystem::path& course_root,
                                             const SelectedExercises& exercises,
                                             const std::vector<std::pair<std::string, std::string>>& files);

}  // namespace grader::runner
