#include "grader/runner/results.hpp"

#include "grader/runner/points.hpp"

namespace grader::runner {

const char* to_string(TestStatus s) {
  switch (s) {
    case TestStatus::passed: return "passed";
    case TestStatus::failed: return "failed";
    case TestStatus::not_implemented: return "not_implemented";
    case TestStatus::crashed: return "crashed";
    case TestStatus::timed_out: return "timed_out";
    case TestStatus::not_run: return "not_run";
    case TestStatus::pending_review: return "pending_review";
  }
  return "unknown";
}

const char* to_string(LessonStatus s) {
  switch (s) {
    case LessonStatus::graded: return "graded";
    case LessonStatus::compile_error: return "compile_error";
    case LessonStatus::did_not_start: return "did_not_start";
    case LessonStatus::crashed: return "crashed";
    case LessonStatus::timed_out: return "timed_out";
    case LessonStatus::missing_files: return "missing_files";
    case LessonStatus::internal_error: return "internal_error";
    case LessonStatus::not_attempted: return "not_attempted";
    case LessonStatus::empty_submission: return "empty_submission";
  }
  return "unknown";
}

double penalised_score(const SubmissionResult& result) {
  const double kept = 1.0 - result.lateness.penalty_percent / 100.0;
  return exact_points(result.score * (kept < 0 ? 0 : kept));
}

bool all_passed(const SubmissionResult& result) {
  bool any = false;
  for (const auto& lesson : result.lessons) {
    if (lesson.status != LessonStatus::graded) return false;
    for (const auto& t : lesson.tests) {
      if (t.status != TestStatus::passed && t.status != TestStatus::pending_review) return false;
      any = true;
    }
  }
  return any;
}

}  // namespace grader::runner
