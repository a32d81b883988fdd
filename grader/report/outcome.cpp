#include "grader/report/outcome.hpp"
#include "grader/util/text.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace grader::report {

using runner::LessonStatus;
using runner::TestStatus;

const std::vector<Outcome>& all_outcomes() {
  static const std::vector<Outcome> kAll = {Outcome::internal_error, Outcome::compile_error, Outcome::did_not_start,
                                            Outcome::timed_out,      Outcome::crashed,       Outcome::failed,
                                            Outcome::awaiting_review, Outcome::passed,       Outcome::not_attempted,
                                            Outcome::empty_submission};
  return kAll;
}

std::string_view name_of(Outcome outcome) {
  switch (outcome) {
    case Outcome::internal_error: return "internal_error";
    case Outcome::compile_error: return "compile_error";
    case Outcome::did_not_start: return "did_not_start";
    case Outcome::timed_out: return "timed_out";
    case Outcome::crashed: return "crashed";
    case Outcome::failed: return "failed";
    case Outcome::awaiting_review: return "awaiting_review";
    case Outcome::passed: return "passed";
    case Outcome::not_attempted: return "not_attempted";
    case Outcome::empty_submission: return "empty_submission";
  }
  return "internal_error";
}

std::string_view words_of(Outcome outcome) {
  switch (outcome) {
    case Outcome::internal_error: return "internal error";
    case Outcome::compile_error: return "compile error";
    case Outcome::did_not_start: return "did not start";
    case Outcome::timed_out: return "timed out";
    case Outcome::crashed: return "crashed";
    case Outcome::failed: return "graded with failures";
    case Outcome::awaiting_review: return "awaiting review";
    case Outcome::passed: return "passed";
    case Outcome::not_attempted: return "not attempted";
    case Outcome::empty_submission: return "empty submission";
  }
  return "internal error";
}

std::string_view words_of(TestStatus status) {
  switch (status) {
    case TestStatus::passed: return "passed";
    case TestStatus::failed: return "failed";
    case TestStatus::not_implemented: return "not implemented";
    case TestStatus::crashed: return "crashed";
    case TestStatus::timed_out: return "timed out";
    case TestStatus::not_run: return "did not run";
    case TestStatus::pending_review: return "awaiting review";
  }
  return "failed";
}

Outcome lesson_outcome(const runner::LessonResult& lesson) {
  switch (lesson.status) {
    case LessonStatus::internal_error: return Outcome::internal_error;
    case LessonStatus::compile_error: return Outcome::compile_error;
    case LessonStatus::did_not_start: return Outcome::did_not_start;
    case LessonStatus::timed_out: return Outcome::timed_out;
    case LessonStatus::crashed: return Outcome::crashed;
    case LessonStatus::not_attempted: return Outcome::not_attempted;
    case LessonStatus::empty_submission: return Outcome::empty_submission;
    case LessonStatus::graded:
    case LessonStatus::missing_files: break;  // the tests tell (missing_files: a row of an older grader)
  }
  // An older grader's unreadable submission: lessons without a test.
  if (lesson.status == LessonStatus::missing_files && lesson.tests.empty()) return Outcome::not_attempted;
  bool crashed = false, timed_out = false, failed = false, pending = false;
  for (const auto& t : lesson.tests) {
    pending = pending || t.status == TestStatus::pending_review;
    timed_out = timed_out || t.status == TestStatus::timed_out;
    crashed = crashed || t.status == TestStatus::crashed;
    failed = failed || (t.status != TestStatus::passed && t.status != TestStatus::pending_review);
  }
  if (timed_out) return Outcome::timed_out;
  if (crashed) return Outcome::crashed;
  // Points still waiting for a reviewer are not full marks yet: "passed" would
  // tell an instructor the student is done when the score can still move.
  if (failed) return Outcome::failed;
  return pending ? Outcome::awaiting_review : Outcome::passed;
}

bool attempted(Outcome outcome) { return outcome != Outcome::not_attempted && outcome != Outcome::empty_submission; }

