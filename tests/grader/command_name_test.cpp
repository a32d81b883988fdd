// The grader names itself in the commands it suggests as the user runs it
// (grader/util/command_name.hpp): a path as typed, or "grader" from PATH.
#include "grader/util/command_name.hpp"

#include <gtest/gtest.h>

namespace {

using grader::util::command_name;
using grader::util::set_command_name;

TEST(CommandName, APathIsKeptAsTypedAndABareNameIsGrader) {
  EXPECT_EQ(command_name(), "grader");
  set_command_name("build/bin/grader");
  EXPECT_EQ(command_name(), "build/bin/grader");
  set_command_name("/opt/course/build/bin/grader");
  EXPECT_EQ(command_name(), "/opt/course/build/bin/grader");
  set_command_name("grader");
  EXPECT_EQ(command_name(), "grader");
}

// A path that would need quoting to paste (a blank, a quote, a shell
// character, a control character) is not suggested: "grader" is.
TEST(CommandName, APathThatCannotBePastedAsOneWordIsNotSuggested) {
  for (const char* typed : {"my course/build/bin/grader", "./gr'ader", "/tmp/$(x)/grader", "/tmp/a;b/grader",
                            "/tmp/\x1b[31m/grader", "/tmp/a\nb/grader", ""}) {
    set_command_name(typed);
    EXPECT_EQ(command_name(), "grader") << typed;
  }
}

}  // namespace
