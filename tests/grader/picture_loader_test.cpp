// course.yaml's `pictures` (grader/course/picture_reader.cpp): a valid list
// loads into the model; every mistake is reported at its line and column with
// what to do; option values are checked as `grader picture` checks them.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "grader/course/loader.hpp"
#include "grader/course/picture_reader.hpp"

namespace {

namespace gc = grader::course;

// Lines 1-12: a course with two lessons; `pictures:` starts on line 13.
const std::string kLessons = R"(format_version: 1
title: T
lessons:
  - id: pe
    title: PE
    folder: lessons/pe
    exercises: [{id: pe-formula, title: F, files: [pe/pe.cpp], points: 1}]
  - id: quiz
    title: Quiz
    folder: lessons/quiz
    exercises: [{id: q, title: Q, kind: quiz, files: [quiz/a.yaml], answer_key: k.yaml, points: 1}]
# pictures
)";

gc::LoadOptions no_files() {
  gc::LoadOptions o;
  o.check_files = false;
  o.check_hidden_files = false;
  return o;
}

gc::Course load(const std::string& pictures) {
  return gc::load_course_from_string(kLessons + pictures, "course.yaml", "/nonexistent", no_files());
}

/// Every diagnostic of a rejected course, one per line.
std::string errors(const std::string& pictures) {
  try {
    load(pictures);
  } catch (const gc::CourseError& e) {
    return e.what();
  }
  ADD_FAILURE() << "the course loaded, but it should have been rejected:\n" << pictures;
  return {};
}

testing::AssertionResult Says(const std::string& errors, std::string_view where, std::string_view what) {
  for (std::size_t start = 0; start < errors.size();) {
    std::size_t end = errors.find('\n', start);
    if (end == std::string::npos) end = errors.size();
    const std::string_view line(errors.data() + start, end - start);
    if (line.rfind(where, 0) == 0 && line.find(what) != std::string_view::npos) return testing::AssertionSuccess();
    start = end + 1;
  }
  return testing::AssertionFailure() << "no error at " << where << " saying [" << what << "]; got:\n" << errors;
}

const std::string kValid = R"(pictures:
  - name: encoding
    title: The encoding
    lesson: pe
    program: picture-encoding
    calls: [positional_encoding]
    compare: "the lesson's README"
    options:
      seq-len: {type: integer, default: 50, min: 1, max: 1024, help: positions}
      base: {type: number, default: 10000, min: 1, help: base}
      sentence: {type: text, default: "dog bites man", help: words}
      show: {type: choice, choices: [outputs, weights], default: weights, help: what}
)";

TEST(PictureLoader, AValidListLoadsEveryField) {
  const gc::Course c = load(kValid);
  ASSERT_EQ(c.pictures.size(), 1u);
  const gc::Picture& p = *c.find_picture("encoding");
  EXPECT_EQ(p.title, "The encoding");
  EXPECT_EQ(p.lesson, "pe");
  EXPECT_EQ(p.program, "picture-encoding");
  EXPECT_EQ(p.calls, std::vector<std::string>{"positional_encoding"});
  EXPECT_EQ(p.compare, "the lesson's README");
  ASSERT_EQ(p.options.size(), 4u);
  EXPECT_EQ(p.options[0].name, "seq-len");  // in the order written
  EXPECT_EQ(p.options[0].type, gc::PictureOption::Type::integer);
  EXPECT_EQ(p.options[0].default_value, "50");
  EXPECT_EQ(*p.options[0].min, 1);
  EXPECT_EQ(*p.options[0].max, 1024);
  EXPECT_EQ(p.options[1].type, gc::PictureOption::Type::number);
  EXPECT_FALSE(p.options[1].max.has_value());
  EXPECT_EQ(p.options[2].default_value, "dog bites man");
  EXPECT_EQ(p.find_option("show")->choices, (std::vector<std::string>{"outputs", "weights"}));
  EXPECT_EQ(p.options[0].where.text(), "course.yaml:21:7");
  EXPECT_EQ(c.find_picture("nothing"), nullptr);
}

TEST(PictureLoader, TheRealCourseDeclaresItsPictures) {
  const gc::Course c = gc::load_course(std::string(COURSE_SOURCE_DIR) + "/course.yaml");
  for (const char* name : {"encoding", "attention", "order"}) {
    const gc::Picture* p = c.find_picture(name);
    ASSERT_NE(p, nullptr) << name;
    EXPECT_NE(c.find_lesson(p->lesson), nullptr) << name;
    EXPECT_FALSE(p->calls.empty()) << name;
  }
}

TEST(PictureLoader, MissingAndUnknownKeysSayWhatToWrite) {
  const std::string e = errors(R"(pictures:
  - name: encoding
    lesson: pe
    calls: [positional_encoding]
    colour: red
)");
  EXPECT_TRUE(Says(e, "course.yaml:14:5", "picture 'encoding' has no 'title'"));
  EXPECT_TRUE(Says(e, "course.yaml:14:5", "picture 'encoding' has no 'program'"));
  EXPECT_TRUE(Says(e, "course.yaml:17:5", "unknown key 'colour' in picture 'encoding'"));
}

