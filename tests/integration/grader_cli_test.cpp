// End-to-end tests of the built `grader` program: the reference solutions
// earn full marks, the starter earns nothing, each deliberately broken
// submission (tests/submissions/) loses exactly the points it should with a
// message that says what happened, and usage mistakes and a broken
// course.yaml give exit code 2 with a message that helps.
//
// Each test spawns the grader, waits for it with a deadline, and reads its
// exit code, its output and (for `grade --format json`) its JSON report.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "grader/course/loader.hpp"
#include "integration/grader_run.hpp"
#include "support/timeouts.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace grader_test;

const fs::path kCourse = COURSE_SOURCE_DIR;
const std::string kLesson = "positional-encoding";
const std::string kBrokenExercise = "pe-formula";
// The test's deadline for grading a submission, even one whose every call
// hangs (run_grader scales it by COURSE_TEST_TIMEOUT_SCALE). Generous: it
// only stops a grader that never ends, it does not time one.
constexpr auto kGradeBound = std::chrono::seconds(600);

json parse_report(const GraderRun& run) {
  try {
    return json::parse(run.out);
  } catch (const json::exception& e) {
    ADD_FAILURE() << "grade did not print JSON (" << e.what() << "): " << describe(run);
    return json::object({{"lessons", json::array()}, {"score", -1}, {"max_score", -1}});
  }
}

// `grader grade DIR --format json [--lesson L]...`, parsed. Fails the test when the output is not JSON.
json grade_json(const fs::path& submission, GraderRun& run, const std::vector<std::string>& lessons = {},
                const std::vector<std::string>& before = {}) {
  std::vector<std::string> args = before;
  args.insert(args.end(), {"--no-color", "grade", submission.string(), "--format", "json"});
  for (const auto& l : lessons) args.insert(args.end(), {"--lesson", l});
  run = run_grader(args, kGradeBound);
  return parse_report(run);
}

// A submission: solutions/ copied, then tests/submissions/<broken> laid over it.
fs::path make_submission(const ScratchDir& scratch, const std::string& broken) {
  return overlay_submission(kCourse, scratch.path() / broken, broken);
}

struct Points {
  double score = 0;
  double max = 0;
  int tests = 0;
};

std::map<std::string, Points> points_by_exercise(const json& lesson) {
  std::map<std::string, Points> out;
  for (const auto& t : lesson.at("tests")) {
    auto& p = out[t.at("exercise").get<std::string>()];
    p.score += t.at("score").get<double>();
    p.max += t.at("max_score").get<double>();
    ++p.tests;
  }
  return out;
}

const json* find_lesson(const json& report, const std::string& id) {
  for (const auto& l : report.at("lessons"))
    if (l.at("lesson") == id) return &l;
  return nullptr;
}

std::vector<json> tests_of(const json& lesson, const std::string& exercise) {
  std::vector<json> out;
  for (const auto& t : lesson.at("tests"))
    if (t.at("exercise") == exercise) out.push_back(t);
  return out;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Free-text answers await an instructor: neither right nor wrong yet, so they
// count toward the maximum but can never be earned by grading alone.
double awaiting_review(const json& lesson) {
  double points = 0;
  for (const auto& t : lesson.at("tests"))
    if (t.at("status") == "pending_review") points += t.at("max_score").get<double>();
  return points;
}

// Full marks: every test passed (or awaits review) and the score is the
// maximum less what awaits review.
void expect_full_marks(const json& lesson) {
  const std::string id = lesson.at("lesson").get<std::string>();
  EXPECT_EQ(lesson.at("status"), "graded") << id << ": " << lesson.at("detail");
  EXPECT_GT(lesson.at("max_score").get<double>(), 0) << id;
  EXPECT_NEAR(lesson.at("score").get<double>(), lesson.at("max_score").get<double>() - awaiting_review(lesson), 1e-6) << id;
  for (const auto& t : lesson.at("tests")) {
    if (t.at("status") == "pending_review") continue;
    EXPECT_EQ(t.at("status"), "passed") << id << ": " << t.at("name") << ": " << t.at("message");
  }
}

// Lessons whose workers compile kLesson's student files too in `grade`
// (course.yaml `uses` with mode: student, followed through): a bug there may
// rightly cost their points as well. A plain `uses` is graded against the
// reference, so a lesson using kLesson that way must keep full marks.
std::set<std::string> lessons_using_broken_lesson() {
  auto course = grader::course::load_course(kCourse / "course.yaml");
  std::set<std::string> affected = {kLesson};
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& l : course.lessons)
      for (const auto& used : l.uses_student_code)
        if (affected.count(used) && affected.insert(l.id).second) grew = true;
  }
  affected.erase(kLesson);
  return affected;
}

