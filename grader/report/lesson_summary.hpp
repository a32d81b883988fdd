// Summaries shared by the exports: per-exercise tallies, test counts, and a
// short plain-text account of a submission (score, each lesson, files the
// grader ignored or refused).
#pragma once

#include <string>
#include <vector>

#include "grader/report/student_view.hpp"
#include "grader/runner/results.hpp"

namespace grader::report {

/// The lesson's outcome in words (outcome.hpp): "passed", "compile error",
/// "timed out", "not attempted", ...
std::string describe(const runner::LessonResult& lesson);

/// The lesson's detail as `audience` may read it. Internal errors are the
/// grader's own problem (paths, install details), so students get a pointer to
/// the instructor instead.
std::string shown_detail(const runner::LessonResult& lesson, Audience audience);

/// A test's message as `audience` may read it (shown_message), except that a
/// test a compile error kept from running carries the lesson's compiler
/// output (capped at caps::kMaxCompilerOutputInReport, not yet escaped): a
/// report with one entry per test has no "compiler errors above" to point to.
std::string message_with_compiler_output(const runner::LessonResult& lesson, const runner::TestResult& test,
                                         Audience audience);

/// The first `max_bytes` of `text` (never inside a UTF-8 sequence), then
/// "... (cut: N bytes more)" when there was more.
std::string cut_text(const std::string& text, std::size_t max_bytes);

struct TestCounts {
  int total = 0;
  int passed = 0;
  int failed = 0;     ///< failed an assertion (crashed and timed_out are counted apart)
  int crashed = 0;
  int timed_out = 0;
  int not_implemented = 0;
  int not_run = 0;
  int pending_review = 0;
};
TestCounts count_tests(const runner::SubmissionResult& result);
TestCounts count_tests(const runner::LessonResult& lesson);

/// Points and pass counts of one exercise of one lesson.
struct ExerciseTally {
  std::string lesson;
  std::string exercise;
  double score = 0;
  double max_score = 0;
  TestCounts tests;
};
/// In the order the exercises first appear in the result.
std::vector<ExerciseTally> tally_exercises(const runner::SubmissionResult& result);

/// Plain text: the total, one line per lesson (with its detail when it did not
/// grade normally), then the ignored and refused files; submission text
/// through plain_text / plain_line (sanitize.hpp).
/// The late penalty in one line of plain text, "" when no deadline applied:
/// "Late: 20% off, 150 -> 120 points (2 days late: ...)" or "On time (...)".
std::string late_summary(const runner::SubmissionResult& result);

std::string submission_summary(const runner::SubmissionResult& result, Audience audience);

/// A score for people: 12.5, 10, 0.333 (at most three decimals, no trailing zeros).
std::string format_points(double points);

}  // namespace grader::report
