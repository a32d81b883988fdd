#include "grader/runner/lesson/limits.hpp"

#include <algorithm>

namespace grader::runner {

int GradingClock::seconds_left(time_point now) const {
  if (!deadline_) return std::numeric_limits<int>::max();
  const double left = std::chrono::duration<double>(*deadline_ - now).count();
  return left <= 0 ? 0 : std::max(1, static_cast<int>(left));
}

LessonLimits resolve_lesson_limits(const course::Course& course, const course::Lesson& lesson,
                                   const SelectedExercises& exercises, int seconds_left, bool has_deadline) {
  LessonLimits out;
  int compile_timeout = 0;
  for (const auto& [id, e] : exercises) {
    auto lim = course::resolve(e->limits, lesson.limits, course.limits);
    out.call_timeout_ms = std::max(out.call_timeout_ms, lim.call_timeout_ms);
    out.memory_mb = std::max(out.memory_mb, lim.memory_mb);
    compile_timeout = std::max(compile_timeout, lim.compile_timeout_s);
  }
  out.lesson_timeout_s = course::resolve({}, lesson.limits, course.limits).lesson_timeout_s;
  out.deadline_first = seconds_left < out.lesson_timeout_s;
  // CPU time limits each compile; its wall time may stretch on a busy machine, up to the deadline.
  out.build = build::BuildLimits{std::max(1, std::min(compile_timeout, seconds_left)), 2048};
  if (has_deadline) out.build.wall_timeout_s = std::max(1, std::min(out.build.wall_seconds(), seconds_left));
  return out;
}

}  // namespace grader::runner