// What a broken submission of kLesson is graded on: kLesson, the lessons that
// compile its files, and one lesson that does not, as the witness that the
// damage stays where it is. Grading the whole course for each broken
// submission would repeat SolutionsEarnFullMarks for the rest.
const std::string kWitnessLesson = "attention";
std::vector<std::string> broken_submission_lessons() {
  std::vector<std::string> lessons = {kLesson, kWitnessLesson};
  for (const auto& l : lessons_using_broken_lesson()) lessons.push_back(l);
  return lessons;
}

// `grader grade` of a broken submission, on broken_submission_lessons().
json grade_broken(const fs::path& submission, GraderRun& run, const std::vector<std::string>& before = {}) {
  json report = grade_json(submission, run, broken_submission_lessons(), before);
  if (report.contains("lessons")) {
    EXPECT_NE(find_lesson(report, kWitnessLesson), nullptr) << "the witness lesson was not graded: " << describe(run);
  }
  return report;
}

// Every exercise of kLesson except `broken`, and every lesson that does not
// use kLesson, keeps full marks.
void expect_everything_else_full(const json& report, const std::string& broken) {
  const auto dependents = lessons_using_broken_lesson();
  for (const auto& lesson : report.at("lessons")) {
    const std::string id = lesson.at("lesson").get<std::string>();
    if (dependents.count(id)) continue;
    if (id != kLesson) {
      expect_full_marks(lesson);
      continue;
    }
    for (const auto& [exercise, p] : points_by_exercise(lesson)) {
      if (exercise == broken) continue;
      EXPECT_DOUBLE_EQ(p.score, p.max) << exercise << " lost points for a bug in " << broken;
    }
    for (const auto& t : lesson.at("tests")) {
      if (t.at("exercise") == broken) continue;
      EXPECT_EQ(t.at("status"), "passed") << t.at("name") << ": " << t.at("message");
    }
  }
}

// The broken exercise scores 0; every one of its tests failed with a message
// holding each of `says`.
void expect_exercise_zero(const json& report, const std::vector<std::string>& says) {
  const json* lesson = find_lesson(report, kLesson);
  ASSERT_NE(lesson, nullptr) << "no lesson " << kLesson << " in the report";
  auto tests = tests_of(*lesson, kBrokenExercise);
  ASSERT_FALSE(tests.empty()) << "no tests of " << kBrokenExercise << " were graded";
  for (const auto& t : tests) {
    const std::string message = t.at("message").get<std::string>();
    EXPECT_EQ(t.at("score").get<double>(), 0) << t.at("name");
    EXPECT_NE(t.at("status"), "passed") << t.at("name");
    for (const auto& s : says) {
      EXPECT_TRUE(contains(message, s)) << t.at("name") << " message lacks \"" << s << "\":\n" << message;
    }
  }
  EXPECT_GT(points_by_exercise(*lesson)[kBrokenExercise].max, 0);
}

// ---- whole submissions ----

TEST(GraderGrade, SolutionsEarnFullMarks) {
  GraderRun run;
  json report = grade_json(kCourse / "solutions", run);
  EXPECT_EQ(run.exit_code, 0) << describe(run);
  ASSERT_TRUE(report.contains("lessons")) << describe(run);
  ASSERT_FALSE(report.at("lessons").empty());
  EXPECT_NE(find_lesson(report, kLesson), nullptr);
  double awaiting = 0;
  for (const auto& lesson : report.at("lessons")) {
    expect_full_marks(lesson);
    awaiting += awaiting_review(lesson);
  }
  EXPECT_GT(report.at("max_score").get<double>(), 0);
  EXPECT_NEAR(report.at("score").get<double>(), report.at("max_score").get<double>() - awaiting, 1e-6);
  // How the workers were isolated is in every lesson's result; grade logs it once.
  std::size_t worker_notes = 0;
  for (auto at = run.err.find("grader: sandbox for the worker: "); at != std::string::npos;
       at = run.err.find("grader: sandbox for the worker: ", at + 1))
    ++worker_notes;
  EXPECT_EQ(worker_notes, 1u) << describe(run);
}

TEST(GraderGrade, StarterScoresZeroOnEveryHiddenTest) {
  GraderRun run;
  json report = grade_json(kCourse / "starter", run);
  EXPECT_EQ(run.exit_code, 1) << describe(run);
  const json* lesson = find_lesson(report, kLesson);
  ASSERT_NE(lesson, nullptr) << describe(run);
  int hidden = 0;
  for (const auto& t : lesson->at("tests")) {
    if (!t.at("hidden").get<bool>()) continue;
    ++hidden;
    EXPECT_EQ(t.at("score").get<double>(), 0) << t.at("name");
    EXPECT_GT(t.at("max_score").get<double>(), 0) << t.at("name");
    EXPECT_NE(t.at("status"), "passed") << t.at("name");
  }
  EXPECT_GT(hidden, 0) << "no hidden tests of " << kLesson << " were graded (course.yaml lists none?)";
  EXPECT_EQ(report.at("score").get<double>(), 0);
}

