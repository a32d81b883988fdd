// One bug costs one exercise: lessons that use earlier lessons' functions
// (course.yaml `uses`) are graded in `grade` against those lessons' reference
// behaviour, served from the trusted side, so a bug in positional-encoding or
// attention costs points in that lesson only. With `mode: student` the
// student's own earlier code is used, and the same bug is charged there too.
// In `check` a failure in a lesson that uses a failing earlier lesson names it.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "integration/grader_run.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace grader_test;

const fs::path kCourse = COURSE_SOURCE_DIR;
constexpr auto kBound = std::chrono::seconds(400);

json parse(const GraderRun& run) {
  try {
    return json::parse(run.out);
  } catch (const json::exception& e) {
    ADD_FAILURE() << "grade did not print JSON (" << e.what() << "): " << describe(run);
    return json::object({{"lessons", json::array()}});
  }
}

const json* lesson_of(const json& report, const std::string& id) {
  for (const auto& l : report.at("lessons"))
    if (l.at("lesson") == id) return &l;
  return nullptr;
}

// `grader grade WS --format json --lesson ...` for the lessons given.
json grade(const fs::path& workspace, const std::vector<std::string>& lessons, GraderRun& run,
           const fs::path& course = kCourse) {
  std::vector<std::string> args = {"--no-color", "-j", "2", "--course", course.string(), "grade", workspace.string(),
                                   "--format", "json"};
  for (const auto& l : lessons) args.insert(args.end(), {"--lesson", l});
  run = run_grader(args, kBound);
  return parse(run);
}

void expect_full(const json& report, const std::string& id, const std::string& bug) {
  const json* lesson = lesson_of(report, id);
  ASSERT_NE(lesson, nullptr) << "no lesson " << id << " in the report";
  EXPECT_EQ(lesson->at("status"), "graded") << id << ": " << lesson->at("detail");
  EXPECT_GT(lesson->at("max_score").get<double>(), 0) << id;
  EXPECT_DOUBLE_EQ(lesson->at("score").get<double>(), lesson->at("max_score").get<double>())
      << id << " lost points for " << bug;
  for (const auto& t : lesson->at("tests"))
    EXPECT_EQ(t.at("status"), "passed") << id << " " << t.at("name") << ": " << t.at("message");
}

void expect_loses(const json& report, const std::string& id, const std::string& bug) {
  const json* lesson = lesson_of(report, id);
  ASSERT_NE(lesson, nullptr) << "no lesson " << id << " in the report";
  EXPECT_LT(lesson->at("score").get<double>(), lesson->at("max_score").get<double>()) << id << " kept every point with " << bug;
}

// ---- a broken positional-encoding file: its lesson pays, no other ----

class PositionalEncodingBug : public ::testing::TestWithParam<std::string> {};

TEST_P(PositionalEncodingBug, CostsPointsInItsLessonOnly) {
  ScratchDir scratch;
  const fs::path ws = overlay_submission(kCourse, scratch.path() / "ws", GetParam());
  GraderRun run;
  json report = grade(ws, {"positional-encoding", "order-matters", "learned-vs-fixed"}, run);
  EXPECT_EQ(run.exit_code, 1) << describe(run);
  expect_loses(report, "positional-encoding", GetParam());
  expect_full(report, "order-matters", GetParam());
  expect_full(report, "learned-vs-fixed", GetParam());
}

