// Grading a lesson, step 2: the limits its worker, suites and compiles run
// under, from course.yaml (exercise over lesson over course) and the time
// left before the grading deadline (grade --time-limit, Gradescope's).
#pragma once

#include <chrono>
#include <limits>
#include <optional>

#include "grader/build/worker_builder.hpp"
#include "grader/course/model.hpp"
#include "grader/runner/lesson/test_plan.hpp"

namespace grader::runner {

/// The time grading may still take. Without a deadline there is always time.
class GradingClock {
 public:
  using time_point = std::chrono::steady_clock::time_point;
  explicit GradingClock(std::optional<time_point> deadline = std::nullopt) : deadline_(deadline) {}

  /// Whole seconds left at `now` (at least 1 while any is left), 0 when the
  /// deadline has passed; INT_MAX without a deadline.
  int seconds_left(time_point now = std::chrono::steady_clock::now()) const;
  bool has_deadline() const { return deadline_.has_value(); }

 private:
  std::optional<time_point> deadline_;
};

/// Every limit a lesson's grading needs, resolved.
struct LessonLimits {
  int call_timeout_ms = 0;    ///< per call into student code: the largest of the selected exercises'
  int memory_mb = 0;          ///< the worker's address space: the largest of the selected exercises'
  int lesson_timeout_s = 0;   ///< the lesson's whole suite run (lesson over course; exercises have none)
  build::BuildLimits build;   ///< each compile: the exercises' largest CPU limit, cut to the time left
  /// The deadline comes before the lesson's own timeout: a run stopped by
  /// time is then the deadline's doing, not the lesson's.
  bool deadline_first = false;
};

/// The limits for grading `exercises` of `lesson` with `seconds_left`
/// (GradingClock::seconds_left) still allowed; `has_deadline` caps the
/// compiler's wall time too.
LessonLimits resolve_lesson_limits(const course::Course& course, const course::Lesson& lesson,
                                   const SelectedExercises& exercises, int seconds_left, bool has_deadline);

}  // namespace grader::runner
