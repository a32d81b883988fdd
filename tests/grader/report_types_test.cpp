// The report layer's shared vocabulary: the table of output formats that
// `grade` and `export` both read, the exercise states check decides and
// prints, and the one colour helper.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "grader/report/colors.hpp"
#include "grader/report/formats.hpp"
#include "grader/report/terminal.hpp"

namespace {

namespace report = grader::report;
using grader::runner::LessonResult;
using grader::runner::LessonStatus;
using grader::runner::SubmissionResult;
using grader::runner::TestResult;
using grader::runner::TestStatus;
using report::ExerciseState;
using report::FormatCommand;
using report::OutputFormat;

TEST(OutputFormats, EachCommandAcceptsItsFormatsInHelpOrder) {
  EXPECT_EQ(report::format_names(FormatCommand::grade),
            (std::vector<std::string>{"text", "json", "gradescope", "exercism", "junit", "markdown"}));
  EXPECT_EQ(report::format_names(FormatCommand::export_),
            (std::vector<std::string>{"csv", "json", "gradescope", "exercism", "junit", "markdown", "html", "canvas", "moodle",
                                      "moodle-gradebook"}));
}

TEST(OutputFormats, HelpNamesEveryAcceptedFormatWithItsNote) {
  EXPECT_EQ(report::format_help(FormatCommand::grade), "text (default), json, gradescope, exercism, junit or markdown");
  EXPECT_EQ(report::format_help(FormatCommand::export_),
            "csv (one row per student), json, gradescope, exercism, junit, markdown, html (a class report site: "
            "-o FOLDER), canvas, moodle (the assignment's grading worksheet: --worksheet FILE) or moodle-gradebook "
            "(CSVs for the LMS's grade imports, docs/gradebook.md)");
  for (auto command : {FormatCommand::grade, FormatCommand::export_})
    for (const auto& name : report::format_names(command))
      EXPECT_NE(report::format_help(command).find(name), std::string::npos) << name;
}

TEST(OutputFormats, NamesAreUniqueAndFoundBackExactly) {
  std::set<std::string> names;
  for (const auto& f : report::output_formats()) {
    EXPECT_TRUE(names.insert(f.name).second) << f.name << " twice";
    EXPECT_EQ(report::find_output_format(f.name), f.format);
    EXPECT_EQ(&report::format_info(f.format), &f);
    EXPECT_TRUE(f.grade || f.exported) << f.name << " is written by no command";
  }
  EXPECT_EQ(report::find_output_format("JSON"), std::nullopt);
  EXPECT_EQ(report::find_output_format("xml"), std::nullopt);
  EXPECT_EQ(report::find_output_format(""), std::nullopt);
}

TEST(OutputFormats, ExactlyTheFormatsWithAnExtensionRenderOneSubmission) {
  SubmissionResult r;
  r.student = "alice";
  r.score = 1;
  r.max_score = 2;
  std::set<std::string> reports;
  for (const auto& f : report::output_formats()) {
    const auto text = report::render_submission(f.format, r);
    EXPECT_EQ(text.has_value(), std::string(f.extension) != "") << f.name;
    if (text) {
      EXPECT_TRUE(reports.insert(*text).second) << f.name << " renders as another format does";
    }
  }
  EXPECT_EQ(reports.size(), 5u);
  EXPECT_STREQ(report::format_info(OutputFormat::junit).extension, ".xml");
  EXPECT_STREQ(report::format_info(OutputFormat::markdown).extension, ".md");
  EXPECT_STREQ(report::format_info(OutputFormat::gradescope).extension, ".json");
}

LessonResult lesson_with(std::vector<TestStatus> statuses, LessonStatus status = LessonStatus::graded) {
  LessonResult l;
  l.status = status;
  for (auto s : statuses) {
    TestResult t;
    t.exercise = "ex";
    t.status = s;
    l.tests.push_back(t);
  }
  return l;
}

TEST(ExerciseStates, AreDecidedFromTheTestsAndTheLesson) {
  using S = TestStatus;
  EXPECT_EQ(report::exercise_state(lesson_with({S::passed, S::passed}), "ex"), ExerciseState::done);
  EXPECT_EQ(report::exercise_state(lesson_with({S::passed, S::pending_review}), "ex"), ExerciseState::awaiting_review);
  EXPECT_EQ(report::exercise_state(lesson_with({S::not_implemented, S::not_implemented}), "ex"), ExerciseState::not_started);
  EXPECT_EQ(report::exercise_state(lesson_with({S::passed, S::not_implemented}), "ex"), ExerciseState::in_progress);
  EXPECT_EQ(report::exercise_state(lesson_with({S::failed}), "ex"), ExerciseState::in_progress);
  EXPECT_EQ(report::exercise_state(lesson_with({S::passed}), "other"), ExerciseState::no_tests);
  for (auto broken : {LessonStatus::compile_error, LessonStatus::did_not_start, LessonStatus::internal_error})
    EXPECT_EQ(report::exercise_state(lesson_with({S::passed}, broken), "ex"), ExerciseState::broken);
  EXPECT_EQ(report::exercise_state(lesson_with({S::passed}, LessonStatus::missing_files), "ex"), ExerciseState::done);
}

// Tests that failed only in another exercise's stub (blame.hpp) say nothing of
// this exercise's code: beside its own stubs it is not started; beside a test
// of its own that fails or passes, it is in progress.
TEST(ExerciseStates, FailuresInAnotherExercisesFunctionDoNotStartAnExercise) {
  using S = TestStatus;
  auto blamed = [](LessonResult l, std::size_t i) {
    l.tests.at(i).at_fault_exercise = "lesson/other";
    l.tests.at(i).at_fault_function = "other_function";
    return l;
  };
  EXPECT_EQ(report::exercise_state(blamed(lesson_with({S::not_implemented, S::failed}), 1), "ex"), ExerciseState::not_started);
  EXPECT_EQ(report::exercise_state(blamed(lesson_with({S::not_implemented, S::crashed}), 1), "ex"), ExerciseState::not_started);
  EXPECT_EQ(report::exercise_state(lesson_with({S::not_implemented, S::failed}), "ex"), ExerciseState::in_progress);
  EXPECT_EQ(report::exercise_state(blamed(lesson_with({S::passed, S::failed}), 1), "ex"), ExerciseState::in_progress);
  EXPECT_EQ(report::exercise_state(blamed(lesson_with({S::failed, S::failed}), 1), "ex"), ExerciseState::in_progress);
}

// A starter to repair (a buggy program, not a stub) fails its tests as
// shipped: untouched, it is not started; once edited, in progress; passing, done.
TEST(ExerciseStates, AnUntouchedStarterToRepairIsNotStarted) {
  using S = TestStatus;
  auto untouched = [](LessonResult l, std::vector<std::string> ids) {
    l.untouched_exercises = std::move(ids);
    return l;
  };
  EXPECT_EQ(report::exercise_state(untouched(lesson_with({S::failed, S::passed}), {"ex"}), "ex"), ExerciseState::not_started);
  EXPECT_EQ(report::exercise_state(untouched(lesson_with({S::crashed}), {"ex"}), "ex"), ExerciseState::not_started);
  EXPECT_EQ(report::exercise_state(untouched(lesson_with({S::failed, S::passed}), {"other"}), "ex"), ExerciseState::in_progress);
  EXPECT_EQ(report::exercise_state(lesson_with({S::failed, S::passed}), "ex"), ExerciseState::in_progress);
  EXPECT_EQ(report::exercise_state(untouched(lesson_with({S::passed}), {"ex"}), "ex"), ExerciseState::done);
  EXPECT_EQ(report::exercise_state(untouched(lesson_with({S::failed}, LessonStatus::compile_error), {"ex"}), "ex"),
            ExerciseState::broken);
}

TEST(ExerciseStates, PrintAsCheckAlwaysHasAndOnlyDoneOnesAreFinished) {
  EXPECT_STREQ(report::to_string(ExerciseState::done), "done");
  EXPECT_STREQ(report::to_string(ExerciseState::awaiting_review), "awaiting review");
  EXPECT_STREQ(report::to_string(ExerciseState::in_progress), "in progress");
  EXPECT_STREQ(report::to_string(ExerciseState::not_started), "not started");
  EXPECT_STREQ(report::to_string(ExerciseState::broken), "broken");
  EXPECT_STREQ(report::to_string(ExerciseState::no_tests), "no tests");
  EXPECT_TRUE(report::finished(ExerciseState::done));
  EXPECT_TRUE(report::finished(ExerciseState::awaiting_review));
  for (auto s : {ExerciseState::in_progress, ExerciseState::not_started, ExerciseState::broken, ExerciseState::no_tests})
    EXPECT_FALSE(report::finished(s)) << report::to_string(s);
}

TEST(Colors, OffPaintsNothingAndOnWrapsTheTextInOneStyleAndAReset) {
  const report::Colors off(false), on(true);
  for (auto ink : {report::Ink::good, report::Ink::bad, report::Ink::pending, report::Ink::quiet, report::Ink::heading,
                   report::Ink::alarm}) {
    EXPECT_EQ(off.paint(ink, "text"), "text");
    const std::string painted = on.paint(ink, "text");
    EXPECT_EQ(painted.rfind("\x1b[", 0), 0u) << "starts with an escape";
    EXPECT_NE(painted.find("text"), std::string::npos);
    EXPECT_EQ(painted.substr(painted.size() - 4), "\x1b[0m") << "ends with a reset";
    EXPECT_EQ(on.paint(ink, ""), "") << "nothing to paint: no escapes";
  }
  EXPECT_EQ(on.paint(report::Ink::good, "ok"), "\x1b[32mok\x1b[0m");
  EXPECT_EQ(on.paint(report::Ink::bad, "no"), "\x1b[31mno\x1b[0m");
  EXPECT_EQ(on.paint(report::Ink::pending, "…"), "\x1b[33m…\x1b[0m");
  EXPECT_NE(on.paint(report::Ink::alarm, "x"), on.paint(report::Ink::bad, "x")) << "the alarm is bold too";
}

TEST(Colors, TerminalOutputWithColourOffHoldsNoEscape) {
  grader::course::Course course;
  course.title = "Course";
  grader::course::Lesson lesson;
  lesson.id = "l";
  grader::course::Exercise e;
  e.id = "ex";
  e.points = 2;
  lesson.exercises = {e};
  course.lessons = {lesson};
  SubmissionResult r;
  LessonResult l = lesson_with({TestStatus::failed, TestStatus::passed});
  l.lesson = "l";
  l.tests[0].message = "expected 1, got 2";
  r.lessons = {l};
  std::ostringstream plain, colored;
  report::TerminalStyle style;
  report::print_check(plain, course, r, style);
  EXPECT_EQ(plain.str().find('\x1b'), std::string::npos) << plain.str();
  EXPECT_NE(plain.str().find("in progress"), std::string::npos) << plain.str();
  style.color = true;
  report::print_check(colored, course, r, style);
  EXPECT_NE(colored.str().find("\x1b[31m"), std::string::npos) << "the failure is red";
}

// One lesson "l" with exercise "ex" (student file l/ex.cpp) and a result of one failing test.
struct OneExercise {
  grader::course::Course course;
  SubmissionResult result;
  OneExercise() {
    course.title = "Course";
    grader::course::Lesson lesson;
    lesson.id = "l";
    lesson.folder = "lessons/l";
    grader::course::Exercise e;
    e.id = "ex";
    e.points = 2;
    e.files = {"l/ex.cpp"};
    lesson.exercises = {e};
    course.lessons = {lesson};
    LessonResult l = lesson_with({TestStatus::failed});
    l.lesson = "l";
    l.tests[0].message = "ex(): expected 1, got 2";
    result.lessons = {l};
  }
  std::string printed(const report::TerminalStyle& style = {}) const {
    std::ostringstream out;
    report::print_check(out, course, result, style);
    return out.str();
  }
};

// `grade ../ws` (no workspace in the style) points into the graded folder, not starter/.
TEST(CheckText, PointsIntoTheGradedFolder) {
  OneExercise one;
  one.result.source = "../ws";
  EXPECT_NE(one.printed().find("Next: ex in ../ws/l/ex.cpp"), std::string::npos) << one.printed();
  report::TerminalStyle check;
  check.workspace = "my-work";
  EXPECT_NE(one.printed(check).find("Next: ex in my-work/l/ex.cpp"), std::string::npos) << one.printed(check);
  one.result.source.clear();
  EXPECT_NE(one.printed().find("Next: ex in starter/l/ex.cpp"), std::string::npos) << one.printed();
}

// A lesson the grader could not run: the next step is the rebuild, no hint about the code.
TEST(CheckText, AnOutOfDateBuildGivesTheRebuildCommandAsNextStep) {
  OneExercise one;
  one.result.lessons[0].status = LessonStatus::internal_error;
  one.result.lessons[0].detail =
      "the course build is out of date: tests/public/l/t.cpp changed after suites/l was built, so grading would use "
      "the old version; rebuild with: cmake --build /course/build";
  const std::string text = one.printed();
  EXPECT_NE(text.find("Next: the course build, not your code: cmake --build /course/build, then run this command again"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("grader hint"), std::string::npos) << text;
  one.result.lessons[0].detail = "the worker crashed";
  EXPECT_NE(one.printed().find("Next: the grader could not run lesson l (above), which is no fault of your code"),
            std::string::npos)
      << one.printed();
}

// One exercise's failures that share a likely cause: it is said in full once,
// then "as above"; another cause, or the same one under another exercise, in full.
TEST(CheckText, ALikelyCauseIsSaidOncePerExercise) {
  OneExercise one;
  LessonResult& l = one.result.lessons[0];
  l.tests = lesson_with({TestStatus::failed, TestStatus::failed, TestStatus::failed}).tests;
  l.tests[0].message = "ex(1): expected 1, got 2\n  likely cause: the sign is flipped";
  l.tests[1].message = "ex(2): expected 2, got 3\n  likely cause: the sign is flipped";
  l.tests[2].message = "ex(3): expected 3, got 9\n  likely cause: squared twice";
  const std::string text = one.printed();
  EXPECT_EQ(text.find("likely cause: the sign is flipped"), text.rfind("likely cause: the sign is flipped")) << text;
  EXPECT_NE(text.find("likely cause: as above"), std::string::npos) << text;
  EXPECT_NE(text.find("likely cause: squared twice"), std::string::npos) << text;
  EXPECT_LT(text.find("ex(2): expected 2, got 3"), text.find("likely cause: as above")) << text;
}


// An exercise in progress whose failing tests reached another exercise's
// unfinished function: one line per such function, not one block per test;
// its own failure and a failure that threw in another exercise's finished
// function are shown in full.
TEST(CheckText, TestsWaitingForAnotherExercisesStubAreCountedOnce) {
  OneExercise one;
  LessonResult& l = one.result.lessons[0];
  l.tests = lesson_with({TestStatus::passed, TestStatus::failed, TestStatus::failed, TestStatus::failed,
                         TestStatus::failed, TestStatus::failed})
                .tests;
  l.tests[1].name = "Own.Fails";
  l.tests[1].message = "ex(1): expected 1, got 2";
  for (std::size_t i : {2, 3, 4}) {
    l.tests[i].name = "Waits.N" + std::to_string(i);
    l.tests[i].message = "ex(" + std::to_string(i) + "): not implemented: merge\n  at fault: ...";
    l.tests[i].at_fault_exercise = "l/masks";
    l.tests[i].at_fault_function = "merge";
    l.tests[i].at_fault_unfinished = true;
    l.tests[i].at_fault_file = "l/masks.cpp";
  }
  l.tests[5].name = "Threw.Elsewhere";
  l.tests[5].message = "ex(5): threw std::runtime_error: boom";
  l.tests[5].at_fault_exercise = "l/heads";
  l.tests[5].at_fault_function = "attend";
  const std::string text = one.printed();
  EXPECT_NE(text.find("3 tests need your `merge` (lesson l, exercise masks: l/masks.cpp) first"), std::string::npos) << text;
  EXPECT_EQ(text.find("Waits.N"), std::string::npos) << text;
  EXPECT_NE(text.find("Own.Fails"), std::string::npos) << text;
  EXPECT_NE(text.find("Threw.Elsewhere"), std::string::npos) << text;

  // Every failure waits for the same stub: no "every failing test reached" line on top of the count.
  l.tests.erase(l.tests.begin() + 5);
  l.tests.erase(l.tests.begin() + 1);
  const std::string waiting = one.printed();
  EXPECT_NE(waiting.find("3 tests need your `merge`"), std::string::npos) << waiting;
  EXPECT_EQ(waiting.find("every failing test reached"), std::string::npos) << waiting;
}

// One test's failures of several elements of one call: the call is written
// once, then "same call: expected ..."; a short subject is kept as it is.
TEST(CheckText, ACallRepeatedInOneTestIsWrittenOnce) {
  OneExercise one;
  const std::string call = "MultiHeadAttention(4, 2).forward(<tensor (1, 3, 4) [[[0, 1, 2, 3]]]>).output";
  one.result.lessons[0].tests[0].message = call + ": expected 8, got -1 (difference 9)\n  feature 0\n" + call +
                                           ": expected 11.5, got 0.5 (difference 11)\n  feature 1\nf(2): expected 1, got 2\n"
                                           "f(2): expected 3, got 4\n";
  const std::string text = one.printed();
  EXPECT_EQ(text.find(call), text.rfind(call)) << text;
  EXPECT_NE(text.find("same call: expected 11.5, got 0.5 (difference 11)"), std::string::npos) << text;
  EXPECT_NE(text.find("f(2): expected 3, got 4"), std::string::npos) << text;
}

// A quiz with some answers filled in: how many of its questions are answered,
// and (in check) that they are scored on submission, never "not implemented yet".
TEST(CheckText, AQuizCountsItsAnsweredQuestions) {
  OneExercise one;
  one.course.lessons[0].exercises[0].kind = grader::course::ExerciseKind::quiz;
  one.course.lessons[0].exercises[0].files = {"l/answers.yaml"};
  LessonResult& l = one.result.lessons[0];
  l.tests = lesson_with({TestStatus::passed, TestStatus::not_implemented, TestStatus::not_implemented}).tests;
  std::string text = one.printed();
  EXPECT_NE(text.find("1 of 3 questions answered (2 still empty in starter/l/answers.yaml); answers are scored when "
                      "you submit"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("not implemented"), std::string::npos) << text;
  // None answered yet: where to start. Graded with the key: scored already.
  for (auto& t : l.tests) t.status = TestStatus::not_implemented;
  report::TerminalStyle graded;
  graded.hidden_graded = true;
  text = one.printed(graded);
  EXPECT_NE(text.find("0 of 3 questions answered: start with the TODO in starter/l/answers.yaml\n"), std::string::npos)
      << text;
}

}  // namespace
