#include "grader/report/junit.hpp"

#include <fmt/format.h>

#include "grader/report/lesson_summary.hpp"
#include "grader/report/names.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/util/text.hpp"

namespace grader::report {

using runner::TestStatus;

namespace {

std::string seconds(double s) { return fmt::format("{:.3f}", s); }

struct SuiteXml {
  std::string body;
  int tests = 0, failures = 0, errors = 0, skipped = 0;
};

SuiteXml lesson_cases(const runner::LessonResult& lesson, Audience audience) {
  SuiteXml suite;
  for (const auto& t : lesson.tests) {
    ++suite.tests;
    const std::string classname = t.exercise.empty() ? lesson.lesson : lesson.lesson + "." + t.exercise;
    suite.body += fmt::format("    <testcase name=\"{}\" classname=\"{}\" time=\"{}\"", xml_text(t.name),
                              xml_text(classname), seconds(t.seconds));
    if (t.status == TestStatus::passed) {
      suite.body += "/>\n";
      continue;
    }
    const std::string message = message_with_compiler_output(lesson, t, audience);
    const char* element = "failure";
    if (t.status == TestStatus::not_run) {
      element = "error";
      ++suite.errors;
    } else if (t.status == TestStatus::pending_review) {
      element = "skipped";
      ++suite.skipped;
    } else {
      ++suite.failures;
    }
    suite.body += fmt::format(">\n      <{} message=\"{}\" type=\"{}\">{}</{}>\n    </testcase>\n", element,
                              xml_text(std::string(util::first_line(message))), name_of(t.status), xml_text(message), element);
  }
  // The lesson's own error, as one more case: when no test ran, and when the
  // worker did not start (its tests only say "see the lesson's message").
  if ((lesson.tests.empty() && lesson.status != runner::LessonStatus::graded) ||
      lesson.status == runner::LessonStatus::did_not_start) {
    const std::string detail = shown_detail(lesson, audience);
    ++suite.tests;
    ++suite.errors;
    suite.body += fmt::format(
        "    <testcase name=\"{}\" classname=\"{}\" time=\"{}\">\n"
        "      <error message=\"{}\" type=\"{}\">{}</error>\n"
        "    </testcase>\n",
        xml_text(name_of(lesson.status)), xml_text(lesson.lesson), seconds(lesson.seconds),
        xml_text(describe(lesson)), name_of(lesson.status), xml_text(detail));
  }
  return suite;
}

}  // namespace

std::string junit_xml(const runner::SubmissionResult& result, Audience audience) {
  std::string suites;
  int tests = 0, failures = 0, errors = 0, skipped = 0;
  // A late penalty applies to the whole submission: each suite carries it as
  // properties, where JUnit readers show a suite's metadata.
  std::string late;
  if (const std::string summary = late_summary(result); !summary.empty())
    late = fmt::format(
        "    <properties>\n"
        "      <property name=\"late_penalty_percent\" value=\"{}\"/>\n"
        "      <property name=\"score_before_penalty\" value=\"{}\"/>\n"
        "      <property name=\"score_after_penalty\" value=\"{}\"/>\n"
        "      <property name=\"late\" value=\"{}\"/>\n"
        "    </properties>\n",
        format_points(result.lateness.penalty_percent), format_points(result.score),
        format_points(runner::penalised_score(result)), xml_text(summary));
  for (const auto& lesson : result.lessons) {
    const SuiteXml s = lesson_cases(lesson, audience);
    tests += s.tests, failures += s.failures, errors += s.errors, skipped += s.skipped;
    suites += fmt::format(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{}\">\n{}{}"
        "  </testsuite>\n",
        xml_text(lesson.lesson), s.tests, s.failures, s.errors, s.skipped, seconds(lesson.seconds), late, s.body);
  }
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{}\">\n{}"
      "</testsuites>\n",
      xml_text(result.student), tests, failures, errors, skipped, seconds(result.seconds), suites);
}

}  // namespace grader::report
