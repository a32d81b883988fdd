#include "grader/runner/quiz.hpp"

namespace grader::runner {

std::vector<TestResult> grade_quiz(const course::Course&, const course::Lesson& lesson, const course::Exercise& exercise,
                                   const CollectedFiles&, bool) {
  TestResult r;
  r.lesson = lesson.id;
  r.exercise = exercise.id;
  r.name = exercise.id;
  r.status = TestStatus::not_run;
  r.message = "quiz grading is not available in this grader";
  return {r};
}

}  // namespace grader::runner
