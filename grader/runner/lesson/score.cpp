#include "grader/runner/lesson/score.hpp"

#include <map>

#include "grader/runner/points.hpp"

namespace grader::runner {

void score_lesson(LessonResult& result, const SelectedExercises& exercises, bool include_hidden) {
  PointSum score, max_score;
  std::map<std::string, std::size_t> tests_of;
  for (const auto& t : result.tests) {
    score += t.score;
    ++tests_of[t.exercise];
  }
  for (const auto& [id, e] : exercises) max_score += exercise_max_points(*e, tests_of[id], include_hidden);
  result.score = score.value();
  result.max_score = max_score.value();
}

}  // namespace grader::runner
