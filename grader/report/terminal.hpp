// Readable reports on a terminal: `grader check` (progress through the
// course) and `grader grade` without --format.
#pragma once

#include <ostream>
#include <string>

#include "grader/course/model.hpp"
#include "grader/runner/results.hpp"

namespace grader::report {

/// TerminalStyle::max_failures_shown for every failure (`grader check LESSON`, `watch`).
inline constexpr std::size_t kEveryFailure = static_cast<std::size_t>(-1);

struct TerminalStyle {
  bool color = false;
  bool student_view = true;        ///< hide details of tests with show_details == false
  /// Per exercise; the cut line names the command that shows the rest.
  std::size_t max_failures_shown = 3;
  std::size_t max_message_lines = 20;  ///< a failure, its likely cause and the output of the calls
  /// true for `grade` with hidden tests; false for `check` (and --public-only),
  /// whose total is what the public tests can award: the last line then says
  /// so and gives the course's maximum next to it.
  bool hidden_graded = false;
  /// Compact: one line per lesson, and only the next unfinished exercise with
  /// its failures (`grader check` of the whole course).
  bool outline = false;
  /// The student's folder as they named it: "edit this file" pointers and
  /// compiler messages name the files beneath it. Empty: the graded folder
  /// or archive (the result's source), or starter/ when the result has none.
  std::string workspace;
  /// Exercises in the chosen scope (a track); 0: the whole course. The
  /// course's closing words show only when that many exercises are done.
  std::size_t scope_exercises = 0;
};

/// The course outline with each exercise's state, failing tests with their
/// messages, and a progress summary.
void print_check(std::ostream& out, const course::Course& course, const runner::SubmissionResult& result,
                 const TerminalStyle& style);

/// Where an exercise (or a lesson) stands, as check shows it.
enum class ExerciseState {
  done,             ///< every test passed
  awaiting_review,  ///< every test passed or awaits an instructor
  in_progress,      ///< some test failed, not all because of stubs
  not_started,      ///< every test reached a starter stub
  broken,           ///< its lesson did not compile, did not start or could not be graded
  no_tests,         ///< nothing was graded for it
};
/// "done", "awaiting review", "in progress", "not started", "broken", "no tests".
const char* to_string(ExerciseState state);
/// Finished: done, or done but for answers an instructor still has to score.
bool finished(ExerciseState state);

/// The state of `exercise` in `lesson`'s results.
ExerciseState exercise_state(const runner::LessonResult& lesson, const std::string& exercise);

}  // namespace grader::report