TEST(PictureLoader, LessonsNamesAndCallsAreChecked) {
  const std::string e = errors(R"(pictures:
  - {name: encoding, title: T, lesson: pf, program: p, calls: [positional_encoding]}
  - {name: encoding, title: T, lesson: quiz, program: Bad_Name, calls: ["not a name", ok]}
  - {name: Big, title: T, lesson: pe, program: p, calls: []}
pictures2: []
)");
  EXPECT_TRUE(Says(e, "course.yaml:14:40", "unknown lesson 'pf'; did you mean 'pe'?"));
  EXPECT_TRUE(Says(e, "course.yaml:15:12", "duplicate picture name 'encoding': it is already used at course.yaml:14:12"));
  EXPECT_TRUE(Says(e, "course.yaml:15:40", "lesson 'quiz', which has no code exercise"));
  EXPECT_TRUE(Says(e, "course.yaml:15:55", "program 'Bad_Name'"));
  EXPECT_TRUE(Says(e, "course.yaml:15:73", "'not a name' in the calls of picture 'encoding' is not a function name"));
  EXPECT_TRUE(Says(e, "course.yaml:16:12", "picture name 'Big' may contain only lowercase letters"));
  EXPECT_TRUE(Says(e, "course.yaml:16:58", "lists no calls"));
  EXPECT_TRUE(Says(e, "course.yaml:17:1", "unknown key 'pictures2' in the course; did you mean 'pictures'?"));
}

TEST(PictureLoader, OptionsAreCheckedAgainstTheirTypeAndRange) {
  const std::string e = errors(R"(pictures:
  - name: encoding
    title: T
    lesson: pe
    program: picture-encoding
    calls: [positional_encoding]
    options:
      seq-len: {type: integer, default: 0, min: 1, max: 10, help: h}
      heads: {type: integer, default: 2, min: 1.5, help: h}
      width: {type: integer, default: 5, min: 10, max: 1, help: h}
      base: {type: numbr, default: 1, help: h}
      show: {type: choice, default: both, choices: [outputs, weights], help: h}
      mode: {type: choice, default: a, help: h}
      words: {type: text, default: a, min: 1, help: h}
      output: {type: text, default: a, help: h}
      Seq_Len: {type: integer, default: 1, help: h}
      plain: {type: integer, default: 1}
      twice: {type: choice, default: a, choices: [a, a], help: h}
)");
  EXPECT_TRUE(Says(e, "course.yaml:20:41", "the default of option 'seq-len' of picture 'encoding' must be from 1 to 10, got 0"));
  EXPECT_TRUE(Says(e, "course.yaml:21:47", "'min' of option 'heads' of picture 'encoding' must be a whole number"));
  EXPECT_TRUE(Says(e, "course.yaml:22:47", "has min 10 above max 1; swap them"));
  EXPECT_EQ(e.find("the default of option 'width'"), std::string::npos) << "no range to check the default against";
  EXPECT_TRUE(Says(e, "course.yaml:23:20", "unknown type 'numbr' in option 'base' of picture 'encoding'; use one of integer, number, text, choice (did you mean 'number'?)"));
  EXPECT_TRUE(Says(e, "course.yaml:24:37", "the default of option 'show' of picture 'encoding' must be one of outputs, weights, got 'both'"));
  EXPECT_TRUE(Says(e, "course.yaml:25:13", "option 'mode' of picture 'encoding' has no 'choices'"));
  EXPECT_TRUE(Says(e, "course.yaml:26:39", "'min' applies only to integer and number options"));
  EXPECT_TRUE(Says(e, "course.yaml:27:7", "--output is one of grader picture's own options"));
  EXPECT_TRUE(Says(e, "course.yaml:28:7", "option 'Seq_Len' of picture 'encoding' has a name that is not lowercase"));
  EXPECT_TRUE(Says(e, "course.yaml:29:14", "option 'plain' of picture 'encoding' has no 'help'"));
  EXPECT_TRUE(Says(e, "course.yaml:30:54", "lists the choice 'a' twice"));
}

TEST(PictureLoader, ValuesAreCheckedAsTheCommandLineChecksThem) {
  gc::PictureOption integer;
  integer.type = gc::PictureOption::Type::integer;
  integer.min = 1;
  integer.max = 1024;
  EXPECT_EQ(gc::picture_value_problem(integer, "50"), "");
  EXPECT_EQ(gc::picture_value_problem(integer, "1024"), "");
  EXPECT_EQ(gc::picture_value_problem(integer, "1025"), "must be from 1 to 1024, got 1025");
  EXPECT_EQ(gc::picture_value_problem(integer, "0"), "must be from 1 to 1024, got 0");
  EXPECT_EQ(gc::picture_value_problem(integer, "5.5"), "must be a whole number, got '5.5'");
  EXPECT_EQ(gc::picture_value_problem(integer, ""), "must be a whole number, got ''");
  EXPECT_EQ(gc::picture_value_problem(integer, "99999999999999999999"), "must be a whole number, got '99999999999999999999'");
  gc::PictureOption number;
  number.type = gc::PictureOption::Type::number;
  number.min = 1;
  EXPECT_EQ(gc::picture_value_problem(number, "1e4"), "");
  EXPECT_EQ(gc::picture_value_problem(number, "0.5"), "must be at least 1, got 0.5");
  EXPECT_EQ(gc::picture_value_problem(number, "nan"), "must be a number, got 'nan'");
  EXPECT_EQ(gc::picture_value_problem(number, "inf"), "must be a number, got 'inf'");
  EXPECT_EQ(gc::picture_value_problem(number, "2x"), "must be a number, got '2x'");
  gc::PictureOption text;
  text.type = gc::PictureOption::Type::text;
  EXPECT_EQ(gc::picture_value_problem(text, "dog bites man"), "");
  EXPECT_EQ(gc::picture_value_problem(text, "dog\x1b[31m"), "holds a control character; write plain text");
  EXPECT_EQ(gc::picture_value_problem(text, std::string(401, 'a')), "is longer than 400 characters");
}

}  // namespace