bool tests_ran(Outcome outcome) {
  return outcome == Outcome::failed || outcome == Outcome::awaiting_review || outcome == Outcome::passed;
}

bool needs_attention(Outcome outcome) {
  switch (outcome) {
    case Outcome::internal_error:
    case Outcome::compile_error:
    case Outcome::did_not_start:
    case Outcome::timed_out:
    case Outcome::crashed: return true;
    default: return false;
  }
}

Outcome submission_outcome(const runner::SubmissionResult& result) {
  // The enumerators run from the worst; the best of all is the last.
  Outcome worst = Outcome::passed;
  bool any = false, empty = false;
  for (const auto& lesson : result.lessons) {
    const Outcome o = lesson_outcome(lesson);
    empty = empty || o == Outcome::empty_submission;
    if (!attempted(o)) continue;
    any = true;
    worst = std::min(worst, o);
  }
  if (any) return worst;
  return empty || result.lessons.empty() ? Outcome::empty_submission : Outcome::not_attempted;
}

namespace {

// A message's first line names the test's call; when the grader found the
// function at fault elsewhere (runner/lesson/blame.hpp) its line follows, and
// a one-line summary must name that function too, or it blames the call:
// "encoder_layer(x): timed out; at fault: your `layer_norm` (lesson ..., exercise ...: file)".
std::string with_function_at_fault(const std::string& message) {
  std::string out = std::string(util::first_line(message));
  static const std::string marker = "\n  at fault: ";
  const auto at = message.find(marker);
  if (at == std::string::npos) return out;
  const auto begin = at + marker.size();
  const auto end = message.find('\n', begin);
  std::string line = message.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  // "this test called your `f` (lesson l, exercise e: file), which ...": keep "your `f` (...)".
  const auto your = line.find("your `");
  const auto which = line.find("), which ");
  if (your != std::string::npos && which != std::string::npos && which > your)
    line = line.substr(your, which + 1 - your);
  return out + "; at fault: " + line;
}

}  // namespace

std::string first_message(const runner::LessonResult& lesson, Audience audience) {
  const Outcome o = lesson_outcome(lesson);
  const bool from_tests = lesson.status == LessonStatus::graded || lesson.status == LessonStatus::missing_files;
  if (!from_tests) {
    if (lesson.status == LessonStatus::internal_error && audience == Audience::student)
      return "the grader could not run this lesson; this is not a problem with your code";
    // A compiler's first lines may be "In file included from ..." notes: the first error says more.
    if (lesson.status == LessonStatus::compile_error) {
      const auto at = lesson.detail.find(": error: ");
      if (at != std::string::npos) {
        const auto begin = lesson.detail.rfind('\n', at);
        return std::string(util::first_line(lesson.detail.substr(begin == std::string::npos ? 0 : begin + 1)));
      }
    }
    return std::string(util::first_line(lesson.detail));
  }
  const TestStatus wanted = o == Outcome::timed_out ? TestStatus::timed_out
                            : o == Outcome::crashed ? TestStatus::crashed
                                                    : TestStatus::failed;
  for (const auto& t : lesson.tests)
    if (t.status == wanted) return with_function_at_fault(shown_message(t, audience));
  return "";
}

std::string outcome_summary(const runner::SubmissionResult& result) {
  std::string out(words_of(submission_outcome(result)));
  std::string flagged;
  std::size_t not_attempted = 0;
  for (const auto& lesson : result.lessons) {
    const Outcome o = lesson_outcome(lesson);
    if (!attempted(o)) ++not_attempted;
    if (needs_attention(o)) flagged += fmt::format("{}{}: {}", flagged.empty() ? "" : "; ", lesson.lesson, words_of(o));
  }
  if (!flagged.empty()) out += " (" + flagged + ")";
  if (not_attempted > 0 && attempted(submission_outcome(result)))
    out += fmt::format("; {} of {} lessons not attempted", not_attempted, result.lessons.size());
  return out;
}

}  // namespace grader::report
