#include "grader/cli/selection.hpp"

#include "grader/cli/context.hpp"

namespace grader::cli {

runner::GradeOptions check_selection(const course::Course& course, const std::string& lesson, const std::string& track) {
  runner::GradeOptions options;
  if (!lesson.empty()) {
    if (course.find_lesson(lesson)) {
      options.lessons = {lesson};
    } else {
      auto [in_lesson, exercise] = course.find_exercise(lesson);
      if (!exercise) {
        std::string ids;
        for (const auto& l : course.lessons) ids += (ids.empty() ? "" : ", ") + l.id;
        throw UsageError("no lesson or exercise named '" + lesson + "'; lessons are: " + ids);
      }
      options.lessons = {in_lesson->id};
      options.exercises = {exercise->id};
    }
  }
  if (!track.empty()) {
    const auto* found = course.find_track(track);
    if (!found) throw UsageError("no track named '" + track + "' in course.yaml (see grader list)");
    if (options.exercises.empty()) options.exercises.insert(found->exercises.begin(), found->exercises.end());
  }
  return options;
}

}  // namespace grader::cli
