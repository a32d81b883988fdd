// The steps of grading one lesson (grader/runner/lesson/), each alone: the
// test plan and its points, the limits, the worker's sources, the suites'
// outcomes and the score. The integration tests (grader_cli_test, totals_test,
// ...) cover them together against real workers.
#include <gtest/gtest.h>

#include <filesystem>

#include "grader/runner/lesson/limits.hpp"
#include "grader/runner/lesson/score.hpp"
#include "grader/runner/lesson/suite_runs.hpp"
#include "grader/runner/lesson/test_plan.hpp"
#include "grader/runner/lesson/worker_build.hpp"
#include "grader/util/files.hpp"

namespace {

using namespace grader;
using namespace grader::runner;

course::Exercise code_exercise(const std::string& id, const std::string& file, double points) {
  course::Exercise e;
  e.id = id;
  e.files = {file};
  e.public_tests.files = {"tests/public/" + id + "_test.cpp"};
  e.hidden_tests.files = {"tests/hidden/" + id + "_test.cpp"};
  e.hidden_tests.show_details = false;
  e.hidden_tests.message = "hidden: " + id;
  e.hidden_tests.visibility = course::Visibility::after_due_date;
  e.points = points;
  return e;
}

// Lesson "l2" with exercises a (10 points) and b (3 per test), using lesson "l1".
struct TwoLessons {
  course::Course course;
  TwoLessons() {
    course::Lesson l1;
    l1.id = "l1";
    l1.exercises = {code_exercise("first", "l1/first.cpp", 5)};
    course::Lesson l2;
    l2.id = "l2";
    l2.uses = {"l1"};
    l2.exercises = {code_exercise("a", "l2/a.cpp", 10), code_exercise("b", "l2/b.cpp", 0)};
    l2.exercises[1].points.reset();
    l2.exercises[1].points_per_test = 3;
    course.lessons = {l1, l2};
  }
  const course::Lesson& lesson() const { return course.lessons[1]; }
};

ListedTest listed(const std::string& name, const std::string& file) { return {name, "/abs/course/" + file}; }

TEST(TestPlan, SelectsExercisesAndKnowsWhetherAnyIsCode) {
  TwoLessons c;
  EXPECT_EQ(select_exercises(c.lesson(), {}).size(), 2u);
  auto only_b = select_exercises(c.lesson(), {"b", "first"});
  ASSERT_EQ(only_b.size(), 1u);
  EXPECT_EQ(only_b.begin()->first, "b");
  EXPECT_TRUE(has_code(only_b));
  course::Lesson quiz_only;
  quiz_only.exercises = {code_exercise("q", "q.txt", 1)};
  quiz_only.exercises[0].kind = course::ExerciseKind::quiz;
  EXPECT_FALSE(has_code(select_exercises(quiz_only, {})));
  EXPECT_TRUE(select_exercises(c.lesson(), {"nothing"}).empty());
}

TEST(TestPlan, SuitesToRunPickTheServingPublicSuiteAndHiddenOnlyWhenAsked) {
  build::LessonArtifacts artifacts;
  artifacts.suites = {{"public", "/s/pub"}, {"public_serving", "/s/serve"}, {"hidden", "/s/hid"}};
  auto check = suites_to_run(artifacts, false, false);
  ASSERT_EQ(check.size(), 1u);
  EXPECT_EQ(check[0].path, "/s/pub");
  EXPECT_FALSE(check[0].hidden);
  auto grade = suites_to_run(artifacts, true, true);
  ASSERT_EQ(grade.size(), 2u);
  EXPECT_EQ(grade[0].path, "/s/serve");
  EXPECT_EQ(grade[1].path, "/s/hid");
  EXPECT_TRUE(grade[1].hidden);
  artifacts.suites.erase("hidden");
  EXPECT_EQ(suites_to_run(artifacts, false, true).size(), 1u) << "no hidden suite built: none run";
}

TEST(TestPlan, SameSourceMatchesWholePathComponentsOnly) {
  EXPECT_TRUE(same_source("tests/public/a_test.cpp", "tests/public/a_test.cpp"));
  EXPECT_TRUE(same_source("/x/course/tests/public/a_test.cpp", "tests/public/a_test.cpp"));
  EXPECT_FALSE(same_source("/x/course/tests/public/aa_test.cpp", "a_test.cpp")) << "a suffix inside a name";
  EXPECT_FALSE(same_source("/x/tests/public/a_test.cpp.bak", "tests/public/a_test.cpp"));
}

TEST(TestPlan, AssignsTestsToExercisesWithVisibilityAndExactPoints) {
  TwoLessons c;
  const auto exercises = select_exercises(c.lesson(), {});
  std::vector<SuiteListing> listings{
      {{"/s/pub", false},
       {listed("A.one", "tests/public/a_test.cpp"), listed("A.two", "tests/public/a_test.cpp"),
        listed("B.one", "tests/public/b_test.cpp"), listed("Stray.test", "tests/public/unknown_test.cpp")}},
      {{"/s/hid", true}, {listed("AH.one", "tests/hidden/a_test.cpp")}}};
  auto plan = plan_tests(c.lesson(), exercises, listings);
  ASSERT_EQ(plan.size(), 4u) << "the stray test belongs to no exercise";
  EXPECT_EQ(plan[0].test.name, "A.one");
  EXPECT_EQ(plan[0].suite, "/s/pub");
  EXPECT_EQ(plan[0].test.lesson, "l2");
  EXPECT_EQ(plan[0].test.status, TestStatus::not_run);
  // a: 10 points over three tests, the remainder first.
  EXPECT_EQ(plan[0].test.max_score, 3.334);
  EXPECT_EQ(plan[1].test.max_score, 3.333);
  EXPECT_EQ(plan[3].test.max_score, 3.333);
  // b: per test.
  EXPECT_EQ(plan[2].test.exercise, "b");
  EXPECT_EQ(plan[2].test.max_score, 3);
  // The hidden suite's test: hidden, with the hidden suite's visibility and message.
  EXPECT_EQ(plan[3].test.name, "AH.one");
  EXPECT_TRUE(plan[3].test.hidden);
  EXPECT_FALSE(plan[3].test.show_details);
  EXPECT_EQ(plan[3].test.public_message, "hidden: a");
  EXPECT_EQ(plan[3].test.visibility, course::Visibility::after_due_date);
  EXPECT_TRUE(plan[0].test.show_details);
  EXPECT_EQ(plan[0].test.public_message, "");
}

TEST(TestPlan, UnselectedExercisesGetNoTestsAndNoPoints) {
  TwoLessons c;
  std::vector<SuiteListing> listings{
      {{"/s/pub", false}, {listed("A.one", "tests/public/a_test.cpp"), listed("B.one", "tests/public/b_test.cpp")}}};
  auto plan = plan_tests(c.lesson(), select_exercises(c.lesson(), {"a"}), listings);
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(plan[0].test.exercise, "a");
  EXPECT_EQ(plan[0].test.max_score, 10) << "all of a's points on its only graded test";
}

TEST(LessonLimits, TakeTheLargestOfTheSelectedExercisesOverLessonAndCourse) {
  TwoLessons c;
  c.course.limits.call_timeout_ms = 1000;
  c.course.limits.memory_mb = 256;
  c.course.limits.lesson_timeout_s = 90;
  auto& lesson = c.course.lessons[1];
  lesson.limits.compile_timeout_s = 20;
  lesson.exercises[0].limits.call_timeout_ms = 3000;
  lesson.exercises[1].limits.memory_mb = 700;
  auto all = resolve_lesson_limits(c.course, lesson, select_exercises(lesson, {}), GradingClock().seconds_left(), false);
  EXPECT_EQ(all.call_timeout_ms, 3000);
  EXPECT_EQ(all.memory_mb, 700);
  EXPECT_EQ(all.lesson_timeout_s, 90);
  EXPECT_EQ(all.build.compile_timeout_s, 20);
  EXPECT_EQ(all.build.wall_timeout_s, 0) << "no deadline: the compiler's default wall time";
  EXPECT_FALSE(all.deadline_first);
  auto only_a = resolve_lesson_limits(c.course, lesson, select_exercises(lesson, {"a"}), GradingClock().seconds_left(), false);
  EXPECT_EQ(only_a.call_timeout_ms, 3000);
  EXPECT_EQ(only_a.memory_mb, 256) << "b's memory does not count when b is not graded";
}

TEST(LessonLimits, TheTimeLeftCutsCompilesAndComesFirstWhenShorter) {
  TwoLessons c;
  c.course.limits.lesson_timeout_s = 100;
  c.course.limits.compile_timeout_s = 60;
  const auto& lesson = c.lesson();
  auto tight = resolve_lesson_limits(c.course, lesson, select_exercises(lesson, {}), 30, true);
  EXPECT_EQ(tight.build.compile_timeout_s, 30);
  EXPECT_EQ(tight.build.wall_timeout_s, 30);
  EXPECT_TRUE(tight.deadline_first);
  auto roomy = resolve_lesson_limits(c.course, lesson, select_exercises(lesson, {}), 1000, true);
  EXPECT_EQ(roomy.build.compile_timeout_s, 60);
  EXPECT_EQ(roomy.build.wall_timeout_s, 240) << "4x the CPU limit, under the time left";
  EXPECT_FALSE(roomy.deadline_first);
}

TEST(GradingClock, CountsWholeSecondsLeftAtLeastOneUntilThePast) {
  const auto now = std::chrono::steady_clock::now();
  EXPECT_EQ(GradingClock().seconds_left(now), std::numeric_limits<int>::max());
  EXPECT_FALSE(GradingClock().has_deadline());
  GradingClock clock(now + std::chrono::milliseconds(10500));
  EXPECT_TRUE(clock.has_deadline());
  EXPECT_EQ(clock.seconds_left(now), 10);
  EXPECT_EQ(clock.seconds_left(now + std::chrono::milliseconds(10200)), 1) << "a fraction left is still one second";
  EXPECT_EQ(clock.seconds_left(now + std::chrono::seconds(11)), 0);
}

TEST(WorkerSources, TakeTheUsedLessonsFilesUnlessServedAndNameTheMissingOnes) {
  TwoLessons c;
  CollectedFiles files;
  files.files = {{"l1/first.cpp", "int f();"}, {"l2/a.cpp", "int a();"}, {"l2/b.cpp", "starter b"}, {"other.cpp", "x"}};
  files.missing = {"l2/b.cpp"};
  auto check = worker_sources(c.course, c.lesson(), {}, files);
  ASSERT_EQ(check.sources.size(), 3u);
  EXPECT_EQ(check.sources[0].relative, "l1/first.cpp");
  EXPECT_EQ(check.sources[0].content, "int f();");
  EXPECT_EQ(check.missing, std::vector<std::string>{"l2/b.cpp"});
  EXPECT_EQ(source_list(check.sources), "l1/first.cpp, l2/a.cpp, l2/b.cpp");
  auto grade = worker_sources(c.course, c.lesson(), {"l1"}, files);
  ASSERT_EQ(grade.sources.size(), 2u) << "a served lesson's files are not compiled";
  EXPECT_EQ(grade.sources[0].relative, "l2/a.cpp");
  EXPECT_EQ(source_list({}), "(none)");
}

struct FakeSuites {
  std::map<std::string, SuiteOutcome> outcomes;
  std::vector<std::string> ran;
  std::vector<SuiteLimits> limits;
  SuiteRunner runner() {
    return [this](const std::string& suite, const std::filesystem::path&, const std::filesystem::path& scratch,
                  const SuiteLimits& l) {
      EXPECT_TRUE(std::filesystem::is_directory(scratch));
      ran.push_back(suite);
      limits.push_back(l);
      return outcomes[suite];
    };
  }
};

LessonLimits some_limits() {
  LessonLimits l;
  l.call_timeout_ms = 1500;
  l.memory_mb = 300;
  l.lesson_timeout_s = 60;
  return l;
}

PlannedTest planned(const std::string& suite, const std::string& name, const std::string& exercise = "a") {
  PlannedTest p;
  p.suite = suite;
  p.test.name = name;
  p.test.exercise = exercise;
  p.test.max_score = 2;
  return p;
}

TEST(SuiteRuns, RunEverySuiteWithTheLessonsLimitsAndKeyTheirLines) {
  util::TempDir scratch("lesson-steps");
  FakeSuites fake;
  fake.outcomes["pub"].lines = {{"T.pass", TestStatus::passed, "", 0.5, {}, {}, {}}, {"T.fail", TestStatus::failed, "expected 1, got 2", 0, {}, {}, {}}};
  fake.outcomes["hid"].lines = {{"T.pass", TestStatus::failed, "hidden failure", 0, {}, {}, {}}};
  auto run = run_suites({{"pub", false}, {"hid", true}}, "/w", scratch.path(), some_limits(), {"l1"}, GradingClock(),
                        "a.cpp", fake.runner());
  EXPECT_EQ(fake.ran, (std::vector<std::string>{"pub", "hid"}));
  ASSERT_EQ(fake.limits.size(), 2u);
  EXPECT_EQ(fake.limits[0].call_timeout_ms, 1500);
  EXPECT_EQ(fake.limits[0].memory_mb, 300);
  EXPECT_EQ(fake.limits[0].lesson_timeout_s, 60);
  EXPECT_EQ(fake.limits[0].callback_lessons, std::vector<std::string>{"l1"});
  EXPECT_EQ(run.status, LessonStatus::graded);
  EXPECT_EQ(run.lines.size(), 3u) << "the same test name in two suites is two results";

  std::vector<PlannedTest> plan{planned("pub", "T.pass"), planned("pub", "T.fail"), planned("hid", "T.pass"),
                                planned("pub", "T.never")};
  record_outcomes(plan, run);
  EXPECT_EQ(plan[0].test.status, TestStatus::passed);
  EXPECT_EQ(plan[0].test.score, 2);
  EXPECT_EQ(plan[0].test.seconds, 0.5);
  EXPECT_EQ(plan[1].test.status, TestStatus::failed);
  EXPECT_EQ(plan[1].test.score, 0);
  EXPECT_EQ(plan[1].test.message, "expected 1, got 2");
  EXPECT_EQ(plan[2].test.status, TestStatus::failed);
  EXPECT_EQ(plan[2].test.message, "hidden failure");
  EXPECT_EQ(plan[3].test.status, TestStatus::not_run);
  EXPECT_EQ(plan[3].test.message, "not run: the suite stopped before this test");
}

TEST(SuiteRuns, AWorkerThatDidNotStartIsSaidOnceAndStopsTheLaterSuites) {
  util::TempDir scratch("lesson-steps");
  FakeSuites fake;
  fake.outcomes["pub"].lines = {{"T.before", TestStatus::passed, "", 0, {}, {}, {}}};
  fake.outcomes["pub"].did_not_start = "your code did not start: it exited with status 0 before it was ready";
  auto run = run_suites({{"pub", false}, {"hid", true}}, "/w", scratch.path(), some_limits(), {}, GradingClock(),
                        "a.cpp, b.cpp", fake.runner());
  EXPECT_EQ(fake.ran, std::vector<std::string>{"pub"});
  EXPECT_EQ(run.status, LessonStatus::did_not_start);
  EXPECT_NE(run.detail.find("exited with status 0"), std::string::npos) << run.detail;
  EXPECT_NE(run.detail.find("The lesson's files: a.cpp, b.cpp."), std::string::npos) << run.detail;
  std::vector<PlannedTest> plan{planned("pub", "T.before"), planned("pub", "T.after"), planned("hid", "H.x")};
  record_outcomes(plan, run);
  EXPECT_EQ(plan[0].test.status, TestStatus::passed) << "a test that ended before keeps its result";
  EXPECT_EQ(plan[1].test.message, "not run: your code did not start (see the lesson's message)");
  EXPECT_EQ(plan[2].test.status, TestStatus::not_run);
}

TEST(SuiteRuns, TimeoutsSayWhoseTimeRanOutAndACrashKeepsTheFirstStatus) {
  util::TempDir scratch("lesson-steps");
  FakeSuites fake;
  fake.outcomes["pub"].timed_out = true;
  fake.outcomes["hid"].crashed = true;
  fake.outcomes["hid"].detail = "the test suite was killed";
  auto limits = some_limits();
  auto own = run_suites({{"pub", false}, {"hid", true}}, "/w", scratch.path(), limits, {}, GradingClock(), "", fake.runner());
  EXPECT_EQ(own.status, LessonStatus::timed_out) << "a crash after a timeout does not replace it";
  EXPECT_NE(own.detail.find("took longer than 60 s"), std::string::npos) << own.detail;
  limits.deadline_first = true;
  auto deadline = run_suites({{"pub", false}}, "/w", scratch.path(), limits, {}, GradingClock(), "", fake.runner());
  EXPECT_NE(deadline.detail.find("the time allowed for grading ran out"), std::string::npos) << deadline.detail;
  auto crash = run_suites({{"hid", true}}, "/w", scratch.path(), limits, {}, GradingClock(), "", fake.runner());
  EXPECT_EQ(crash.status, LessonStatus::crashed);
  EXPECT_EQ(crash.detail, "the test suite was killed");
}

TEST(SuiteRuns, EachSuiteGetsTheTimeLeftWhenLessThanTheLessonTimeout) {
  util::TempDir scratch("lesson-steps");
  FakeSuites fake;
  const GradingClock clock(std::chrono::steady_clock::now() + std::chrono::hours(1));
  run_suites({{"pub", false}}, "/w", scratch.path(), some_limits(), {}, clock, "", fake.runner());
  EXPECT_EQ(fake.limits.at(0).lesson_timeout_s, 60) << "an hour left: the lesson's own 60 s";
  const GradingClock passed(std::chrono::steady_clock::now() - std::chrono::seconds(1));
  run_suites({{"pub", false}}, "/w", scratch.path(), some_limits(), {}, passed, "", fake.runner());
  EXPECT_EQ(fake.limits.at(1).lesson_timeout_s, 1) << "never less than a second";
}

TEST(SuiteRuns, CutResultsSayWhereTheyWereCut) {
  SuitesRun run;
  run.results_cut = true;
  std::vector<PlannedTest> plan{planned("pub", "T.late")};
  record_outcomes(plan, run);
  EXPECT_EQ(plan[0].test.status, TestStatus::not_run);
  EXPECT_NE(plan[0].test.message.find("results were cut at"), std::string::npos) << plan[0].test.message;
}

TEST(SuiteRuns, MarkNotRunAndMissingFiles) {
  TwoLessons c;
  const auto exercises = select_exercises(c.lesson(), {});
  std::vector<PlannedTest> plan{planned("pub", "A.x", "a"), planned("pub", "B.x", "b"), planned("pub", "B.y", "b")};
  mark_not_run(plan, "not run: why");
  for (const auto& p : plan) {
    EXPECT_EQ(p.test.status, TestStatus::not_run);
    EXPECT_EQ(p.test.message, "not run: why");
  }
  plan[2].test.status = TestStatus::passed;
  plan[2].test.message = "";
  LessonResult result;
  note_missing_files(result, plan, {"l2/b.cpp"}, exercises);
  EXPECT_EQ(result.status, LessonStatus::missing_files);
  EXPECT_EQ(result.detail, "missing from the submission (the starter version was used): l2/b.cpp");
  EXPECT_EQ(plan[0].test.message, "not run: why") << "a's file was there";
  EXPECT_EQ(plan[1].test.message, "file l2/b.cpp is missing from the submission\nnot run: why");
  EXPECT_EQ(plan[2].test.message, "") << "a passed test says nothing";
  LessonResult broken;
  broken.status = LessonStatus::compile_error;
  broken.detail = "errors";
  note_missing_files(broken, plan, {"l2/b.cpp"}, exercises);
  EXPECT_EQ(broken.status, LessonStatus::compile_error) << "a worse status stays";
  EXPECT_EQ(broken.detail, "errors");
}

TEST(LessonScore, SumsTheTestsAndTakesTheMaximumFromTheCourse) {
  TwoLessons c;
  const auto exercises = select_exercises(c.lesson(), {});
  LessonResult result;
  TestResult a1, a2, b1;
  a1.exercise = a2.exercise = "a";
  b1.exercise = "b";
  a1.max_score = 5;
  a1.score = 5;
  a2.max_score = 5;
  b1.max_score = b1.score = 3;
  result.tests = {a1, a2, b1};
  score_lesson(result, exercises, true);
  EXPECT_EQ(result.score, 8);
  EXPECT_EQ(result.max_score, 13) << "a's 10 plus b's 3 for its one test";
  LessonResult none;
  score_lesson(none, exercises, true);
  EXPECT_EQ(none.score, 0);
  EXPECT_EQ(none.max_score, 10) << "no tests listed: a's points still count, b's per-test points have no tests";
}

}  // namespace