// ---- deliberately broken submissions ----

TEST(GraderBrokenSubmission, SegfaultCostsOnlyItsExercise) {
  ScratchDir scratch;
  GraderRun run;
  json report = grade_broken(make_submission(scratch, "pe-segfault"), run);
  EXPECT_EQ(run.exit_code, 1) << describe(run);
  expect_exercise_zero(report, {"positional_encoding(", "crashed", "SIGSEGV"});
  expect_everything_else_full(report, kBrokenExercise);
}

TEST(GraderBrokenSubmission, InfiniteLoopTimesOutInBoundedTime) {
  // Every call of the broken exercise waits out the call limit, so the
  // course's limit is lowered in a copy of course.yaml to keep this test
  // quick; the messages prove the grader used the course's value. Lowered,
  // not tiny: the witness lesson's honest calls must still fit on a busy
  // machine (it scales with COURSE_TEST_TIMEOUT_SCALE).
  const auto call_limit = course_test::scaled(std::chrono::milliseconds(500));
  char limit_text[32];
  std::snprintf(limit_text, sizeof limit_text, "%.1f", static_cast<double>(call_limit.count()) / 1000.0);
  std::string yaml = read_text(kCourse / "course.yaml");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(yaml, m, std::regex(R"(call_timeout_ms: *\d+)"))) << "course.yaml sets no call_timeout_ms";
  yaml.replace(static_cast<std::size_t>(m.position(0)), static_cast<std::size_t>(m.length(0)),
               "call_timeout_ms: " + std::to_string(call_limit.count()));
  LinkedCourse course(kCourse, yaml);
  ScratchDir scratch;
  fs::path submission = make_submission(scratch, "pe-infinite-loop");
  GraderRun run;
  json report = grade_broken(submission, run, {"--course", course.root().string()});
  // run_grader's deadline stops a grader that would wait forever: exit code -1.
  EXPECT_EQ(run.exit_code, 1) << describe(run);
  expect_exercise_zero(report, {"positional_encoding(", "timed out after " + std::string(limit_text) + " s"});
  expect_everything_else_full(report, kBrokenExercise);
}

TEST(GraderBrokenSubmission, WrongFormulaLosesOnlyTheValueTests) {
  ScratchDir scratch;
  GraderRun run;
  json report = grade_broken(make_submission(scratch, "pe-wrong-formula"), run);
  EXPECT_EQ(run.exit_code, 1) << describe(run);
  const json* lesson = find_lesson(report, kLesson);
  ASSERT_NE(lesson, nullptr) << describe(run);
  Points p = points_by_exercise(*lesson)[kBrokenExercise];
  EXPECT_GT(p.score, 0) << "argument checks and shapes are right and must keep their points";
  EXPECT_LT(p.score, p.max) << "sin/cos swapped must lose points";
  int value_tests = 0;
  for (const auto& t : tests_of(*lesson, kBrokenExercise)) {
    const std::string name = t.at("name").get<std::string>();
    const std::string message = t.at("message").get<std::string>();
    // Argument checks and shapes do not look at values.
    if (contains(name, "Rejects") || contains(name, "Shape")) {
      EXPECT_EQ(t.at("status"), "passed") << name << ": " << message;
    }
    // Row 0 is sin(0) = 0, cos(0) = 1 in alternation: swapped, it is 1, 0.
    if (name == "PeFormula.FirstRowAlternatesZeroAndOne" || name == "PeFormulaHidden.MatchesNumpyGolden") {
      ++value_tests;
      EXPECT_EQ(t.at("status"), "failed") << name;
      EXPECT_FALSE(contains(message, "crashed") || contains(message, "timed out")) << message;
    }
  }
  EXPECT_GT(value_tests, 0) << "no test of row 0's values was graded";
  expect_everything_else_full(report, kBrokenExercise);
}

TEST(GraderBrokenSubmission, ExitZeroIsNotAPass) {
  ScratchDir scratch;
  GraderRun run;
  json report = grade_broken(make_submission(scratch, "pe-exit-zero"), run);
  EXPECT_EQ(run.exit_code, 1) << describe(run);
  expect_exercise_zero(report, {"positional_encoding(", "ended the worker", "exit"});
  expect_everything_else_full(report, kBrokenExercise);
}

