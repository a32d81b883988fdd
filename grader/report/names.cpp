#include "grader/report/names.hpp"

#include <initializer_list>
#include <stdexcept>
#include <string>

namespace grader::report {
namespace {

using course::Visibility;
using runner::LessonStatus;
using runner::TestStatus;

// Every enumerator, so that each name written can be matched when read.
constexpr std::initializer_list<TestStatus> kTestStatuses = {
    TestStatus::passed, TestStatus::failed, TestStatus::not_implemented, TestStatus::crashed,
    TestStatus::timed_out, TestStatus::not_run, TestStatus::pending_review};
constexpr std::initializer_list<LessonStatus> kLessonStatuses = {
    LessonStatus::graded,        LessonStatus::compile_error, LessonStatus::did_not_start, LessonStatus::crashed,
    LessonStatus::timed_out,     LessonStatus::missing_files, LessonStatus::internal_error,
    LessonStatus::not_attempted, LessonStatus::empty_submission};
constexpr std::initializer_list<Visibility> kVisibilities = {Visibility::visible, Visibility::after_due_date,
                                                             Visibility::after_published, Visibility::hidden};

template <typename Enum>
Enum parse(std::initializer_list<Enum> values, std::string_view name, std::string_view what) {
  std::string accepted;
  for (Enum value : values) {
    if (name_of(value) == name) return value;
    accepted += (accepted.empty() ? "" : ", ") + std::string(name_of(value));
  }
  throw std::invalid_argument("unknown " + std::string(what) + " \"" + std::string(name) + "\"; expected one of " +
                              accepted);
}

}  // namespace

TestStatus parse_test_status(std::string_view name) { return parse(kTestStatuses, name, "test status"); }
LessonStatus parse_lesson_status(std::string_view name) { return parse(kLessonStatuses, name, "lesson status"); }
Visibility parse_visibility(std::string_view name) { return parse(kVisibilities, name, "visibility"); }

}  // namespace grader::report
