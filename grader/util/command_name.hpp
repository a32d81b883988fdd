// How the person at the terminal runs the grader, for the commands its
// messages suggest ("Next: ... stuck? build/bin/grader hint softmax"): a
// student in a handout types build/bin/grader (or ./run.sh, which runs it
// by that path), and a suggestion they cannot paste costs them a round trip.
#pragma once

#include <string>
#include <string_view>

namespace grader::util {

/// Set once by main from argv[0]: kept as typed when it holds a '/'
/// ("build/bin/grader", "/opt/course/build/bin/grader"); otherwise the
/// grader was found on PATH and "grader" is what runs it again.
void set_command_name(std::string_view argv0);

/// "grader" until set_command_name was called.
const std::string& command_name();

}  // namespace grader::util