TEST(GraderBrokenSubmission, CompileErrorShowsTheCompilerLine) {
  ScratchDir scratch;
  GraderRun run;
  json report = grade_broken(make_submission(scratch, "pe-does-not-compile"), run);
  EXPECT_EQ(run.exit_code, 1) << describe(run);
  const json* lesson = find_lesson(report, kLesson);
  ASSERT_NE(lesson, nullptr) << describe(run);
  // The worker of a lesson is one program: the whole lesson is lost, and
  // only that lesson (and those that compile its files).
  EXPECT_EQ(lesson->at("status"), "compile_error");
  EXPECT_EQ(lesson->at("score").get<double>(), 0);
  const std::string detail = lesson->at("detail").get<std::string>();
  // The compiler's own line, with the workspace-relative file name (no temporary folder).
  EXPECT_TRUE(std::regex_search(detail, std::regex(R"(positional-encoding/positional_encoding\.cpp:1[01]:\d+: error: )")))
      << detail;
  EXPECT_TRUE(contains(detail, "error: expected")) << detail;
  EXPECT_FALSE(contains(detail, scratch.path().string())) << detail;
  ASSERT_FALSE(lesson->at("tests").empty());
  for (const auto& t : lesson->at("tests")) {
    EXPECT_EQ(t.at("status"), "not_run") << t.at("name");
    EXPECT_TRUE(contains(t.at("message").get<std::string>(), "did not compile")) << t.at("message");
  }
  const auto dependents = lessons_using_broken_lesson();
  for (const auto& other : report.at("lessons")) {
    const std::string id = other.at("lesson").get<std::string>();
    if (id != kLesson && !dependents.count(id)) expect_full_marks(other);
  }
}

TEST(GraderBrokenSubmission, MissingFileUsesTheStarterAndSaysSo) {
  ScratchDir scratch;
  fs::path submission = make_submission(scratch, "pe-missing-file");
  ASSERT_FALSE(fs::exists(submission / kLesson / "positional_encoding.cpp"));
  GraderRun run;
  json report = grade_broken(submission, run);
  EXPECT_EQ(run.exit_code, 1) << describe(run);
  const json* lesson = find_lesson(report, kLesson);
  ASSERT_NE(lesson, nullptr) << describe(run);
  EXPECT_EQ(lesson->at("status"), "missing_files");
  EXPECT_TRUE(contains(lesson->at("detail").get<std::string>(), "positional-encoding/positional_encoding.cpp"))
      << lesson->at("detail");
  expect_exercise_zero(report, {"positional-encoding/positional_encoding.cpp is missing"});
  for (const auto& t : tests_of(*lesson, kBrokenExercise)) {
    EXPECT_EQ(t.at("status"), "not_implemented") << t.at("name");
  }
  expect_everything_else_full(report, kBrokenExercise);
}

// ---- exit codes and messages ----

TEST(GraderExitCodes, HelpIsZero) {
  GraderRun r = run_grader({"--help"}, std::chrono::seconds(60));
  EXPECT_EQ(r.exit_code, 0) << describe(r);
  EXPECT_TRUE(contains(r.out, "Usage")) << describe(r);
  EXPECT_TRUE(contains(r.out, "grade")) << describe(r);
}

TEST(GraderExitCodes, UnknownSubcommandIsTwo) {
  GraderRun r = run_grader({"frobnicate"}, std::chrono::seconds(60));
  EXPECT_EQ(r.exit_code, 2) << describe(r);
  EXPECT_TRUE(contains(r.err, "--help")) << "the message should say where to look: " << describe(r);
}

TEST(GraderExitCodes, MissingCourseFolderIsTwoWithAMessage) {
  GraderRun r = run_grader({"--course", "/nonexistent", "check"}, std::chrono::seconds(60));
  EXPECT_EQ(r.exit_code, 2) << describe(r);
  EXPECT_TRUE(contains(r.err, "/nonexistent")) << describe(r);
  EXPECT_TRUE(contains(r.err, "course.yaml")) << describe(r);
}

TEST(GraderExitCodes, UnknownExerciseForHintNamesTheValidOnes) {
  GraderRun r = run_grader({"hint", "no-such-exercise"}, std::chrono::seconds(60));
  EXPECT_EQ(r.exit_code, 2) << describe(r);
  EXPECT_TRUE(contains(r.err, "no-such-exercise")) << describe(r);
  EXPECT_TRUE(contains(r.err, "pe-formula")) << describe(r);
  EXPECT_TRUE(contains(r.err, "pe-repair")) << describe(r);
}

TEST(GraderExitCodes, HintForAKnownExerciseIsZero) {
  ScratchDir ws("grader-hint-test");
  GraderRun r = run_grader({"hint", "pe-formula", "--workspace", ws.path().string()}, std::chrono::seconds(60));
  EXPECT_EQ(r.exit_code, 0) << describe(r);
  EXPECT_TRUE(contains(r.out, "pe-formula")) << describe(r);
}