INSTANTIATE_TEST_SUITE_P(Fixtures, PositionalEncodingBug,
                         ::testing::Values("pe-does-not-compile", "pe-static-init-crash", "pe-wrong-formula"),
                         [](const auto& param_info) {
                           std::string name = param_info.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

TEST(FairGrades, StaticInitialiserCrashSaysTheCodeDidNotStart) {
  ScratchDir scratch;
  const fs::path ws = overlay_submission(kCourse, scratch.path() / "ws", "pe-static-init-crash");
  GraderRun run;
  json report = grade(ws, {"positional-encoding"}, run);
  const json* lesson = lesson_of(report, "positional-encoding");
  ASSERT_NE(lesson, nullptr) << describe(run);
  EXPECT_EQ(lesson->at("status"), "did_not_start") << lesson->at("detail");
  EXPECT_EQ(lesson->at("score").get<double>(), 0);
}

// ---- a broken attention file: attention pays, order-matters does not ----

TEST(FairGrades, AttentionSyntaxErrorCostsOnlyAttention) {
  ScratchDir scratch;
  const fs::path ws = overlay_submission(kCourse, scratch.path() / "ws", "attention-softmax-does-not-compile");
  GraderRun run;
  json report = grade(ws, {"attention", "order-matters"}, run);
  EXPECT_EQ(run.exit_code, 1) << describe(run);
  const json* attention = lesson_of(report, "attention");
  ASSERT_NE(attention, nullptr) << describe(run);
  EXPECT_EQ(attention->at("status"), "compile_error");
  EXPECT_EQ(attention->at("score").get<double>(), 0);
  EXPECT_NE(attention->at("detail").get<std::string>().find("attention/softmax.cpp"), std::string::npos)
      << attention->at("detail");
  expect_full(report, "order-matters", "a syntax error in attention/softmax.cpp");
}

// ---- mode: student opts a lesson into the student's own earlier code ----

TEST(FairGrades, StudentModeGradesWithTheStudentsEarlierCode) {
  std::string yaml = read_text(kCourse / "course.yaml");
  const std::string plain = "uses: [attention, positional-encoding]";
  const auto at = yaml.find(plain);
  ASSERT_NE(at, std::string::npos) << "order-matters no longer says " << plain;
  yaml.replace(at, plain.size(), "uses: [attention, {lesson: positional-encoding, mode: student}]");
  LinkedCourse course(kCourse, yaml);
  ScratchDir scratch;
  const fs::path ws = overlay_submission(kCourse, scratch.path() / "ws", "pe-wrong-formula");
  GraderRun run;
  json report = grade(ws, {"order-matters", "learned-vs-fixed"}, run, course.root());
  // order-matters now runs the student's swapped sine and cosine ...
  expect_loses(report, "order-matters", "pe-wrong-formula with mode: student");
  // ... learned-vs-fixed still uses the reference (plain `uses`).
  expect_full(report, "learned-vs-fixed", "pe-wrong-formula");
}

TEST(FairGrades, StudentModeBrokenEarlierFileFailsToCompileThere) {
  std::string yaml = read_text(kCourse / "course.yaml");
  const std::string plain = "uses: [positional-encoding]";
  const auto at = yaml.find(plain);
  ASSERT_NE(at, std::string::npos) << "learned-vs-fixed no longer says " << plain;
  yaml.replace(at, plain.size(), "uses:\n      - lesson: positional-encoding\n        mode: student");
  LinkedCourse course(kCourse, yaml);
  ScratchDir scratch;
  const fs::path ws = overlay_submission(kCourse, scratch.path() / "ws", "pe-does-not-compile");
  GraderRun run;
  json report = grade(ws, {"learned-vs-fixed"}, run, course.root());
  const json* lesson = lesson_of(report, "learned-vs-fixed");
  ASSERT_NE(lesson, nullptr) << describe(run);
  EXPECT_EQ(lesson->at("status"), "compile_error") << lesson->at("detail");
}

// ---- check: no references; a failure caused by an earlier lesson says so ----

TEST(FairGrades, CheckNamesTheEarlierLessonThatFailed) {
  ScratchDir scratch;
  const fs::path ws = overlay_submission(kCourse, scratch.path() / "ws", "pe-wrong-formula");
  // Only order-matters is asked for; positional-encoding is checked with it.
  GraderRun run = run_grader({"--no-color", "-j", "2", "check", "order-matters", "-w", ws.string()}, kBound);
  EXPECT_EQ(run.exit_code, 1) << describe(run);
  EXPECT_NE(run.out.find("this test calls your functions from lesson positional-encoding"), std::string::npos)
      << describe(run);
  EXPECT_NE(run.out.find("positional-encoding/positional_encoding.cpp), which failed: fix that lesson first"),
            std::string::npos)
      << describe(run);
  // A lesson that fails for its own reasons names no earlier lesson.
  EXPECT_EQ(run.out.find("from lesson attention"), std::string::npos) << describe(run);
}

TEST(FairGrades, CheckOfCorrectCodeNamesNoEarlierLesson) {
  GraderRun run = run_grader({"--no-color", "-j", "2", "check", "order-matters", "-w", (kCourse / "solutions").string()},
                             kBound);
  EXPECT_EQ(run.exit_code, 0) << describe(run);
  EXPECT_EQ(run.out.find("fix that lesson first"), std::string::npos) << describe(run);
}

}  // namespace
