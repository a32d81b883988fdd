// Grading quiz exercises: answers in a YAML file the student edits, checked by
// the trusted grader against an answer key that stays with the hidden tests.
#pragma once

#include <vector>

#include "grader/course/model.hpp"
#include "grader/runner/grader.hpp"
#include "grader/runner/results.hpp"

namespace grader::runner {

/// One TestResult per question. Without the answer key (a student's check, or
/// the release), answers are only checked for form and score nothing.
std::vector<TestResult> grade_quiz(const course::Course& course, const course::Lesson& lesson,
                                   const course::Exercise& exercise, const CollectedFiles& files, bool with_key);

}  // namespace grader::runner
