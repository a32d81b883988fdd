// What the grader shows of compiler output (grader/build/compiler_messages):
// the grading machine's folders hidden on every line shown, whichever part
// is shown, and every line cut.
#include <gtest/gtest.h>

#include <string>

#include "grader/build/compiler_messages.hpp"

namespace {

namespace gb = grader::build;

const std::vector<gb::HiddenPath> kPaths = {
    {"/srv/course", "<course>"},
    {"/tmp/grader-compile-Ab3xYz", ""},
    {"/tmp/grader-positional-encoding-Q1w2E3", "<scratch>"},
    {"/opt/build-outside", "<course build>"},
};

TEST(HidePaths, ReplacesEachFolderWhereverItAppears) {
  EXPECT_EQ(gb::hide_paths("In file included from /srv/course/lessons/pe/pe.hpp:3,\n"
                           "                 from /tmp/grader-compile-Ab3xYz/pe/pe.cpp:1:\n"
                           "/tmp/grader-compile-Ab3xYz/pe/pe.cpp:4:1: error: x (see /srv/course/lessons/pe/pe.hpp:3)\n",
                           kPaths),
            "In file included from <course>/lessons/pe/pe.hpp:3,\n"
            "                 from pe/pe.cpp:1:\n"
            "pe/pe.cpp:4:1: error: x (see <course>/lessons/pe/pe.hpp:3)\n");
  EXPECT_EQ(gb::hide_paths("/tmp/grader-positional-encoding-Q1w2E3/0.o: in function `f'", kPaths), "<scratch>/0.o: in function `f'");
  EXPECT_EQ(gb::hide_paths("/opt/build-outside/student-pch/pe/lesson.hpp.gch: not used", kPaths),
            "<course build>/student-pch/pe/lesson.hpp.gch: not used");
  EXPECT_EQ(gb::hide_paths("`/srv/course'", kPaths), "`<course>'");
}

TEST(HidePaths, AFolderWithALongerNameIsAnotherFolder) {
  // Another folder whose name starts the same is not the course.
  EXPECT_EQ(gb::hide_paths("/srv/course2/x.hpp /srv/course-old/y", kPaths), "/srv/course2/x.hpp /srv/course-old/y");
  EXPECT_EQ(gb::hide_paths("/srv/course", kPaths), "<course>");
}

TEST(HidePaths, WhatPrecedesTheFolderDoesNotMatter) {
  // A static_assert message "...\n/srv/course/..." is echoed in the source
  // excerpt as written: the folder follows an 'n', which the student chose.
  EXPECT_EQ(gb::hide_paths(R"(static_assert(false, "x\n/srv/course/lessons/pe.hpp");)", kPaths),
            R"(static_assert(false, "x\n<course>/lessons/pe.hpp");)");
  EXPECT_EQ(gb::hide_paths("/x/srv/course/z a/srv/course", kPaths), "/x<course>/z a<course>");
}

TEST(HidePaths, TheLongestFolderWins) {
  const std::vector<gb::HiddenPath> nested = {{"/srv/course", "<course>"}, {"/srv/course/build/pch", "<pch>"}};
  EXPECT_EQ(gb::hide_paths("/srv/course/build/pch/a.gch /srv/course/build/b", nested), "<pch>/a.gch <course>/build/b");
  // A trailing slash in the list changes nothing.
  EXPECT_EQ(gb::hide_paths("/srv/course/a", {{"/srv/course/", "<course>"}}), "<course>/a");
}

TEST(TrimDiagnostics, StartsAtTheFirstErrorWithPathsHidden) {
  std::string text;
  for (int i = 0; i < 50; ++i) text += "/tmp/grader-compile-Ab3xYz/pe/pe.cpp:" + std::to_string(i) + ":1: warning: unused\n";
  text += "/tmp/grader-compile-Ab3xYz/pe/pe.cpp:51:1: error: expected ';'\n";
  text += "In file included from /srv/course/lessons/pe/pe.hpp:3\n";
  const std::string shown = gb::trim_diagnostics(text, kPaths);
  EXPECT_EQ(shown.rfind("pe/pe.cpp:51:1: error: expected ';'\n", 0), 0u) << shown;
  EXPECT_NE(shown.find("In file included from <course>/lessons/pe/pe.hpp:3\n"), std::string::npos) << shown;
  EXPECT_NE(shown.find("... (50 more lines)"), std::string::npos) << shown;
  EXPECT_EQ(shown.find("/tmp/"), std::string::npos) << shown;
  EXPECT_EQ(shown.find("/srv/course"), std::string::npos) << shown;
}

TEST(TrimDiagnostics, WithoutAnErrorLineTheHeadIsHiddenAndCutToo) {
  // 300 KB of warnings, none saying "error": the head is what is shown, and
  // it gets the same treatment as an error excerpt.
  const std::string long_text(2000, 'W');
  std::string text;
  while (text.size() < 300 * 1024)
    text += "/tmp/grader-compile-Ab3xYz/pe/pe.cpp:9:13: warning: " + long_text + "\n"
            "In file included from /srv/course/lessons/pe/pe.hpp:3\n";
  const std::string shown = gb::trim_diagnostics(text, kPaths, 20);
  EXPECT_EQ(shown.find("/tmp/"), std::string::npos) << shown.substr(0, 500);
  EXPECT_EQ(shown.find("/srv/course"), std::string::npos) << shown.substr(0, 500);
  EXPECT_EQ(shown.rfind("pe/pe.cpp:9:13: warning: WWW", 0), 0u) << shown.substr(0, 500);
  EXPECT_NE(shown.find("<course>/lessons/pe/pe.hpp:3"), std::string::npos);
  std::size_t lines = 0;
  for (std::size_t at = 0, end; (end = shown.find('\n', at)) != std::string::npos; at = end + 1, ++lines)
    EXPECT_LE(end - at, 304u) << "a line of " << end - at << " bytes";
  EXPECT_EQ(lines, 21u) << "20 lines and the count of the rest";
  EXPECT_NE(shown.find(std::string(300 - std::string("pe/pe.cpp:9:13: warning: ").size(), 'W') + " ..."), std::string::npos);
}

TEST(TrimDiagnostics, CutsAtACharacterBoundary) {
  std::string line = "e: error: " + std::string(289, 'x');  // 299 bytes, then a 3-byte character across the cut
  line += "\xE2\x80\x98quoted\xE2\x80\x99 and more";
  const std::string shown = gb::trim_diagnostics(line + "\n", {});
  EXPECT_EQ(shown, "e: error: " + std::string(289, 'x') + " ...\n");
}

TEST(ExplainDeniedReads, NamesWhyAnIncludeWasNotFoundAndOnlyAddsText) {
  const std::string missing = "pe/pe_loop.cpp:2:10: fatal error: positional_encoding.cpp: No such file or directory\n";
  const std::string explained = gb::explain_denied_reads(missing);
  EXPECT_EQ(explained.rfind(missing, 0), 0u);
  EXPECT_NE(explained.find("each student file is compiled on its own"), std::string::npos) << explained;
  EXPECT_EQ(gb::explain_denied_reads("pe.cpp:1:1: error: expected ';'\n"), "pe.cpp:1:1: error: expected ';'\n");
}

}  // namespace
