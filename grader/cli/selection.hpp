// What `grader check` and `grader watch` run: one reading of their LESSON
// argument and --track, so the two commands can never disagree.
#pragma once

#include <string>

#include "grader/course/model.hpp"
#include "grader/runner/grader.hpp"

namespace grader::cli {

/// `lesson` is a lesson id, or an exercise id standing for its lesson
/// narrowed to that exercise (students think in exercises); empty: every
/// lesson. `track` (empty: none) keeps only that track's exercises; a named
/// exercise is narrower and stays the only one. Throws UsageError for an
/// unknown lesson, exercise or track, naming what there is.
runner::GradeOptions check_selection(const course::Course& course, const std::string& lesson, const std::string& track);

}  // namespace grader::cli
