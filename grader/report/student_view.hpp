// What a reader of an export may see. Hidden suites usually have
// show_details == false because their failure text can reveal the inputs or
// the expected values; student-facing exports then show `public_message`
// (or a neutral sentence) and never `message`.
#pragma once

#include <string>
#include <string_view>

#include "grader/runner/results.hpp"

namespace grader::report {

enum class Audience {
  student,     ///< honours show_details: never reveals a hidden test's message
  instructor,  ///< everything
};

/// The failure text `audience` may read for this test ("" for a passed test
/// with nothing to say). A quiz answer awaiting review comes back with a line
/// saying so before the answer.
std::string shown_message(const runner::TestResult& test, Audience audience);

/// "exercise: Suite.Test" (just the name when the exercise is unknown).
std::string display_name(const runner::TestResult& test);

}  // namespace grader::report
