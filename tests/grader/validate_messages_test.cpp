// `grader validate`'s check of what students read: validate::message_problems
// finds raw test-framework text in a report and failures that name no call.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "grader/validate/validate.hpp"

namespace gv = grader::validate;
namespace gr = grader::runner;

namespace {

grader::course::Course course_with(grader::course::ExerciseKind kind) {
  grader::course::Course course;
  grader::course::Lesson lesson;
  lesson.id = "attention";
  grader::course::Exercise exercise;
  exercise.id = "softmax";
  exercise.kind = kind;
  lesson.exercises.push_back(exercise);
  course.lessons.push_back(lesson);
  return course;
}

gr::SubmissionResult failing(const std::string& message) {
  gr::TestResult t;
  t.lesson = "attention";
  t.exercise = "softmax";
  t.name = "Softmax.EqualScoresGiveEqualWeights";
  t.status = gr::TestStatus::failed;
  t.message = message;
  gr::LessonResult lesson;
  lesson.lesson = "attention";
  lesson.tests.push_back(t);
  gr::SubmissionResult result;
  result.lessons.push_back(lesson);
  return result;
}

}  // namespace

TEST(ValidateMessages, AMessageThatNamesTheCallPasses) {
  auto course = course_with(grader::course::ExerciseKind::code);
  auto result = failing("softmax_rows(<matrix (1, 4)>): 4 of 4 values differ from the expected ones (shape (1, 4))");
  EXPECT_TRUE(gv::message_problems(course, result, {"  ✘ Softmax.EqualScoresGiveEqualWeights\n"}).empty());
}

TEST(ValidateMessages, EveryRawFrameworkFragmentIsFound) {
  auto course = course_with(grader::course::ExerciseKind::code);
  auto result = failing("softmax_rows(<matrix (1, 4)>): expected 1, got 2");
  for (const auto& fragment : gv::kRawFrameworkText) {
    auto problems = gv::message_problems(course, result, {"header\n        text " + fragment + " more\n"});
    ASSERT_EQ(problems.size(), 1u) << fragment;
    EXPECT_NE(problems[0].find(fragment), std::string::npos) << problems[0];
  }
}

TEST(ValidateMessages, FrameworkNamesHeadersAndSourceLinesAreFound) {
  auto course = course_with(grader::course::ExerciseKind::code);
  auto result = failing("softmax_rows(<matrix (1, 4)>): expected 1, got 2");
  for (const std::string line :
       {"  from gtest-assertion-result.h", "  PlainObjectBase.h: invalid matrix product",
        "  eigen_assert(rows >= 0) failed", "  mha_against_torch.hpp:25: Failure", "  at Product.h:117",
        "  tests/hidden/x/softmax_hidden_test.cpp:40"}) {
    const auto problems = gv::message_problems(course, result, {"header\n" + line + "\n"});
    EXPECT_EQ(problems.size(), 1u) << line;
  }
  // The course's own words: a file the student edits, a shape, a call.
  EXPECT_TRUE(gv::message_problems(course, result,
                                   {"  edit starter/attention/softmax.cpp\n  softmax_rows(<matrix (2, 3)>): expected "
                                    "shape (2, 3)\n  lessons/attention/README.md, section 2.1\n"})
                  .empty());
}

TEST(ValidateMessages, AFailureThatNamesNoCallIsAProblem) {
  auto course = course_with(grader::course::ExerciseKind::code);
  for (const char* message : {"the result: 4 of 4 values differ from the expected ones", "4 of 10 cases are wrong, expected 0",
                              "expected"}) {
    auto problems = gv::message_problems(course, failing(message), {});
    ASSERT_EQ(problems.size(), 1u) << message;
    EXPECT_NE(problems[0].find("does not start with a call"), std::string::npos) << problems[0];
  }
  // A quiz answer has no call to name.
  EXPECT_TRUE(gv::message_problems(course_with(grader::course::ExerciseKind::quiz), failing("wrong answer"), {}).empty());
}

TEST(ValidateMessages, AFailureThatNeverSaysWhatWasExpectedIsAProblem) {
  auto course = course_with(grader::course::ExerciseKind::code);
  for (const char* message : {"positional_encoding(0, 4): threw std::invalid_argument: seq_len must be > 0, got 0",
                              "causal_mask(-1): your code aborted (SIGABRT)"}) {
    auto problems = gv::message_problems(course, failing(message), {});
    ASSERT_EQ(problems.size(), 1u) << message;
    EXPECT_NE(problems[0].find("never says what was expected"), std::string::npos) << problems[0];
  }
  for (const char* message : {"positional_encoding(0, 4): expected a matrix, but your code threw std::invalid_argument: x",
                              "softmax_rows(<matrix (1, 4)>): 4 of 4 values differ from the Expected ones",
                              "softmax_rows(<matrix (1, 3)>): weight (0, 0) should be NaN (as in PyTorch), got 0"})
    EXPECT_TRUE(gv::message_problems(course, failing(message), {}).empty()) << message;
}

TEST(ValidateCause, TheExpectedCauseMustBeOnALikelyCauseLine) {
  const std::string report =
      "      ✘ PeFormula.FirstRowAlternatesZeroAndOne (1 pts)\n"
      "        positional_encoding(1, 8): expected 0, got 0.841471\n"
      "          likely cause: positions counted from 1: row p holds position p + 1.\n";
  EXPECT_EQ(gv::cause_problem("positions counted from 1", {"other report", report}), "");
  // The words elsewhere in the report do not count: only a likely cause line.
  const std::string problem = gv::cause_problem("expected 0", {report});
  EXPECT_NE(problem.find("no 'likely cause:' line holds \"expected 0\""), std::string::npos) << problem;
  EXPECT_NE(problem.find("[likely cause: positions counted from 1"), std::string::npos) << problem << ": says what it saw";
  EXPECT_NE(gv::cause_problem("a missing residual", {"f(1): expected 2, got 3\n"}).find("name no likely cause"),
            std::string::npos);
}
