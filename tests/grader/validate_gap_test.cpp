// `grader validate`'s local/graded gap: a mutant that only hidden tests catch
// passes `grader check`, so it is a problem unless its mutant.yaml says why
// (`hidden_only`); the counts per lesson are what the summary prints.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "grader/util/files.hpp"
#include "grader/validate/validate.hpp"

namespace gv = grader::validate;
namespace gr = grader::runner;
namespace gc = grader::course;
namespace fs = std::filesystem;

namespace {

gc::Course course_of_two_lessons() {
  gc::Course course;
  gc::Lesson code;
  code.id = "encoder-block";
  gc::Exercise layer;
  layer.id = "encoder-layer";
  code.exercises.push_back(layer);
  gc::Lesson quiz;
  quiz.id = "review-quiz";
  gc::Exercise questions;
  questions.id = "review-quiz";
  questions.kind = gc::ExerciseKind::quiz;
  quiz.exercises.push_back(questions);
  course.lessons = {code, quiz};
  return course;
}

gv::Mutant mutant(const std::string& name, const std::string& hidden_only = "") {
  gv::Mutant m;
  m.lesson = "encoder-block";
  m.exercise = "encoder-layer";
  m.name = name;
  m.hidden_only = hidden_only;
  return m;
}

gr::TestResult test(const std::string& name, bool hidden, gr::TestStatus status) {
  gr::TestResult t;
  t.lesson = "encoder-block";
  t.exercise = "encoder-layer";
  t.name = name;
  t.hidden = hidden;
  t.status = status;
  return t;
}

// A graded mutant: one public and one hidden test, with these outcomes.
gr::SubmissionResult graded(gr::TestStatus public_status, gr::TestStatus hidden_status,
                            gr::LessonStatus lesson_status = gr::LessonStatus::graded) {
  gr::LessonResult lesson;
  lesson.lesson = "encoder-block";
  lesson.status = lesson_status;
  lesson.tests = {test("EncoderLayer.PostNormMatchesTorch", false, public_status),
                  test("EncoderLayerHidden.MatchesReferenceSweep", true, hidden_status)};
  gr::SubmissionResult result;
  result.lessons = {lesson};
  return result;
}

const gv::Check* check_of(const gv::GapReport& report, const std::string& subject) {
  for (const auto& c : report.checks)
    if (c.subject == subject) return &c;
  return nullptr;
}

using S = gr::TestStatus;

}  // namespace

TEST(ValidateGap, AMutantOnlyHiddenTestsCatchIsAProblemWithoutAReason) {
  const auto course = course_of_two_lessons();
  const auto m = mutant("layer-pre-norm-twice");
  for (const auto hidden : {S::failed, S::crashed, S::timed_out}) {
    const auto result = graded(S::passed, hidden);
    const auto report = gv::gap_checks(course, {{&m, &result}});
    const auto* c = check_of(report, "encoder-block/layer-pre-norm-twice");
    ASSERT_NE(c, nullptr);
    EXPECT_FALSE(c->ok);
    EXPECT_EQ(c->got, "hidden tests only");
    EXPECT_NE(c->detail.find("hidden_only: \"<reason>\""), std::string::npos) << c->detail;
    ASSERT_EQ(report.counts.size(), 1u);
    EXPECT_EQ(report.counts[0].public_caught, 0);
    EXPECT_EQ(report.counts[0].hidden_only_with_reason, 0);
    EXPECT_EQ(report.counts[0].hidden_only_without_reason, 1);
  }
}

TEST(ValidateGap, AStatedReasonMakesAHiddenOnlyMutantPass) {
  const auto course = course_of_two_lessons();
  const auto m = mutant("layer-pre-norm-twice", "guards against an answer hard-coded for the public inputs");
  const auto result = graded(S::passed, S::failed);
  const auto report = gv::gap_checks(course, {{&m, &result}});
  EXPECT_TRUE(report.checks.empty());
  ASSERT_EQ(report.counts.size(), 1u);
  EXPECT_EQ(report.counts[0].hidden_only_with_reason, 1);
  EXPECT_EQ(report.counts[0].hidden_only_without_reason, 0);
}

