#include "grader/report/no_submission.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "grader/report/lesson_summary.hpp"
#include "grader/report/markdown.hpp"
#include "grader/report/result_json.hpp"
#include "grader/report/sanitize.hpp"

namespace grader::report {

namespace {

using nlohmann::json;

std::string dump(const json& j) { return j.dump(2, ' ', false, json::error_handler_t::replace) + "\n"; }

// "Kim Lee (1004) is on the roster and has no graded submission."
std::string sentence(const NoSubmission& s) {
  return (s.name.empty() ? s.id : s.name + " (" + s.id + ")") + " is on the roster and has no graded submission.";
}

json grader_json(const NoSubmission& s) {
  json out = {
      {"format", "grader-no-submission"},
      {"format_version", kResultJsonVersion},
      {"student", json_text(s.id)},
      {"student_name", json_text(s.name)},
      {"outcome", "no_submission"},
      // No score at all, not a score of 0: nothing was graded.
      {"score", nullptr},
      {"score_after_penalty", nullptr},
      {"max_score", s.max_score > 0 ? json(s.max_score) : json(nullptr)},
      {"lessons", json::array()},
  };
  return out;
}

// Gradescope's specification: "score" is "optional, but required if not on
// each test case", and "tests" is "optional, but required if no top-level
// score", so a results.json always carries a number. It is 0 here, and both
// the output and extra_data say that nothing was submitted.
json gradescope_json(const NoSubmission& s) {
  return {
      {"score", 0},
      {"output", json_text("No submission: " + sentence(s))},
      {"output_format", "text"},
      {"visibility", "visible"},
      {"stdout_visibility", "hidden"},
      {"extra_data", {{"submitted", false}, {"student", json_text(s.id)}}},
      {"tests", json::array()},
  };
}

// Exercism's test runner interface: "error" when the tests could not run,
// with the message it then requires.
json exercism_json(const NoSubmission& s) {
  return {{"version", 3}, {"status", "error"}, {"message", json_text("No submission: " + sentence(s))}, {"tests", json::array()}};
}

std::string junit(const NoSubmission& s) {
  const std::string why = sentence(s);
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"{0}\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\" time=\"0.000\">\n"
      "  <testsuite name=\"submission\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\" time=\"0.000\">\n"
      "    <properties>\n"
      "      <property name=\"outcome\" value=\"no_submission\"/>\n"
      "    </properties>\n"
      "    <testcase name=\"{1}\" classname=\"submission\" time=\"0.000\">\n"
      "      <skipped message=\"{1}\">{2}</skipped>\n"
      "    </testcase>\n"
      "  </testsuite>\n"
      "</testsuites>\n",
      xml_text(s.id), kNoSubmissionWords, xml_text(why));
}

std::string markdown(const NoSubmission& s) {
  const MarkdownOptions options;
  std::string out = fmt::format("## {}\n\n", markdown_text(options.title));
  out += fmt::format("Student: {}  \n", markdown_code_span(s.id));
  if (!s.name.empty()) out += fmt::format("Name: {}  \n", markdown_text(s.name));
  out += s.max_score > 0 ? fmt::format("**Score: none / {} ({})**\n\n", format_points(s.max_score), kNoSubmissionWords)
                         : fmt::format("**Score: none ({})**\n\n", kNoSubmissionWords);
  out += markdown_text(sentence(s)) + "\n";
  return out;
}

}  // namespace

std::optional<std::string> render_no_submission(OutputFormat format, const NoSubmission& student) {
  switch (format) {
    case OutputFormat::json: return dump(grader_json(student));
    case OutputFormat::gradescope: return dump(gradescope_json(student));
    case OutputFormat::exercism: return dump(exercism_json(student));
    case OutputFormat::junit: return junit(student);
    case OutputFormat::markdown: return markdown(student);
    default: return std::nullopt;
  }
}

}  // namespace grader::report
