// grader/skeleton: the names derived from a lesson id, the lesson entry added
// to course.yaml as text, and the files written from the templates (a course
// that loads, a mutant patch that applies to its reference). Building and
// validating a written course is tests/examples/skeleton_course_test.sh.
#include <gtest/gtest.h>

#include <ostream>
#include <stdexcept>
#include <string>

#include "grader/course/loader.hpp"
#include "grader/skeleton/course_yaml_entry.hpp"
#include "grader/skeleton/skeleton.hpp"
#include "grader/util/files.hpp"
#include "grader/validate/patch.hpp"

namespace {

using grader::skeleton::lesson_names;
using grader::skeleton::SkeletonError;
using grader::skeleton::with_lesson_entry;

const std::string kEntry = "  - id: new\n    title: \"New\"\n";

struct EntryCase {
  const char* name;
  std::string yaml;
  std::string want;
};

// gtest names a failing case by this, not by the struct's bytes.
void PrintTo(const EntryCase& entry_case, std::ostream* os) { *os << entry_case.name; }

class LessonEntry : public ::testing::TestWithParam<EntryCase> {};

TEST_P(LessonEntry, GoesAfterTheLastLessonWithTheRestKept) { EXPECT_EQ(with_lesson_entry(GetParam().yaml, kEntry), GetParam().want); }

INSTANTIATE_TEST_SUITE_P(
    Cases, LessonEntry,
    ::testing::Values(
        EntryCase{"LessonsLast", "title: T\nlessons:\n  - id: a\n", "title: T\nlessons:\n  - id: a\n\n  - id: new\n    title: \"New\"\n"},
        EntryCase{"NoNewlineAtTheEnd", "lessons:\n  - id: a", "lessons:\n  - id: a\n\n  - id: new\n    title: \"New\"\n"},
        EntryCase{"BeforeACommentAndAKeyAfterTheLessons",
                  "lessons:\n  - id: a\n    # kept\n\n# tracks follow\ntracks: []\n",
                  "lessons:\n  - id: a\n    # kept\n\n  - id: new\n    title: \"New\"\n\n# tracks follow\ntracks: []\n"},
        EntryCase{"ItemsAtColumnZero", "lessons:\n- id: a\n  title: A\nlimits: {}\n",
                  "lessons:\n- id: a\n  title: A\n\n- id: new\n  title: \"New\"\nlimits: {}\n"},
        EntryCase{"ItemsIndentedFour", "lessons:   # the lessons\n    - id: a\n",
                  "lessons:   # the lessons\n    - id: a\n\n    - id: new\n      title: \"New\"\n"},
        EntryCase{"WindowsLineEnds", "lessons:\r\n  - id: a\r\n", "lessons:\r\n  - id: a\r\n\n  - id: new\n    title: \"New\"\n"}),
    [](const ::testing::TestParamInfo<EntryCase>& test) { return std::string(test.param.name); });

TEST(LessonEntry, RefusesAFileWithoutABlockListOfLessons) {
  for (const std::string yaml : {"title: T\n", "lessons: [{id: a}]\n", "title: T\n  lessons:\n"}) {
    SCOPED_TRACE(yaml);
    EXPECT_THROW(with_lesson_entry(yaml, kEntry), std::invalid_argument);
  }
}

TEST(LessonNames, AreDerivedFromTheId) {
  const auto names = lesson_names("second-lesson-2", "");
  EXPECT_EQ(names.identifier, "second_lesson_2");
  EXPECT_EQ(names.camel, "SecondLesson2");
  EXPECT_EQ(names.title, "Second lesson 2");
  EXPECT_EQ(lesson_names("x", "My \"title\"").title, "My \"title\"");
}

TEST(LessonNames, RefuseIdsThatAreNoLessonIdOrNoCppName) {
  for (const std::string id : {"", "Upper", "snake_case", "has space", "2d", "-lead", "trail-", "two--hyphens"}) {
    SCOPED_TRACE(id);
    EXPECT_THROW(lesson_names(id, ""), SkeletonError);
  }
  EXPECT_THROW(lesson_names("fine", "two\nlines"), SkeletonError);
}

TEST(WrittenCourse, LoadsAndItsMutantPatchAppliesToTheReference) {
  grader::util::TempDir tmp;
  const auto course = tmp.path() / "c";
  const auto written = grader::skeleton::write_course(course, "A \"quoted\" course", lesson_names("first", ""));
  for (const auto& file : written.files) {
    SCOPED_TRACE(file);
    EXPECT_EQ(grader::util::read_file(course / file).find("{{"), std::string::npos) << "a placeholder was not filled";
  }
  const auto loaded = grader::course::load_course(course / "course.yaml");
  EXPECT_EQ(loaded.title, "A \"quoted\" course");
  ASSERT_EQ(loaded.lessons.size(), 1u);
  const auto patched = grader::validate::apply_patch_text(
      grader::util::read_file(course / "tests/mutants/first/no-square-root/change.patch"), course / "solutions", "change.patch");
  ASSERT_EQ(patched.count("first/rms.cpp"), 1u);
  EXPECT_EQ(patched.at("first/rms.cpp").find("std::sqrt"), std::string::npos);

  grader::skeleton::add_lesson(course, lesson_names("second", "Second"));
  const auto grown = grader::course::load_course(course / "course.yaml");
  ASSERT_EQ(grown.lessons.size(), 2u);
  EXPECT_EQ(grown.lessons[1].id, "second");
  EXPECT_THROW(grader::skeleton::write_course(course, "again", lesson_names("first", "")), SkeletonError);
}

}  // namespace