// ---- hints, one step at a time ----

std::vector<std::string> hints_of(const std::string& exercise) {
  auto course = grader::course::load_course(kCourse / "course.yaml");
  auto [lesson, e] = course.find_exercise(exercise);
  return e ? e->hints : std::vector<std::string>{};
}

// Which of `hints` the output shows.
std::vector<bool> shown_hints(const std::string& out, const std::vector<std::string>& hints) {
  std::vector<bool> shown;
  for (const auto& h : hints) shown.push_back(contains(out, h));
  return shown;
}

GraderRun hint(const fs::path& workspace, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"hint", kBrokenExercise, "--workspace", workspace.string()};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_grader(args, std::chrono::seconds(60));
}

TEST(GraderHint, EachRunShowsTheNextHintThenSaysThereAreNoMore) {
  const auto hints = hints_of(kBrokenExercise);
  ASSERT_GE(hints.size(), 3u) << "the test expects " << kBrokenExercise << " to have at least three hints";
  ScratchDir ws("grader-hint-test");
  for (std::size_t i = 0; i < hints.size(); ++i) {
    GraderRun r = hint(ws.path());
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    std::vector<bool> expected(hints.size(), false);
    expected[i] = true;
    EXPECT_EQ(shown_hints(r.out, hints), expected) << "run " << i + 1 << " should show hint " << i + 1 << " only: " << r.out;
  }
  GraderRun after = hint(ws.path());
  EXPECT_EQ(after.exit_code, 0) << describe(after);
  EXPECT_EQ(shown_hints(after.out, hints), std::vector<bool>(hints.size(), false)) << after.out;
  EXPECT_TRUE(contains(after.out, "No more hints")) << after.out;
  EXPECT_TRUE(contains(after.out, "--all")) << after.out;

  GraderRun all = hint(ws.path(), {"--all"});
  EXPECT_EQ(all.exit_code, 0) << describe(all);
  EXPECT_EQ(shown_hints(all.out, hints), std::vector<bool>(hints.size(), true)) << all.out;

  GraderRun reset = hint(ws.path(), {"--reset"});
  EXPECT_EQ(reset.exit_code, 0) << describe(reset);
  GraderRun again = hint(ws.path());
  std::vector<bool> first_only(hints.size(), false);
  first_only[0] = true;
  EXPECT_EQ(shown_hints(again.out, hints), first_only) << again.out;
}

TEST(GraderHint, AnotherWorkspaceStartsOver) {
  const auto hints = hints_of(kBrokenExercise);
  ASSERT_GE(hints.size(), 2u);
  ScratchDir first("grader-hint-test"), second("grader-hint-test");
  hint(first.path());
  GraderRun r = hint(first.path());
  EXPECT_TRUE(contains(r.out, hints[1])) << r.out;
  GraderRun other = hint(second.path());
  EXPECT_TRUE(contains(other.out, hints[0])) << other.out;
  EXPECT_FALSE(contains(other.out, hints[1])) << other.out;
}

TEST(GraderHint, AllShowsEveryHintWithoutHavingSeenAny) {
  const auto hints = hints_of(kBrokenExercise);
  ScratchDir ws("grader-hint-test");
  GraderRun r = hint(ws.path(), {"--all"});
  EXPECT_EQ(r.exit_code, 0) << describe(r);
  EXPECT_EQ(shown_hints(r.out, hints), std::vector<bool>(hints.size(), true)) << r.out;
}

// `grader list`: every exercise row's points start in one column, however
// long an id or a title (a longer title widens the column, never overflows it).
TEST(GraderList, PointsStartInOneColumn) {
  GraderRun r = run_grader({"--no-color", "list"}, std::chrono::seconds(60));
  ASSERT_EQ(r.exit_code, 0) << describe(r);
  std::istringstream lines(r.out);
  std::string line;
  std::set<std::size_t> columns;
  int rows = 0;
  while (std::getline(lines, line)) {
    const std::size_t pts = line.rfind(" pts");
    if (line.rfind("   - ", 0) != 0 || pts == std::string::npos) continue;  // an exercise row, not a track's
    ++rows;
    const std::size_t points = line.find_last_of(' ', pts - 1);  // the blank before the number
    columns.insert(points);
  }
  EXPECT_GE(rows, 10) << r.out;
  EXPECT_EQ(columns.size(), 1u) << r.out;
}

// ---- global options before or after the subcommand ----

