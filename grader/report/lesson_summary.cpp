#include "grader/report/lesson_summary.hpp"

#include <cctype>

#include <fmt/format.h>

#include "grader/report/outcome.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/runner/points.hpp"
#include "grader/util/caps.hpp"

namespace grader::report {

using runner::LessonStatus;
using runner::TestStatus;

std::string describe(const runner::LessonResult& lesson) { return std::string(words_of(lesson_outcome(lesson))); }

std::string shown_detail(const runner::LessonResult& lesson, Audience audience) {
  if (lesson.status == LessonStatus::internal_error && audience == Audience::student)
    return "The grader could not run this lesson; this is not a problem with your code. "
           "Your instructor has the details.";
  return lesson.detail;
}

std::string message_with_compiler_output(const runner::LessonResult& lesson, const runner::TestResult& test,
                                         Audience audience) {
  if (lesson.status != LessonStatus::compile_error || test.status != TestStatus::not_run)
    return shown_message(test, audience);
  const std::string output = shown_detail(lesson, audience);
  if (output.empty()) return "not run: the lesson's files did not compile (the compiler gave no message)";
  return "not run: the lesson's files did not compile. The compiler said:\n" +
         cut_text(output, caps::kMaxCompilerOutputInReport);
}

std::string cut_text(const std::string& text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t end = max_bytes;
  // Never inside a UTF-8 sequence.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end) + fmt::format("\n... (cut: {} bytes more)", text.size() - end);
}

namespace {
void add(TestCounts& counts, TestStatus status) {
  ++counts.total;
  switch (status) {
    case TestStatus::passed: ++counts.passed; break;
    case TestStatus::failed: ++counts.failed; break;
    case TestStatus::crashed: ++counts.crashed; break;
    case TestStatus::timed_out: ++counts.timed_out; break;
    case TestStatus::not_implemented: ++counts.not_implemented; break;
    case TestStatus::not_run: ++counts.not_run; break;
    case TestStatus::pending_review: ++counts.pending_review; break;
  }
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + plain_line(item);
  return out;
}
}  // namespace

TestCounts count_tests(const runner::LessonResult& lesson) {
  TestCounts counts;
  for (const auto& t : lesson.tests) add(counts, t.status);
  return counts;
}

TestCounts count_tests(const runner::SubmissionResult& result) {
  TestCounts counts;
  for (const auto& lesson : result.lessons) {
    // A lesson not attempted ran the starter's own code: a debugging
    // exercise's starter crashes on purpose, and that is not the student's
    // crash. Its tests still did not pass: counted as failed.
    const bool starter = !attempted(lesson_outcome(lesson));
    for (const auto& t : lesson.tests)
      add(counts, starter && (t.status == TestStatus::crashed || t.status == TestStatus::timed_out) ? TestStatus::failed
                                                                                                 : t.status);
  }
  return counts;
}

std::vector<ExerciseTally> tally_exercises(const runner::SubmissionResult& result) {
  std::vector<ExerciseTally> tallies;
  for (const auto& lesson : result.lessons) {
    for (const auto& t : lesson.tests) {
      ExerciseTally* tally = nullptr;
      for (auto& existing : tallies)
        if (existing.lesson == lesson.lesson && existing.exercise == t.exercise) tally = &existing;
      if (!tally) {
        tallies.push_back({lesson.lesson, t.exercise, 0, 0, {}});
        tally = &tallies.back();
      }
      tally->score = runner::from_milli(runner::to_milli(tally->score) + runner::to_milli(t.score));
      tally->max_score = runner::from_milli(runner::to_milli(tally->max_score) + runner::to_milli(t.max_score));
      add(tally->tests, t.status);
    }
  }
  return tallies;
}

std::string format_points(double points) { return runner::points_text(points); }

std::string late_summary(const runner::SubmissionResult& result) {
  const runner::Lateness& l = result.lateness;
  if (l.reason.empty()) return "";
  if (l.penalty_percent <= 0) {
    // The reason already says how it stands ("on time: submitted ...",
    // "submission time unknown ...: treated as on time"): said once.
    if (l.late) return "Late, no penalty: " + plain_line(l.reason);
    std::string said = plain_line(l.reason);
    said[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(said[0])));
    return said;
  }
  return fmt::format("Late penalty {}%: {} -> {} points ({})", format_points(l.penalty_percent),
                     format_points(result.score), format_points(runner::penalised_score(result)), plain_line(l.reason));
}

std::string submission_summary(const runner::SubmissionResult& result, Audience audience) {
  std::string out = fmt::format("Score: {} / {}", format_points(runner::penalised_score(result)), format_points(result.max_score));
  runner::PointSum pending;
  for (const auto& lesson : result.lessons)
    for (const auto& t : lesson.tests)
      if (t.status == TestStatus::pending_review) pending += t.max_score;
  if (pending.milli() > 0) out += fmt::format(" ({} awaiting review)", format_points(pending.value()));
  out += "\n";
  if (const std::string late = late_summary(result); !late.empty()) out += late + "\n";
  for (const auto& lesson : result.lessons) {
    const TestCounts counts = count_tests(lesson);
    out += fmt::format("{}: {} / {} ({} of {} tests passed", lesson.lesson, format_points(lesson.score),
                       format_points(lesson.max_score), counts.passed, counts.total);
    if (counts.pending_review) out += fmt::format(", {} awaiting review", counts.pending_review);
    out += ")";
    const Outcome outcome = lesson_outcome(lesson);
    if (!tests_ran(outcome)) out += " - " + describe(lesson);
    out += "\n";
    const std::string detail = plain_text(shown_detail(lesson, audience));
    if (lesson.status != LessonStatus::graded && !detail.empty()) {
      // Indent so the detail reads as belonging to its lesson.
      std::string indented = "    ";
      for (char c : detail) {
        indented += c;
        if (c == '\n') indented += "    ";
      }
      while (!indented.empty() && (indented.back() == ' ' || indented.back() == '\n')) indented.pop_back();
      out += indented + "\n";
    }
  }
  if (!result.ignored_files.empty())
    out += "Ignored (the course does not name these files): " + join(result.ignored_files) + "\n";
  if (!result.rejected_files.empty()) out += "Refused: " + join(result.rejected_files) + "\n";
  return out;
}

}  // namespace grader::report
