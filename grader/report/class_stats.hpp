// The class at a glance, computed once for every report that shows it (the
// batch summary on the terminal, the class page): how many submissions
// ended in each outcome, the score distribution, each exercise's pass rate
// and the hardest tests over the students who attempted them, and every
// lesson that needs an instructor's look (flagged), with its student.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "grader/course/model.hpp"
#include "grader/report/outcome.hpp"
#include "grader/runner/results.hpp"

namespace grader::report {

struct ExerciseStats {
  std::string lesson, exercise;
  int students = 0;    ///< submissions graded on it
  int attempted = 0;   ///< of them, those who attempted it (exercise_attempted)
  int solved = 0;      ///< of those, every test passed (or awaits review)
  int awaiting_review = 0;  ///< of the solved, those with an answer awaiting review (not yet solved for sure)
  int tests_passed = 0, tests_total = 0;  ///< over the students who attempted it
  double mean_points = 0;                 ///< over the students who attempted it
  double max_score = 0;
};

struct TestStats {
  std::string lesson, exercise, name;
  int failed = 0;     ///< failed, crashed, timed out or reached a stub, among...
  int attempted = 0;  ///< ...the students who attempted its exercise and whose test ran
  std::string common_message;  ///< the most frequent first line of its failures (instructor's view)
  int common_count = 0;
};

/// A flagged lesson (needs_attention): who, which lesson, what.
struct AttentionItem {
  std::string student, name;  ///< id, and the roster's name ("" when none)
  std::string lesson;
  Outcome outcome = Outcome::failed;
  std::string message;  ///< first_message(), instructor's view, not escaped
};

struct ClassStats {
  std::size_t submissions = 0;
  std::vector<std::pair<Outcome, int>> by_outcome;  ///< submission_outcome counts, in all_outcomes() order, none zero
  /// Scores after late penalties, as a fraction of the maximum, in the
  /// order of the results; and their mean, median, lowest and highest.
  std::vector<double> fractions;
  double mean = 0, median = 0, lowest = 0, highest = 0;
  std::vector<ExerciseStats> exercises;  ///< in course order (unknown exercises last, as first seen)
  std::vector<TestStats> hardest;        ///< most failures first (ties in course order), at most 10, each failed at least once
  std::vector<AttentionItem> flagged;  ///< in the order of the results, then of their lessons
  int lessons_not_attempted = 0;         ///< lessons (of all submissions) not attempted
  int submissions_not_attempted = 0;     ///< submissions that attempted no lesson (empty ones included)
};

/// True when the student attempted this exercise: its lesson was attempted
/// (outcome.hpp) and at least one of its tests did more than reach a starter
/// stub (a test that did not run, under a compile error, counts: the
/// student wrote code that did not build).
bool exercise_attempted(const runner::LessonResult& lesson, const std::string& exercise);

/// `course` gives the order of the exercises (nullptr: as first seen).
/// Where an exercise stands in course.yaml (0, 1, ...); exercises the course
/// does not name (an older result), and every exercise without a course, come after.
std::size_t course_position(const course::Course* course, const std::string& lesson, const std::string& exercise);

ClassStats class_stats(const course::Course* course, const std::vector<runner::SubmissionResult>& results);

}  // namespace grader::report
