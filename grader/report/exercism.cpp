#include "grader/report/exercism.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "grader/report/lesson_summary.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/report/student_view.hpp"
#include "grader/util/caps.hpp"

namespace grader::report {

using runner::TestStatus;

namespace {

const char* exercism_status(TestStatus status) {
  switch (status) {
    case TestStatus::passed: return "pass";
    case TestStatus::failed:
    case TestStatus::not_implemented: return "fail";
    // Exercism knows pass, fail and error only. An answer awaiting review is
    // none of the autograder's failures: it passes the autograder (its form is
    // valid) and its message says it awaits an instructor.
    case TestStatus::pending_review: return "pass";
    // A call that crashed the worker or ran out of time errored rather than failed an assertion.
    case TestStatus::crashed:
    case TestStatus::timed_out:
    case TestStatus::not_run: return "error";
  }
  return "error";
}

// A call at the start of a line: "name(args...):", with balanced brackets.
std::string call_at_line_start(std::string_view line) {
  std::size_t i = line.find_first_not_of(" \t");
  if (i == std::string_view::npos) return {};
  const std::size_t start = i;
  auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':'; };
  if (!(std::isalpha(static_cast<unsigned char>(line[i])) || line[i] == '_')) return {};
  while (i < line.size() && ident(line[i])) ++i;
  if (i >= line.size() || line[i] != '(') return {};
  int depth = 0;
  for (; i < line.size(); ++i) {
    if (line[i] == '(' || line[i] == '[' || line[i] == '{') ++depth;
    else if ((line[i] == ')' || line[i] == ']' || line[i] == '}') && --depth == 0) break;
  }
  if (i >= line.size() || i + 1 >= line.size() || line[i + 1] != ':') return {};
  return std::string(line.substr(start, i + 1 - start));
}

}  // namespace

std::string exercism_test_code(const runner::TestResult& test) {
  if (test.hidden) return "hidden test";
  const std::string message = shown_message(test, Audience::student);
  std::string_view rest = message;
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    std::string call = call_at_line_start(rest.substr(0, end));
    if (!call.empty()) return call;
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
  return display_name(test);
}

nlohmann::json exercism_results(const runner::SubmissionResult& result, const ExercismOptions& options) {
  std::vector<std::string> tasks = options.task_order;
  auto task_of = [&tasks](const std::string& exercise) -> int {
    auto it = std::find(tasks.begin(), tasks.end(), exercise);
    if (it == tasks.end()) {
      tasks.push_back(exercise);
      it = tasks.end() - 1;
    }
    return static_cast<int>(it - tasks.begin()) + 1;
  };

  nlohmann::json tests = nlohmann::json::array();
  bool all_pass = true;
  bool any_ran = false;
  for (const auto& lesson : result.lessons) {
    for (const auto& t : lesson.tests) {
      nlohmann::json entry = {{"name", json_text(display_name(t))},
                    {"status", exercism_status(t.status)},
                    {"test_code", json_text(exercism_test_code(t))}};
      if (t.status != TestStatus::passed) {
        if (t.status != TestStatus::pending_review) all_pass = false;
        entry["message"] = json_text(message_with_compiler_output(lesson, t, Audience::student));
      }
      if (t.status != TestStatus::not_run) any_ran = true;
      if (!t.exercise.empty()) entry["task_id"] = task_of(t.exercise);
      tests.push_back(std::move(entry));
    }
  }
  const bool lessons_ok = std::all_of(result.lessons.begin(), result.lessons.end(), [](const auto& l) {
    return l.status == runner::LessonStatus::graded;
  });

  nlohmann::json out = {{"version", 3}};
  if (!any_ran) {
    out["status"] = "error";
    // It holds every lesson's detail (compiler output): capped like each test's.
    out["message"] = json_text(cut_text(submission_summary(result, Audience::student),
                                        caps::kMaxCompilerOutputInReport * std::max<std::size_t>(1, result.lessons.size())));
  } else {
    out["status"] = all_pass && lessons_ok ? "pass" : "fail";
    // The tests pass or fail as graded; a late penalty on the score is said here.
    const std::string late = late_summary(result);
    out["message"] = late.empty() ? nlohmann::json(nullptr) : nlohmann::json(json_text(late));
  }
  out["tests"] = std::move(tests);
  return out;
}

std::string write_exercism_results(const runner::SubmissionResult& result, const ExercismOptions& options) {
  return exercism_results(result, options).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace grader::report
