#include "grader/report/history.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "grader/report/class_stats.hpp"
#include "grader/report/lesson_summary.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/runner/points.hpp"

namespace grader::report {

VersionChanges changes_between(const runner::SubmissionResult* before, const runner::SubmissionResult& after) {
  VersionChanges c;
  const std::vector<ExerciseTally> now = tally_exercises(after);
  const std::vector<ExerciseTally> then = before ? tally_exercises(*before) : std::vector<ExerciseTally>{};
  for (const auto& t : now) {
    auto it = std::find_if(then.begin(), then.end(),
                           [&](const ExerciseTally& p) { return p.lesson == t.lesson && p.exercise == t.exercise; });
    ExerciseChange e{t.lesson, t.exercise, it == then.end() ? 0.0 : it->score, t.score, t.max_score, it == then.end()};
    if (!before || e.is_new || runner::to_milli(e.before) != runner::to_milli(e.after)) c.exercises.push_back(e);
  }
  if (before) {
    c.files_changed = before->content_hash != after.content_hash;
    c.course_changed = before->course_version != after.course_version;
    c.score_delta = runner::from_milli(runner::to_milli(after.score) - runner::to_milli(before->score));
  } else {
    c.score_delta = after.score;
  }
  return c;
}

namespace {
std::string signed_points(double delta) {
  if (runner::to_milli(delta) == 0) return "+0";
  return (delta > 0 ? "+" : "-") + format_points(std::abs(delta));
}
}  // namespace

std::string history_text(const std::string& student, const std::vector<GradedVersion>& versions,
                         const course::Course* course, const std::string& name) {
  std::string out = fmt::format("History of {}{}: {} graded version{}\n", plain_line(student),
                                name.empty() ? "" : " (" + plain_line(name) + ")", versions.size(),
                                versions.size() == 1 ? "" : "s");
  const runner::SubmissionResult* previous = nullptr;
  for (std::size_t i = 0; i < versions.size(); ++i) {
    const auto& v = versions[i];
    VersionChanges c = changes_between(previous, v.result);
    // The gradebook lists tests alphabetically: the course's order reads as the lessons do.
    std::stable_sort(c.exercises.begin(), c.exercises.end(), [course](const ExerciseChange& a, const ExerciseChange& b) {
      return course_position(course, a.lesson, a.exercise) < course_position(course, b.lesson, b.exercise);
    });
    out += fmt::format("\n#{}  graded {}{}  score {} / {}", i + 1, plain_line(v.graded_at),
                       v.result.submitted_at.empty() ? "" : "  submitted " + plain_line(v.result.submitted_at),
                       format_points(v.result.score), format_points(v.result.max_score));
    if (previous) out += fmt::format(" ({})", signed_points(c.score_delta));
    if (v.result.lateness.penalty_percent > 0)
      out += fmt::format(", {} after the late penalty", format_points(runner::penalised_score(v.result)));
    out += "\n";
    // Raw, penalised and why, as every export says it.
    if (const std::string late = late_summary(v.result); !late.empty()) out += "    " + late + "\n";
    out += "    from " + plain_line(v.result.source) + "  files " + v.result.content_hash.substr(0, 12);
    if (previous) out += c.files_changed ? " (changed)" : " (same files)";
    out += "\n";
    if (c.course_changed) out += "    graded under another course version: " + plain_line(v.result.course_version) + "\n";
    for (const auto& e : c.exercises) {
      const std::string exercise_name = e.exercise.empty() ? e.lesson : e.exercise;
      if (!previous)
        out += fmt::format("    {:<24} {} / {}\n", plain_line(exercise_name), format_points(e.after), format_points(e.max_score));
      else if (e.is_new)
        out += fmt::format("    {:<24} new: {} / {}\n", plain_line(exercise_name), format_points(e.after), format_points(e.max_score));
      else
        out += fmt::format("    {:<24} {} -> {} / {} ({})\n", plain_line(exercise_name), format_points(e.before),
                           format_points(e.after), format_points(e.max_score), signed_points(e.after - e.before));
    }
    if (previous && c.exercises.empty()) out += "    no exercise changed its points\n";
    previous = &v.result;
  }
  return out;
}

}  // namespace grader::report
