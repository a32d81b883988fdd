// What grading produces: per test, per lesson, per submission. Reports,
// exports and the gradebook read only these types.
#pragma once

#include <ctime>
#include <optional>
#include <string>
#include <vector>

#include "grader/course/deadlines.hpp"
#include "grader/course/model.hpp"

namespace grader::runner {

enum class TestStatus {
  passed,
  failed,           ///< assertion failed, wrong exception, a result that could not be checked
  not_implemented,  ///< the student's function is still the starter stub
  crashed,          ///< a call ended the worker (a signal, exit(), a resource limit): failed, and said so
  timed_out,        ///< a call ran past the call time limit (an infinite loop?): failed, and said so
  not_run,          ///< the lesson never ran (compile error, missing files, ...)
  pending_review,   ///< free-text quiz answer awaiting an instructor
};
const char* to_string(TestStatus s);

/// A test that did not pass and is not awaiting review: failed, crashed or
/// timed out (not_implemented and not_run are counted apart).
inline bool is_failure(TestStatus s) {
  return s == TestStatus::failed || s == TestStatus::crashed || s == TestStatus::timed_out;
}

/// An EXPECT_INVALID_ARGUMENT of a test that saw its call throw
/// std::invalid_argument: the argument the test expects the message to name
/// (its fragment) and the message the code gave.
struct ArgumentExpectation {
  std::string argument;
  std::string message;
};

struct TestResult {
  std::string lesson;
  std::string exercise;
  std::string name;  ///< GoogleTest "Suite.Test", or the quiz question id
  bool hidden = false;
  course::Visibility visibility = course::Visibility::visible;
  bool show_details = true;  ///< false: students see `public_message` instead of `message`
  TestStatus status = TestStatus::not_run;
  double score = 0;
  double max_score = 0;
  std::string message;         ///< full failure text (instructors, and students when show_details)
  std::string public_message;  ///< what a student sees when !show_details
  double seconds = 0;
  /// The test's invalid-argument expectations that threw (suites' result
  /// lines; read by `grader validate` on the references, kept in no report).
  std::vector<ArgumentExpectation> argument_expectations = {};
  /// When the failing call reached a function of another exercise
  /// (runner/lesson/blame.hpp): that function as the starter writes it and
  /// its "lesson/exercise"; empty when the test's own exercise is at fault.
  std::string at_fault_function = {};
  std::string at_fault_exercise = {};
  std::string at_fault_file = {};  ///< the student file that defines it, as the course names it
  /// That function was a starter's stub (not implemented yet): the test
  /// says nothing until the other exercise is done.
  bool at_fault_unfinished = false;
};

enum class LessonStatus {
  graded,         ///< the suites ran (whatever the tests said)
  compile_error,  ///< a student file did not compile or link
  did_not_start,  ///< the worker built but never became ready (static initialisation hung, crashed or exited)
  crashed,        ///< the suite run itself ended abnormally
  timed_out,      ///< the lesson exceeded its wall-time limit
  missing_files,  ///< graded with some student files absent (starter used); written by graders before not_attempted existed
  internal_error, ///< the grader could not run the lesson (a bug or a broken install)
  not_attempted,  ///< every file of the lesson is missing or identical to the starter (its tests still ran)
  empty_submission, ///< the submission holds no file at all (every lesson of it says so)
};
const char* to_string(LessonStatus s);

/// How a program that handled student code was isolated, as isolate's meta
/// file records a run: data of the lesson's result, printed by whoever wants
/// it (`grader grade` logs each distinct note once, report/isolation_notes.hpp).
struct IsolationNote {
  std::string who;          ///< "compiler" or "worker"
  std::string description;  ///< sandbox::describe(): what it got, and what was not available and why
};

struct LessonResult {
  std::string lesson;
  LessonStatus status = LessonStatus::graded;
  std::string detail;  ///< compiler errors (trimmed), missing files, what crashed
  std::vector<TestResult> tests;
  std::vector<IsolationNote> isolation;  ///< the compiler's (when it ran) and the workers' (when one started)
  /// Exercises whose every file is the shipped starter's, byte for byte
  /// (course/pristine_starter.hpp): a starter that is a buggy program to
  /// repair fails its tests untouched, and has still not been started.
  std::vector<std::string> untouched_exercises;
  double score = 0;
  double max_score = 0;
  double seconds = 0;
};

/// How the submission stands against its deadline (grader/runner/late_policy.hpp
/// decides it). The points the tests gave stay in `score`; the penalty is a
/// percentage of them, so a manual grade imported later is penalised alike.
struct Lateness {
  bool late = false;            ///< after the due date (and grace), or flagged late by the LMS
  double late_seconds = -1;     ///< past the (extended) due date; -1 when unknown or on time
  double penalty_percent = 0;   ///< 0..100 of the points taken off (100: no credit)
  std::string reason;           ///< for people: "2 days late (due ...): 20% off"; "" when no deadline applied
};

/// What a late decision was made from, kept with the graded version (gradebook
/// schema 4) so that `grader regrade` and `merge` apply the same decision
/// again instead of grading the submission as if no deadline existed.
struct LateInputs {
  bool applied = false;                          ///< false: graded without --deadlines
  course::LatePolicy policy;                     ///< the deadlines file as read then
  std::optional<std::time_t> submitted_at;       ///< the time found, if any
  std::string time_source;                       ///< where it came from ("from times.csv", "the entry's file time")
  bool flagged_late = false;                     ///< the LMS's late flag in the entry's name
  std::optional<std::time_t> extended_due;       ///< the student's extension, if any
  bool operator==(const LateInputs&) const = default;
};

/// One path a submission was read from, as the gradebook records it.
struct SourcePath {
  std::string path;      ///< absolute: a folder or archive, or one part of a submission an LMS split
  std::string uploaded;  ///< a loose file's name as uploaded ("softmax.cpp"); empty for a folder or archive
  bool operator==(const SourcePath&) const = default;
};

struct SubmissionResult {
  std::string student;       ///< student id (from the entry name), or the folder name
  std::string student_name;  ///< from the gradebook's roster when imported (filled by exports, not stored)
  std::string source;        ///< the folder or archive graded (with parts, the first part), for people to read
  /// Every path graded, kept as a list (never joined, so no path can forge
  /// another): one folder or archive, or each part. What `grader regrade`
  /// and `similarity` read back. Empty in a row a grader before gradebook
  /// schema 3 wrote: its `source` then holds every path, one per line.
  std::vector<SourcePath> source_paths;
  std::string content_hash;  ///< sha256 over the student files taken
  std::string course_version;
  std::string grader_version;
  std::vector<LessonResult> lessons;
  std::vector<std::string> ignored_files;  ///< plain files in the submission the course does not name
  std::vector<std::string> rejected_files; ///< files refused (binaries, symlinks, archive entries), named by the course or not, with reasons
  std::string submitted_at;  ///< ISO 8601, when known
  Lateness lateness;         ///< empty reason: no deadline was applied
  LateInputs late_inputs;    ///< what `lateness` was decided from
  double score = 0;          ///< the tests' points, before any late penalty
  double max_score = 0;
  double seconds = 0;
};

/// `result.score` less the late penalty, exact to a thousandth.
double penalised_score(const SubmissionResult& result);

/// True when every lesson ran normally and every test passed (answers awaiting
/// review are not failures), i.e. exit code 0 of check and grade.
bool all_passed(const SubmissionResult& result);

}  // namespace grader::runner