TEST(GraderGlobalOptions, AcceptedBeforeAndAfterTheSubcommand) {
  ScratchDir ws("grader-options-test");
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--no-color", "--jobs", "2", "hint", "pe-formula", "--workspace", ws.path().string()},
           {"hint", "pe-formula", "--workspace", ws.path().string(), "--no-color", "--jobs", "2"},
           {"-j", "2", "list", "--no-color"},
           {"list", "-j", "2", "--no-color"}}) {
    GraderRun r = run_grader(args, std::chrono::seconds(60));
    EXPECT_EQ(r.exit_code, 0) << args.front() << " ...: " << describe(r);
  }
}

TEST(GraderGlobalOptions, AnOptionAfterTheSubcommandTakesEffect) {
  for (const auto& args : std::vector<std::vector<std::string>>{{"--course", "/nonexistent", "list"},
                                                                 {"list", "--course", "/nonexistent"},
                                                                 {"check", "--course", "/nonexistent", "--no-color"}}) {
    GraderRun r = run_grader(args, std::chrono::seconds(60));
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_TRUE(contains(r.err, "/nonexistent")) << describe(r);
  }
}

// ---- check: the outline first, the closing words at the end ----

constexpr auto kWholeCourseBound = std::chrono::seconds(900);

std::size_t line_count(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

std::string closing_first_line() {
  auto course = grader::course::load_course(kCourse / "course.yaml");
  return course.closing.substr(0, course.closing.find('\n'));
}

// An untouched starter, copied elsewhere: a short outline naming the next
// exercise and the student's own file, without the closing words.
TEST(GraderCheckOutline, UntouchedStarterIsShortAndNamesTheNextExerciseInTheWorkspace) {
  auto course = grader::course::load_course(kCourse / "course.yaml");
  const auto& first = course.lessons.front().exercises.front();
  ScratchDir scratch("grader-outline-test");
  fs::path ws = scratch.path() / "my-work";
  fs::copy(kCourse / "starter", ws, fs::copy_options::recursive);
  GraderRun r = run_grader({"check", "--workspace", ws.string(), "--no-color"}, kWholeCourseBound);
  EXPECT_EQ(r.exit_code, 1) << describe(r);
  EXPECT_LT(line_count(r.out), 40u) << r.out;
  EXPECT_TRUE(contains(r.out, "Next: " + first.id)) << r.out;
  EXPECT_TRUE(contains(r.out, "grader hint " + first.id)) << r.out;
  EXPECT_TRUE(contains(r.out, (ws / first.files.front()).string())) << "the pointer should name the workspace's file:\n" << r.out;
  EXPECT_FALSE(contains(r.out, "starter/")) << "the workspace is " << ws << ", not starter/:\n" << r.out;
  for (const auto& lesson : course.lessons) EXPECT_TRUE(contains(r.out, lesson.id)) << lesson.id << " missing:\n" << r.out;
  EXPECT_FALSE(contains(r.out, closing_first_line())) << r.out;
}

// The compiler's messages name the file in the student's workspace.
TEST(GraderCheckOutline, CompileErrorNamesTheWorkspaceFile) {
  auto course = grader::course::load_course(kCourse / "course.yaml");
  const auto& lesson = course.lessons.front();
  const std::string file = lesson.exercises.front().files.front();
  ScratchDir scratch("grader-outline-test");
  fs::path ws = scratch.path() / "my-work";
  fs::create_directories(ws);
  fs::copy(kCourse / "starter" / lesson.id, ws / lesson.id, fs::copy_options::recursive);
  write_text(ws / file, read_text(ws / file) + "\nint broken(\n");
  GraderRun r = run_grader({"check", lesson.id, "--workspace", ws.string(), "--no-color"}, kGradeBound);
  EXPECT_EQ(r.exit_code, 1) << describe(r);
  EXPECT_TRUE(contains(r.out, (ws / file).string() + ":")) << r.out;
  EXPECT_FALSE(contains(r.out, "starter/")) << r.out;
}

TEST(GraderCheckOutline, OneFinishedLessonIsNotTheEndOfTheCourse) {
  auto course = grader::course::load_course(kCourse / "course.yaml");
  const std::string lesson = course.lessons.front().id;
  ScratchDir ws("grader-outline-test");
  fs::copy(kCourse / "solutions" / lesson, ws.path() / lesson, fs::copy_options::recursive);
  GraderRun r = run_grader({"--no-color", "check", lesson, "--workspace", ws.path().string()}, kGradeBound);
  EXPECT_EQ(r.exit_code, 0) << describe(r);
  EXPECT_TRUE(contains(r.out, "Lesson " + lesson)) << r.out;
  EXPECT_TRUE(contains(r.out, "is done")) << r.out;
  EXPECT_FALSE(contains(r.out, closing_first_line())) << "the closing words belong to the end of the course:\n" << r.out;
}

TEST(GraderCheckOutline, EverySolutionPrintsTheClosingWords) {
  GraderRun r = run_grader({"check", "--workspace", (kCourse / "solutions").string(), "--no-color"}, kWholeCourseBound);
  EXPECT_EQ(r.exit_code, 0) << describe(r);
  EXPECT_TRUE(contains(r.out, closing_first_line())) << r.out;
}

// ---- a broken course.yaml ----

// The course.yaml text with `line` inserted after the first line starting
// with `after`; returns the 1-based number of the inserted line.
std::string insert_after(const std::string& text, const std::string& after, const std::string& line, int& inserted_at) {
  std::istringstream in(text);
  std::string out, l;
  int n = 0;
  inserted_at = 0;
  while (std::getline(in, l)) {
    out += l + "\n";
    ++n;
    if (!inserted_at && l.rfind(after, 0) == 0) {
      out += line + "\n";
      inserted_at = ++n;
    }
  }
  return out;
}

// line:column of the first "course.yaml:L:C" in the text, or (0, 0).
std::pair<int, int> yaml_position(const std::string& text) {
  std::smatch m;
  if (!std::regex_search(text, m, std::regex(R"(course\.yaml:(\d+):(\d+))"))) return {0, 0};
  return {std::stoi(m[1]), std::stoi(m[2])};
}

// A failing test reads the same in `check` and `grade` text: the call, the
// likely cause and what the student's code printed, and no GoogleTest text.
TEST(GraderFeedback, CheckAndGradeShowTheCallTheCauseAndThePrintedOutput) {
  ScratchDir scratch("grader-feedback-test");
  const fs::path ws = make_submission(scratch, "pe-prints-while-wrong");
  GraderRun check = run_grader({"--no-color", "check", kLesson, "--workspace", ws.string()}, kGradeBound);
  GraderRun grade = run_grader({"--no-color", "grade", ws.string(), "--lesson", kLesson}, kGradeBound);
  for (const GraderRun* run : {&check, &grade}) {
    EXPECT_EQ(run->exit_code, 1) << describe(*run);
    EXPECT_TRUE(contains(run->out, "positional_encoding(5, 8): ")) << describe(*run);
    EXPECT_TRUE(contains(run->out, "likely cause: sin and cos are swapped")) << describe(*run);
    EXPECT_TRUE(contains(run->out, "--- your code printed during positional_encoding(5, 8) ---")) << describe(*run);
    EXPECT_TRUE(contains(run->out, "pe: (5, 8)")) << describe(*run);
    for (const char* raw : {"Which is:", "Expected equality", "Value of:", "evaluates to", "C++ exception",
                            "more lines)", "::grader::testing"})
      EXPECT_FALSE(contains(run->out, raw)) << "'" << raw << "' in:\n" << describe(*run);
  }
}

// `grader check --workspace` and `grader grade` read through the same intake:
// a lesson folder that is a link (absolute or ../ relative) is refused and
// named; the workspace folder given on the command line is trusted.
TEST(GraderIntake, LinkedLessonFolderIsRefusedAndNamedByCheckAndGrade) {
  ScratchDir scratch("grader-intake-test");
  fs::path ws = scratch.path() / "workspace";
  fs::create_directories(ws);
  fs::create_directory_symlink(kCourse / "solutions" / kLesson, ws / kLesson);
  GraderRun check = run_grader({"--no-color", "check", kLesson, "--workspace", ws.string()}, kGradeBound);
  EXPECT_EQ(check.exit_code, 1) << describe(check);
  EXPECT_TRUE(contains(check.out + check.err, kLesson + "/ is a symbolic link: never followed")) << describe(check);

  fs::remove(ws / kLesson);
  fs::create_directory_symlink(fs::path(kCourse / "solutions" / kLesson).lexically_relative(ws), ws / kLesson);
  GraderRun run = run_grader({"--no-color", "grade", ws.string(), "--format", "json", "--lesson", kLesson}, kGradeBound);
  json report = parse_report(run);
  EXPECT_EQ(report.value("score", -1.0), 0) << describe(run);
  EXPECT_TRUE(contains(report.dump(), kLesson + "/ is a symbolic link: never followed")) << describe(run);

  // The folder named on the command line may itself be a link: it is the caller's choice.
  fs::path linked_root = scratch.path() / "linked-root";
  fs::create_directory_symlink(kCourse / "solutions", linked_root);
  GraderRun trusted = run_grader({"--no-color", "check", kLesson, "--workspace", linked_root.string()}, kGradeBound);
  EXPECT_EQ(trusted.exit_code, 0) << describe(trusted);
}

// `grader grade DIR` where no entry of DIR holds a lesson folder (run from the
// wrong folder): refused before anything is graded, saying which folder was
// read, what a submission holds and how to grade it anyway. A batch with only
// some such entries goes on to grading (here it stops at the next usage check,
// --format, which a batch does not take, so nothing is graded).
TEST(GraderGradeBatch, AFolderOfFoldersWithoutLessonsIsRefusedAsTheWrongFolder) {
  ScratchDir scratch("grader-wrong-folder-test");
  const fs::path batch = scratch.path() / "not-submissions";
  fs::create_directories(batch / "docs" / "images");
  fs::create_directories(batch / "scripts");
  std::ofstream(batch / "scripts" / "deps.sh") << "echo\n";
  std::ofstream(batch / "README.md") << "not a submission\n";
  const std::string gradebook = (scratch.path() / "gradebook.db").string();
  GraderRun refused = run_grader({"--no-color", "grade", batch.string(), "--gradebook", gradebook}, kGradeBound);
  EXPECT_EQ(refused.exit_code, 2) << describe(refused);
  for (const std::string& part : std::vector<std::string>{"none of the 2 folders read from " + batch.string() +
                                                               " holds a lesson folder",
                                                           kLesson + "/", "add --allow-empty", "Nothing was graded"})
    EXPECT_TRUE(contains(refused.err, part)) << "'" << part << "' not in: " << describe(refused);
  EXPECT_FALSE(fs::exists(gradebook)) << "a refused batch opens no gradebook";

  // One real submission among them: graded as before (the empty ones score 0).
  fs::copy(kCourse / "solutions", batch / "alice", fs::copy_options::recursive);
  GraderRun mixed = run_grader({"--no-color", "grade", batch.string(), "--format", "json"}, kGradeBound);
  EXPECT_EQ(mixed.exit_code, 2) << describe(mixed);
  EXPECT_FALSE(contains(mixed.err, "--allow-empty")) << describe(mixed);
  EXPECT_TRUE(contains(mixed.err, "--format and -o apply to one submission")) << describe(mixed);
  // --allow-empty: the empty folders alone pass the check too.
  fs::remove_all(batch / "alice");
  GraderRun allowed = run_grader({"--no-color", "grade", batch.string(), "--allow-empty", "--format", "json"}, kGradeBound);
  EXPECT_TRUE(contains(allowed.err, "--format and -o apply to one submission")) << describe(allowed);
}

TEST(GraderCourseYaml, UnknownTopLevelKeyIsReportedAtItsLine) {
  int line = 0;
  std::string yaml = insert_after(read_text(kCourse / "course.yaml"), "version:", "colour: blue", line);
  ASSERT_GT(line, 0);
  LinkedCourse course(kCourse, yaml);
  for (const char* command : {"list", "check"}) {
    GraderRun r = run_grader({"--course", course.root().string(), command}, std::chrono::seconds(60));
    EXPECT_EQ(r.exit_code, 2) << command << ": " << describe(r);
    EXPECT_EQ(yaml_position(r.err), std::make_pair(line, 1)) << command << ": " << describe(r);
    EXPECT_TRUE(contains(r.err, "colour")) << describe(r);
  }
}

TEST(GraderCourseYaml, UnknownExerciseKeyIsReportedAtItsLine) {
  int line = 0;
  std::string yaml = insert_after(read_text(kCourse / "course.yaml"), "      - id: pe-formula", "        pointz: 10", line);
  ASSERT_GT(line, 0);
  LinkedCourse course(kCourse, yaml);
  GraderRun r = run_grader({"--course", course.root().string(), "list"}, std::chrono::seconds(60));
  EXPECT_EQ(r.exit_code, 2) << describe(r);
  EXPECT_EQ(yaml_position(r.err), std::make_pair(line, 9)) << describe(r);
  EXPECT_TRUE(contains(r.err, "pointz")) << describe(r);
}

TEST(GraderCourseYaml, MissingTitleIsReportedWithAPosition) {
  std::istringstream in(read_text(kCourse / "course.yaml"));
  std::string yaml, l;
  bool removed = false;
  while (std::getline(in, l)) {
    if (!removed && l.rfind("title:", 0) == 0) {
      removed = true;
      continue;
    }
    yaml += l + "\n";
  }
  ASSERT_TRUE(removed) << "course.yaml has no top-level title to remove";
  LinkedCourse course(kCourse, yaml);
  GraderRun r = run_grader({"--course", course.root().string(), "list"}, std::chrono::seconds(60));
  EXPECT_EQ(r.exit_code, 2) << describe(r);
  EXPECT_GT(yaml_position(r.err).first, 0) << describe(r);
  EXPECT_TRUE(contains(r.err, "title")) << describe(r);
}

}  // namespace
