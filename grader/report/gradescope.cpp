#include "grader/report/gradescope.hpp"

#include <cmath>

#include <fmt/format.h>

#include "grader/report/lesson_summary.hpp"
#include "grader/report/names.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/report/student_view.hpp"
#include "grader/runner/points.hpp"

namespace grader::report {


nlohmann::json gradescope_results(const runner::SubmissionResult& result, const GradescopeOptions& options) {
  nlohmann::json tests = nlohmann::json::array();
  for (std::size_t li = 0; li < result.lessons.size(); ++li) {
    const auto& lesson = result.lessons[li];
    for (std::size_t ti = 0; ti < lesson.tests.size(); ++ti) {
      const auto& t = lesson.tests[ti];
      const std::string output = shown_message(t, Audience::student);
      // A free-text answer awaiting review is neither passed nor failed: it
      // keeps its maximum (so the tests add up to the course's maximum, as
      // the summary says) and carries no status, and its output says it
      // awaits review.
      const bool pending = t.status == runner::TestStatus::pending_review;
      nlohmann::json tags = nlohmann::json::array({lesson.lesson});
      if (!t.exercise.empty()) tags.push_back(t.exercise);
      nlohmann::json test = {
          {"name", json_text(display_name(t))},
          {"name_format", "text"},
          {"number", fmt::format("{}.{}", li + 1, ti + 1)},
          {"score", runner::exact_points(t.score)},
          {"max_score", runner::exact_points(t.max_score)},
          {"output", json_text(output)},
          {"output_format", "text"},
          {"tags", tags},
          {"visibility", name_of(t.visibility)},
      };
      if (!pending) test["status"] = t.status == runner::TestStatus::passed ? "passed" : "failed";
      else test["tags"].push_back("awaiting review");
      tests.push_back(std::move(test));
    }
  }
  return {
      {"score", runner::penalised_score(result)},
      {"execution_time", std::lround(result.seconds)},
      {"output", json_text(submission_summary(result, Audience::student))},
      {"output_format", "text"},
      {"visibility", name_of(options.visibility)},
      {"stdout_visibility", name_of(options.stdout_visibility)},
      {"tests", tests},
  };
}

std::string write_gradescope_results(const runner::SubmissionResult& result, const GradescopeOptions& options) {
  return gradescope_results(result, options).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace grader::report
