// Reading back the text names of the result enums. The names themselves are
// defined once, by runner::to_string and course::to_string; every export and
// the gradebook write those, and these functions are their inverses.
#pragma once

#include <string_view>

#include "grader/course/model.hpp"
#include "grader/runner/results.hpp"

namespace grader::report {

/// One spelling for all three enums, for code that writes any of them.
inline std::string_view name_of(runner::TestStatus status) { return runner::to_string(status); }
inline std::string_view name_of(runner::LessonStatus status) { return runner::to_string(status); }
inline std::string_view name_of(course::Visibility visibility) { return course::to_string(visibility); }

/// Throw std::invalid_argument naming the bad text and listing the accepted names.
runner::TestStatus parse_test_status(std::string_view name);
runner::LessonStatus parse_lesson_status(std::string_view name);
course::Visibility parse_visibility(std::string_view name);

}  // namespace grader::report