TEST(ValidateGap, AnyPublicFailureOrABuildThatFailsCountsAsPublic) {
  const auto course = course_of_two_lessons();
  const auto m = mutant("layer-norm-order-swapped");
  const std::vector<gr::SubmissionResult> results = {
      graded(S::failed, S::failed), graded(S::failed, S::passed), graded(S::crashed, S::passed),
      graded(S::not_implemented, S::passed), graded(S::not_run, S::not_run, gr::LessonStatus::compile_error),
      graded(S::not_run, S::not_run, gr::LessonStatus::did_not_start)};
  for (const auto& result : results) {
    const auto report = gv::gap_checks(course, {{&m, &result}});
    EXPECT_TRUE(report.checks.empty());
    ASSERT_EQ(report.counts.size(), 1u);
    EXPECT_EQ(report.counts[0].public_caught, 1);
  }
}

TEST(ValidateGap, AReasonOnAMutantAPublicTestCatchesIsStale) {
  const auto course = course_of_two_lessons();
  const auto m = mutant("layer-norm-order-swapped", "no public test can see it");
  const auto result = graded(S::failed, S::failed);
  const auto report = gv::gap_checks(course, {{&m, &result}});
  const auto* c = check_of(report, "encoder-block/layer-norm-order-swapped");
  ASSERT_NE(c, nullptr);
  EXPECT_FALSE(c->ok);
  EXPECT_NE(c->detail.find("remove hidden_only"), std::string::npos) << c->detail;
}

TEST(ValidateGap, CountsArePerLessonInCourseOrderAndQuizAnswersAreHiddenByDesign) {
  const auto course = course_of_two_lessons();
  auto quiz = mutant("angle-in-degrees");
  quiz.lesson = quiz.exercise = "review-quiz";
  const auto a = mutant("a"), b = mutant("b"), c = mutant("c", "a reason");
  const auto pub = graded(S::failed, S::failed), hidden = graded(S::passed, S::failed);
  // A wrong quiz answer fails a question that is not hidden, in `grade` only.
  const auto report = gv::gap_checks(course, {{&quiz, &pub}, {&a, &pub}, {&b, &hidden}, {&c, &hidden}});
  ASSERT_EQ(report.counts.size(), 2u);
  EXPECT_EQ(report.counts[0].lesson, "encoder-block");
  EXPECT_EQ(report.counts[0].public_caught, 1);
  EXPECT_EQ(report.counts[0].hidden_only_with_reason, 1);
  EXPECT_EQ(report.counts[0].hidden_only_without_reason, 1);
  EXPECT_EQ(report.counts[1].lesson, "review-quiz");
  EXPECT_EQ(report.counts[1].hidden_only_with_reason, 1);
  ASSERT_EQ(report.checks.size(), 1u);
  EXPECT_EQ(report.checks[0].subject, "encoder-block/b");
}

// mutant.yaml's hidden_only: a reason in words, never on a correct variant.
TEST(ValidateGap, HiddenOnlyIsReadFromMutantYamlAndMustGiveAReason) {
  grader::util::TempDir root("validate-gap");
  const auto write = [&](const std::string& name, const std::string& yaml) {
    const fs::path dir = root.path() / "tests/mutants/encoder-block" / name;
    fs::create_directories(dir);
    std::ofstream(dir / "mutant.yaml") << yaml;
  };
  const std::string head = "description: x\nexercise: encoder-layer\n";
  write("given", head + "kind: mutant\nmust_fail: [A.B]\nhidden_only: \"hard-coded public answers\"\n");
  auto mutants = gv::discover_mutants(root.path()).mutants;
  ASSERT_EQ(mutants.size(), 1u);
  EXPECT_EQ(mutants[0].hidden_only, "hard-coded public answers");

  for (const std::string& bad : {std::string("kind: mutant\nmust_fail: [A.B]\nhidden_only: \"\"\n"),
                                 std::string("kind: mutant\nmust_fail: [A.B]\nhidden_only: \"  \"\n"),
                                 std::string("kind: variant\nhidden_only: \"a reason\"\n")}) {
    write("bad", head + bad);
    const auto discovery = gv::discover_mutants(root.path());
    ASSERT_EQ(discovery.problems.size(), 1u) << bad;
    EXPECT_EQ(discovery.problems[0].problem.rfind("tests/mutants/encoder-block/bad/mutant.yaml: ", 0), 0u) << bad;
    EXPECT_EQ(discovery.mutants.size(), 1u) << "the well-formed mutant is read all the same: " << bad;
  }
}
