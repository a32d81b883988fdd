#include "grader/report/exercism.hpp"

#include <algorithm>

#include "grader/report/lesson_summary.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/report/student_view.hpp"

namespace grader::report {

using nlohmann::json;
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
    case TestStatus::not_run: return "error";
  }
  return "error";
}

}  // namespace

json exercism_results(const runner::SubmissionResult& result, const ExercismOptions& options) {
  std::vector<std::string> tasks = options.task_order;
  auto task_of = [&tasks](const std::string& exercise) -> int {
    auto it = std::find(tasks.begin(), tasks.end(), exercise);
    if (it == tasks.end()) {
      tasks.push_back(exercise);
      it = tasks.end() - 1;
    }
    return static_cast<int>(it - tasks.begin()) + 1;
  };

  json tests = json::array();
  bool all_pass = true;
  bool any_ran = false;
  for (const auto& lesson : result.lessons) {
    for (const auto& t : lesson.tests) {
      json entry = {{"name", json_text(display_name(t))}, {"status", exercism_status(t.status)}};
      if (t.status != TestStatus::passed) {
        if (t.status != TestStatus::pending_review) all_pass = false;
        entry["message"] = json_text(shown_message(t, Audience::student));
      }
      if (t.status != TestStatus::not_run) any_ran = true;
      if (!t.exercise.empty()) entry["task_id"] = task_of(t.exercise);
      tests.push_back(std::move(entry));
    }
  }
  const bool lessons_ok = std::all_of(result.lessons.begin(), result.lessons.end(), [](const auto& l) {
    return l.status == runner::LessonStatus::graded;
  });

  json out = {{"version", 3}};
  if (!any_ran) {
    out["status"] = "error";
    out["message"] = json_text(submission_summary(result, Audience::student));
  } else {
    out["status"] = all_pass && lessons_ok ? "pass" : "fail";
    out["message"] = nullptr;
  }
  out["tests"] = std::move(tests);
  return out;
}

std::string write_exercism_results(const runner::SubmissionResult& result, const ExercismOptions& options) {
  return exercism_results(result, options).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace grader::report
