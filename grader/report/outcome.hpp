// What happened to a lesson of a submission, in one vocabulary shared by
// every report: the batch summary on the terminal, the class and student
// pages, the status columns of the csv and json exports, markdown and JUnit.
// The gradebook stores what grading recorded (runner::LessonStatus and each
// test's runner::TestStatus); the outcome is read from those, here only.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "grader/report/student_view.hpp"
#include "grader/runner/results.hpp"

namespace grader::report {

/// In order of seriousness, the worst first (a submission takes the worst
/// outcome of the lessons it attempted).
enum class Outcome {
  internal_error,    ///< the grader could not run the lesson (not the student's doing)
  compile_error,     ///< a file of the lesson did not compile or link
  did_not_start,     ///< the lesson's code built but never became ready (a global's initialiser)
  timed_out,         ///< a test's call ran past its time limit, or the lesson past its own
  crashed,           ///< a test's call ended the worker (a signal, exit(), a limit), or the suite run ended abnormally
  failed,            ///< graded with failures: some test failed (or reached a stub)
  awaiting_review,   ///< no test failed, but some answers await an instructor's review (their points are not given yet)
  passed,            ///< every test passed
  not_attempted,     ///< every file of the lesson is missing or identical to the starter
  empty_submission,  ///< the submission holds no file at all
};

/// Every outcome, in the order above (for counting and for tables).
const std::vector<Outcome>& all_outcomes();

/// The machine name written in exports: "timed_out", "not_attempted", ...
std::string_view name_of(Outcome outcome);
/// The words people read: "timed out", "graded with failures", "not attempted", ...
std::string_view words_of(Outcome outcome);

/// A test's status in words: "passed", "failed", "not implemented",
/// "crashed", "timed out", "did not run", "awaiting review".
std::string_view words_of(runner::TestStatus status);

Outcome lesson_outcome(const runner::LessonResult& lesson);

/// False for not_attempted and empty_submission.
bool attempted(Outcome outcome);
/// True when the lesson's tests ran to their end: failed, awaiting_review, passed.
bool tests_ran(Outcome outcome);
/// The outcomes an instructor must look at, each listed with its student:
/// internal error, compile error, did not start, timed out, crashed.
bool needs_attention(Outcome outcome);

/// The worst outcome of the lessons the submission attempted; when it
/// attempted none, empty_submission or not_attempted.
Outcome submission_outcome(const runner::SubmissionResult& result);

/// The first line of what explains the lesson's outcome, as `audience` may
/// read it: the compiler's first line, the start failure, the message of
/// the first test that crashed or timed out ("" when there is nothing to say).
/// Not escaped: submission text, for the caller to escape.
std::string first_message(const runner::LessonResult& lesson, Audience audience);

/// One line for a status column: the submission's outcome, the lessons
/// flagged (needs_attention) with theirs, and how many lessons were not attempted:
/// "crashed (vectors: crashed; matrices: timed out); 5 of 8 lessons not attempted".
std::string outcome_summary(const runner::SubmissionResult& result);

}  // namespace grader::report
