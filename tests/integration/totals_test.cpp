// One maximum per course, the same in every command and format: `list`,
// `check`, `grade` (text, json, gradescope) and the exports (exercism, junit,
// markdown, csv) agree on the total and the maximum, with no float noise.
// Answers awaiting review are their own state in every format; a regrade
// keeps the manual grades of unchanged answers; a grading deadline keeps the
// results obtained; relative path options work from any folder.
//
// Every grader run here happens in a scratch folder with relative paths, as a
// user would type them.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "grader/course/loader.hpp"
#include "integration/grader_run.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace grader_test;

const fs::path kCourse = COURSE_SOURCE_DIR;
constexpr auto kBound = std::chrono::seconds(600);

// The course's maximum from course.yaml: the sum of the exercises' points.
double course_max() {
  auto course = grader::course::load_course(kCourse / "course.yaml");
  double total = 0;
  for (const auto& l : course.lessons)
    for (const auto& e : l.exercises) total += e.points.value_or(0);
  return total;
}

// Points as every report writes them: up to three decimals, no trailing zeros.
std::string pts(double v) {
  std::ostringstream s;
  s.setf(std::ios::fixed);
  s.precision(3);
  s << v;
  std::string text = s.str();
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

// A double printed with float noise (170.00000000000026, 9.999999999999998).
void expect_no_float_noise(const std::string& text, const std::string& what) {
  static const std::regex noise(R"(\d\.\d*(0{6,}|9{6,})\d)");
  std::smatch m;
  EXPECT_FALSE(std::regex_search(text, m, noise)) << what << " prints " << m.str(0);
}

json parse(const std::string& text, const std::string& what) {
  try {
    return json::parse(text);
  } catch (const json::exception& e) {
    ADD_FAILURE() << what << " is not JSON (" << e.what() << "):\n" << text.substr(0, 2000);
    return json::object();
  }
}

// A scratch folder holding `alice` (a copy of solutions/): the student.
class Totals : public ::testing::Test {
 protected:
  void SetUp() override { fs::copy(kCourse / "solutions", dir() / "alice", fs::copy_options::recursive); }
  fs::path dir() const { return scratch_.path(); }
  GraderRun grader(const std::vector<std::string>& args) {
    std::vector<std::string> all = {"--no-color"};
    all.insert(all.end(), args.begin(), args.end());
    return run_grader(all, kBound, {}, dir());
  }

 private:
  ScratchDir scratch_;
};

TEST_F(Totals, AgreeAcrossCommandsAndFormats) {
  const double max = course_max();
  ASSERT_GT(max, 0);

  GraderRun list = grader({"list"});
  ASSERT_EQ(list.exit_code, 0) << describe(list);
  EXPECT_NE(list.out.find("Total: " + pts(max) + " points"), std::string::npos) << list.out;

  // Relative workspace, output and gradebook paths.
  GraderRun json_run = grader({"grade", "alice", "--format", "json", "--gradebook", "book.db", "-o", "out/alice.json"});
  ASSERT_EQ(json_run.exit_code, 0) << describe(json_run);  // answers awaiting review are not failures
  const std::string json_text = read_text(dir() / "out" / "alice.json");
  expect_no_float_noise(json_text, "grade --format json");
  json report = parse(json_text, "grade --format json");
  ASSERT_TRUE(report.contains("lessons"));
  const double score = report.at("score").get<double>(), max_score = report.at("max_score").get<double>();
  EXPECT_EQ(max_score, max);
  double awaiting = 0, lesson_max_sum = 0, lesson_score_sum = 0;
  int pending = 0;
  for (const auto& lesson : report.at("lessons")) {
    double test_max = 0, test_score = 0;
    for (const auto& t : lesson.at("tests")) {
      test_max += t.at("max_score").get<double>();
      test_score += t.at("score").get<double>();
      if (t.at("status") == "pending_review") {
        awaiting += t.at("max_score").get<double>();
        ++pending;
      } else {
        EXPECT_EQ(t.at("status"), "passed") << t.at("name");
      }
    }
    EXPECT_NEAR(test_max, lesson.at("max_score").get<double>(), 1e-9) << lesson.at("lesson");
    EXPECT_NEAR(test_score, lesson.at("score").get<double>(), 1e-9) << lesson.at("lesson");
    lesson_max_sum += lesson.at("max_score").get<double>();
    lesson_score_sum += lesson.at("score").get<double>();
  }
  EXPECT_NEAR(lesson_max_sum, max, 1e-9);
  EXPECT_NEAR(lesson_score_sum, score, 1e-9);
  ASSERT_GT(pending, 0) << "the solutions' free-text answers should await review";
  EXPECT_EQ(score, max - awaiting);
  const std::string total = pts(score) + " / " + pts(max);

  GraderRun gs = grader({"grade", "alice", "--format", "gradescope", "-o", "gs.json"});
  EXPECT_EQ(gs.exit_code, 0) << describe(gs);
  const std::string gs_text = read_text(dir() / "gs.json");
  expect_no_float_noise(gs_text, "grade --format gradescope");
  json gradescope = parse(gs_text, "gradescope");
  EXPECT_EQ(gradescope.value("score", -1.0), score);
  double gs_max = 0, gs_score = 0;
  for (const auto& t : gradescope.value("tests", json::array())) {
    gs_max += t.at("max_score").get<double>();
    gs_score += t.at("score").get<double>();
    EXPECT_NE(t.value("status", ""), "failed") << t.at("name") << ": " << t.at("output");
  }
  EXPECT_NEAR(gs_max, max, 1e-9) << "Gradescope's tests must add up to the maximum its summary gives";
  EXPECT_NEAR(gs_score, score, 1e-9);
  EXPECT_NE(gradescope.value("output", "").find("Score: " + total), std::string::npos) << gradescope.value("output", "");

  GraderRun text = grader({"grade", "alice"});
  EXPECT_EQ(text.exit_code, 0) << describe(text);
  expect_no_float_noise(text.out, "grade (text)");
  EXPECT_NE(text.out.find(pts(score) + "/" + pts(max) + " points"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("awaiting review"), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("✘"), std::string::npos) << "nothing failed:\n" << text.out;

  // The exports read the gradebook: the same totals.
  GraderRun exercism = grader({"export", "--gradebook", "book.db", "--student", "alice", "--format", "exercism"});
  ASSERT_EQ(exercism.exit_code, 0) << describe(exercism);
  json ex = parse(exercism.out, "exercism");
  EXPECT_EQ(ex.value("status", ""), "pass") << "answers awaiting review must not fail a perfect submission";
  for (const auto& t : ex.value("tests", json::array())) EXPECT_EQ(t.at("status"), "pass") << t.at("name");

  GraderRun junit = grader({"export", "--gradebook", "book.db", "--student", "alice", "--format", "junit"});
  ASSERT_EQ(junit.exit_code, 0) << describe(junit);
  EXPECT_EQ(junit.out.find("<failure"), std::string::npos) << junit.out.substr(0, 3000);
  EXPECT_EQ(junit.out.find("<error"), std::string::npos) << junit.out.substr(0, 3000);
  EXPECT_NE(junit.out.find("<skipped"), std::string::npos);

  GraderRun markdown = grader({"export", "--gradebook", "book.db", "--student", "alice", "--format", "markdown"});
  ASSERT_EQ(markdown.exit_code, 0) << describe(markdown);
  expect_no_float_noise(markdown.out, "markdown");
  EXPECT_NE(markdown.out.find("**Score: " + total + "**"), std::string::npos) << markdown.out.substr(0, 2000);

  GraderRun csv = grader({"export", "--gradebook", "book.db", "--format", "csv", "-o", "out/grades.csv"});
  ASSERT_EQ(csv.exit_code, 0) << describe(csv);
  const std::string csv_text = read_text(dir() / "out" / "grades.csv");
  expect_no_float_noise(csv_text, "csv");
  // student, name (no roster: empty), total, max, raw_total (no deadline: the same), penalty 0
  EXPECT_NE(csv_text.find("alice,," + pts(score) + "," + pts(max) + "," + pts(score) + ",0,"), std::string::npos)
      << csv_text;

  // check grades the public tests only, and says so next to the course's maximum.
  GraderRun check = grader({"check", "-w", "alice"});
  EXPECT_EQ(check.exit_code, 0) << describe(check);
  expect_no_float_noise(check.out, "check");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(check.out, m, std::regex(R"(public tests: (\S+)/(\S+) points of the course's (\S+))")))
      << check.out;
  EXPECT_EQ(m.str(1), m.str(2)) << "the solutions pass every public test";
  EXPECT_EQ(m.str(3), pts(max));
  EXPECT_EQ(check.out.find("0.0/0.0"), std::string::npos) << check.out;
}

// The manual grade of an answer survives a forced regrade while the answer
// is unchanged, and not once the answer changes.
TEST_F(Totals, ForcedRegradeKeepsManualGradesOfUnchangedAnswers) {
  auto grade_quiz = [&] {
    GraderRun r = grader({"grade", "alice", "--lesson", "review-quiz", "--force", "--gradebook", "book.db"});
    EXPECT_LE(r.exit_code, 1) << describe(r);
  };
  auto latest = [&] {
    GraderRun r = grader({"export", "--gradebook", "book.db", "--student", "alice", "--format", "json"});
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    return parse(r.out, "export json");
  };
  auto status_of = [](const json& report, const std::string& question) {
    for (const auto& l : report.at("lessons"))
      for (const auto& t : l.at("tests"))
        if (t.at("name").get<std::string>().find(question) != std::string::npos) return t.at("status").get<std::string>();
    return std::string("(absent)");
  };

  grade_quiz();
  GraderRun exported = grader({"review", "--gradebook", "book.db", "export", "-o", "review.csv"});
  ASSERT_EQ(exported.exit_code, 0) << describe(exported);
  // Full marks for every answer: fill the score column with max_score.
  std::istringstream in(read_text(dir() / "review.csv"));
  std::string header, line, filled;
  std::getline(in, header);
  ASSERT_EQ(header.rfind("student,lesson,exercise,question,answer,score,max_score", 0), 0u) << header;
  filled = "student,lesson,exercise,question,score\n";
  int rows = 0;
  GraderRun before = grader({"export", "--gradebook", "book.db", "--student", "alice", "--format", "json"});
  json report = parse(before.out, "export json");
  for (const auto& l : report.at("lessons"))
    for (const auto& t : l.at("tests"))
      if (t.at("status") == "pending_review") {
        filled += "alice," + l.at("lesson").get<std::string>() + "," + t.at("exercise").get<std::string>() + "," +
                  t.at("name").get<std::string>() + "," + pts(t.at("max_score").get<double>()) + "\n";
        ++rows;
      }
  ASSERT_GT(rows, 1) << "the test needs two free-text answers";
  write_text(dir() / "scores.csv", filled);
  GraderRun imported = grader({"review", "--gradebook", "book.db", "import", "scores.csv"});
  ASSERT_EQ(imported.exit_code, 0) << describe(imported);
  json graded = latest();
  EXPECT_EQ(graded.at("score"), graded.at("max_score"));

  grade_quiz();  // forced regrade, nothing changed
  json kept = latest();
  EXPECT_EQ(kept.at("score"), kept.at("max_score")) << "the manual grades were lost";
  EXPECT_EQ(status_of(kept, "q14_explain_order"), "passed");

  // A new answer to q14 needs a new review; q15 keeps its grade.
  std::string answers = read_text(dir() / "alice" / "review-quiz" / "answers.yaml");
  const std::string q14 = "q14_explain_order: |\n";
  const auto at = answers.find(q14);
  ASSERT_NE(at, std::string::npos);
  answers.insert(at + q14.size(), "  A new first sentence written after the review.\n");
  write_text(dir() / "alice" / "review-quiz" / "answers.yaml", answers);
  grade_quiz();
  json changed = latest();
  EXPECT_EQ(status_of(changed, "q14_explain_order"), "pending_review");
  EXPECT_EQ(status_of(changed, "q15_explain_heatmap"), "passed");
  EXPECT_LT(changed.at("score").get<double>(), changed.at("max_score").get<double>());
}

// When grading's time runs out, the results obtained are written and the
// rest is marked not run; the maximum stays the course's.
TEST_F(Totals, DeadlineKeepsResultsAndMarksTheRestNotRun) {
  GraderRun run = grader({"grade", "alice", "--format", "gradescope", "--deadline-s", "0", "-o", "results.json"});
  EXPECT_EQ(run.exit_code, 1) << describe(run);
  json results = parse(read_text(dir() / "results.json"), "results.json");
  ASSERT_TRUE(results.contains("tests")) << describe(run);
  double max = 0, score = 0;
  int not_run = 0, quiz = 0;
  for (const auto& t : results.at("tests")) {
    max += t.at("max_score").get<double>();
    score += t.at("score").get<double>();
    const std::string output = t.at("output").get<std::string>();
    if (output.find("not run: the time allowed for grading ran out") != std::string::npos) ++not_run;
    if (t.at("tags").at(0) == "review-quiz") ++quiz;
  }
  EXPECT_GT(not_run, 0) << "the code lessons were not started";
  EXPECT_GT(quiz, 0);
  EXPECT_GT(score, 0) << "the quiz, graded before the deadline, keeps its points";
  EXPECT_NEAR(max, course_max(), 1e-9);
  EXPECT_EQ(results.at("score").get<double>(), score);
}

// Relative --cache-dir, workspace and output, from the folder they are relative to.
TEST_F(Totals, RelativePathOptionsAreResolvedOnce) {
  GraderRun run = grader({"--cache-dir", "relcache", "grade", "alice/", "--lesson", "positional-encoding", "--format",
                          "json", "-o", "out/report.json"});
  EXPECT_EQ(run.exit_code, 0) << describe(run);
  json report = parse(read_text(dir() / "out" / "report.json"), "report.json");
  ASSERT_TRUE(report.contains("lessons")) << describe(run);
  ASSERT_EQ(report.at("lessons").size(), 1u);
  const auto& lesson = report.at("lessons").at(0);
  EXPECT_EQ(lesson.at("status"), "graded") << lesson.at("detail");
  EXPECT_GT(lesson.at("max_score").get<double>(), 0);
  EXPECT_EQ(lesson.at("score"), lesson.at("max_score"));
  EXPECT_EQ(report.at("student"), "alice");
  EXPECT_TRUE(fs::is_directory(dir() / "relcache")) << "the cache belongs in the folder the command ran from";
}

}  // namespace
