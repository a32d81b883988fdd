#include "grader/report/student_view.hpp"

namespace grader::report {

std::string shown_message(const runner::TestResult& test, Audience audience) {
  if (audience == Audience::instructor || test.show_details) {
    // A pending quiz question's message is the answer itself; say why it has no score yet.
    if (test.status == runner::TestStatus::pending_review)
      return "Awaiting review by an instructor. The answer:\n" + test.message;
    return test.message;
  }
  if (!test.public_message.empty()) return test.public_message;
  using runner::TestStatus;
  switch (test.status) {
    case TestStatus::passed: return "";
    case TestStatus::failed: return "This test failed; its details are not shown.";
    case TestStatus::not_implemented: return "The function this test calls is not implemented yet.";
    case TestStatus::crashed: return "This test crashed your code; its details are not shown.";
    case TestStatus::timed_out: return "This test ran out of time (an infinite loop?); its details are not shown.";
    case TestStatus::not_run: return "This test did not run.";
    case TestStatus::pending_review: return "Awaiting review by an instructor.";
  }
  return "";
}

std::string display_name(const runner::TestResult& test) {
  return test.exercise.empty() ? test.name : test.exercise + ": " + test.name;
}

}  // namespace grader::report
