// Grading a lesson, step 5: its score and maximum.
#pragma once

#include "grader/runner/lesson/test_plan.hpp"
#include "grader/runner/results.hpp"

namespace grader::runner {

/// Sets `result.score` (the sum of its tests' scores) and `result.max_score`.
/// The maximum comes from course.yaml, not from the tests that happened to
/// run: a lesson that could not even list its tests still counts its
/// exercises' points (and scores 0 of them). Exact to a thousandth.
void score_lesson(LessonResult& result, const SelectedExercises& exercises, bool include_hidden);

}  // namespace grader::runner
