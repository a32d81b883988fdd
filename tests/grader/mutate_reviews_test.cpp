// The reviewed mutants of `grader mutate` (tests/mutants/<lesson>.equivalent.yaml):
// each entry gives exactly one of `reason` (no test catches the mutant, it
// behaves as the reference does) and `hidden_only` (only hidden tests catch
// it, and no public test can state the requirement it breaks), and
// apply_reviews turns each graded mutant into what its entry says, or reports
// the entry stale when the mutant no longer does what the entry says.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "grader/validate/generated_mutants.hpp"

namespace {

namespace gv = grader::validate;
using gv::MutantFate;
using gv::Review;

// A file of reviewed mutants with `text`, in a folder of its own per test.
std::string reviewed_file(const std::string& text) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string dir = ::testing::TempDir() + "/mutate-reviews-" + info->name();
  std::filesystem::create_directories(dir);
  const std::string file = dir + "/x.equivalent.yaml";
  std::ofstream(file) << text;
  return file;
}

// The message read_reviewed_mutants stops with on `file` (empty: it did not stop).
std::string refusal(const std::string& file) {
  try {
    gv::read_reviewed_mutants(file);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Several mutations of one small file: at least the five the classification tests use.
std::vector<gv::Mutation> mutations() {
  return gv::generate_mutations("x/x.cpp", "int f(int a, int b) {\n  if (a < b) return a + 1;\n  return b - 2 * a;\n}\n");
}

TEST(ReviewedMutants, BothKindsOfEntryRoundTrip) {
  const auto m = mutations();
  ASSERT_GE(m.size(), 2u);
  const auto file = reviewed_file(gv::reviewed_entry_yaml(m[0], Review::equivalent, "the same for every input") + "\n" +
                                  gv::reviewed_entry_yaml(m[1], Review::hidden_only, "undefined behaviour, \"heap\""));
  const auto read = gv::read_reviewed_mutants(file);
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[0].key.key(), m[0].key());
  EXPECT_EQ(read[0].review, Review::equivalent);
  EXPECT_EQ(read[0].reason, "the same for every input");
  EXPECT_EQ(read[0].yaml_line, 1);
  EXPECT_EQ(read[1].key.key(), m[1].key());
  EXPECT_EQ(read[1].review, Review::hidden_only);
  EXPECT_EQ(read[1].reason, "undefined behaviour, \"heap\"");
  EXPECT_EQ(read[1].yaml_line, 8);
}

TEST(ReviewedMutants, AnEntryGivesExactlyOneNonEmptyReviewAndNothingElse) {
  const auto m = mutations().front();
  const std::string good = gv::reviewed_entry_yaml(m, Review::equivalent, "fine") + "\n";  // lines 1-6, then a blank
  const std::string key = gv::reviewed_entry_yaml(m, Review::equivalent, "x");
  const std::string key_only = key.substr(0, key.find("  reason:"));  // the five fields of the key
  // Each bad entry comes second, so the message must name its line, 8.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {key_only, "has neither 'reason' nor 'hidden_only'"},
      {key_only + "  reason: \"same\"\n  hidden_only: \"hidden\"\n", "has both 'reason' and 'hidden_only'"},
      {key_only + "  reason: \" \"\n", "the reason is empty"},
      {key_only + "  reason:\n", "the reason is empty"},
      {key_only + "  hidden_only: \"\"\n", "hidden_only is empty"},
      {key_only + "  hidden-only: \"dash\"\n", "unknown field 'hidden-only'"},
      {key_only + "  hidden_only: \"x\"\n  why: \"y\"\n", "unknown field 'why'"},
  };
  for (const auto& [second, expected] : cases) {
    // A key of another file, so that no message is about a key given twice.
    std::string other = second;
    other.replace(other.find("x/x.cpp"), 7, "x/y.cpp");
    const auto file = reviewed_file(good + other);
    const auto message = refusal(file);
    EXPECT_TRUE(contains(message, expected)) << "entry:\n" << other << "message: " << message;
    EXPECT_TRUE(contains(message, file + ":8")) << message;
  }
  const auto twice = reviewed_file(good + key_only + "  hidden_only: \"fine too\"\n");
  EXPECT_EQ(refusal(twice), twice + ":8: the same mutation is recorded twice");
}

// A lesson whose run graded mutations()[i] with fates[i].
gv::LessonMutation graded(const std::vector<gv::Mutation>& m, const std::vector<MutantFate>& fates) {
  gv::LessonMutation lesson;
  lesson.generated = m.size();
  for (std::size_t i = 0; i < fates.size(); ++i)
    lesson.run.push_back({m[i], fates[i], fates[i] == MutantFate::killed_by_public ? "Pub.Test" : "Hid.Test", ""});
  return lesson;
}

gv::ReviewedMutant entry(const gv::Mutation& m, Review review, int yaml_line) {
  return {m, review, review == Review::equivalent ? "equivalent because" : "hidden only because", yaml_line};
}

// The stale message of the entry at `yaml_line`, or "" when it is not stale.
std::string stale_of(const gv::LessonMutation& lesson, int yaml_line) {
  const std::string prefix = "line " + std::to_string(yaml_line) + ": ";
  for (const auto& s : lesson.stale)
    if (s.rfind(prefix, 0) == 0) return s;
  return "";
}

// An entry pasted as `grader mutate` printed it, its placeholder unchanged,
// is not a review.
TEST(ReviewedMutants, APlaceholderReasonIsRefused) {
  const auto m = mutations();
  for (Review review : {Review::equivalent, Review::hidden_only}) {
    const auto file = reviewed_file(gv::reviewed_entry_yaml(m[0], review, gv::reason_placeholder(review)));
    EXPECT_TRUE(contains(refusal(file), "still the placeholder")) << refusal(file);
    const auto written = reviewed_file(gv::reviewed_entry_yaml(m[0], review, "a real reason"));
    EXPECT_EQ(refusal(written), "");
  }
}

TEST(ReviewedMutants, AHiddenOnlyEntryReviewsOnlyAMutantOnlyHiddenTestsCatch) {
  const auto m = mutations();
  ASSERT_GE(m.size(), 5u);
  auto lesson = graded(m, {MutantFate::killed_only_by_hidden, MutantFate::killed_only_by_hidden,
                           MutantFate::killed_by_public, MutantFate::survived, MutantFate::not_compiling});
  auto gone = m[0];
  gone.after = "int f() { return 0; }";  // a mutation the file no longer has
  const std::vector<gv::ReviewedMutant> reviewed = {
      entry(m[1], Review::hidden_only, 10), entry(m[2], Review::hidden_only, 20), entry(m[3], Review::hidden_only, 30),
      entry(m[4], Review::hidden_only, 40), entry(gone, Review::hidden_only, 50)};
  gv::apply_reviews(lesson, m, reviewed, {});

  // No entry: still a problem, as a survivor is.
  EXPECT_EQ(lesson.run[0].fate, MutantFate::killed_only_by_hidden);
  // Its entry says why: counted apart, with the reason.
  EXPECT_EQ(lesson.run[1].fate, MutantFate::hidden_only_reviewed);
  EXPECT_EQ(lesson.run[1].reason, "hidden only because");
  EXPECT_EQ(lesson.run[1].detail, "Hid.Test");
  EXPECT_EQ(stale_of(lesson, 10), "");
  // A public test catches it, it survives, it no longer compiles, it is no mutation any more: stale.
  EXPECT_TRUE(contains(stale_of(lesson, 20), "the public test Pub.Test now catches it")) << stale_of(lesson, 20);
  EXPECT_TRUE(contains(stale_of(lesson, 30), "no test catches it any more")) << stale_of(lesson, 30);
  EXPECT_EQ(lesson.run[3].fate, MutantFate::survived);  // and the survivor is still one
  EXPECT_TRUE(contains(stale_of(lesson, 40), "no longer compiles")) << stale_of(lesson, 40);
  EXPECT_TRUE(contains(stale_of(lesson, 50), "no such mutation any more")) << stale_of(lesson, 50);
  EXPECT_EQ(lesson.stale.size(), 4u);
}

TEST(ReviewedMutants, AReasonEntryReviewsOnlyASurvivor) {
  const auto m = mutations();
  ASSERT_GE(m.size(), 3u);
  auto lesson = graded(m, {MutantFate::survived, MutantFate::killed_only_by_hidden, MutantFate::killed_by_public});
  gv::apply_reviews(lesson, m,
                    {entry(m[0], Review::equivalent, 10), entry(m[1], Review::equivalent, 20),
                     entry(m[2], Review::equivalent, 30)},
                    {});
  EXPECT_EQ(lesson.run[0].fate, MutantFate::equivalent);
  EXPECT_EQ(lesson.run[0].detail, "equivalent because");
  EXPECT_EQ(stale_of(lesson, 10), "");
  // A hidden test tells it from the reference: not equivalent, and still a problem until reviewed as hidden_only.
  EXPECT_TRUE(contains(stale_of(lesson, 20), "catches it, so it is not equivalent")) << stale_of(lesson, 20);
  EXPECT_TRUE(contains(stale_of(lesson, 20), "hidden_only:")) << stale_of(lesson, 20);
  EXPECT_EQ(lesson.run[1].fate, MutantFate::killed_only_by_hidden);
  EXPECT_TRUE(contains(stale_of(lesson, 30), "now catches it")) << stale_of(lesson, 30);
  EXPECT_EQ(lesson.stale.size(), 2u);
  // The run says "change that entry" for these, not "add one" (a second would be refused).
  EXPECT_FALSE(lesson.run[0].entry_stale);
  EXPECT_TRUE(lesson.run[1].entry_stale);
  EXPECT_TRUE(lesson.run[2].entry_stale);
}

TEST(ReviewedMutants, EntriesOfOperatorsNotRunAreNotLookedAt) {
  const auto m = mutations();
  const auto relational = std::find_if(m.begin(), m.end(), [](const gv::Mutation& x) { return x.op == "relational"; });
  ASSERT_NE(relational, m.end());
  auto gone = *relational;
  gone.after = "if (a != b) return a + 1;";
  gv::LessonMutation lesson;
  gv::apply_reviews(lesson, {}, {entry(gone, Review::hidden_only, 10)}, {"constant"});
  EXPECT_TRUE(lesson.stale.empty());
  gv::apply_reviews(lesson, {}, {entry(gone, Review::hidden_only, 10)}, {"relational"});
  EXPECT_EQ(lesson.stale.size(), 1u);
}

// `grader mutate --file`: an entry of another file is not looked at either.
TEST(ReviewedMutants, EntriesOfFilesNotRunAreNotLookedAt) {
  auto gone = mutations().front();  // a mutation of x/x.cpp that no run generates
  gone.after = "int f(int a, int b) { // gone";
  gv::LessonMutation lesson;
  gv::apply_reviews(lesson, {}, {entry(gone, Review::equivalent, 10)}, {}, {"x/other.cpp"});
  EXPECT_TRUE(lesson.stale.empty());
  gv::apply_reviews(lesson, {}, {entry(gone, Review::equivalent, 10)}, {}, {"x/x.cpp"});
  EXPECT_EQ(lesson.stale.size(), 1u);
}

}  // namespace

namespace {

// One bug, one exercise: a mutant of exercise a's file that fails tests of
// other exercises names each of them once, but not one that uses a with
// `mode: student` (it is meant to be charged), nor one that lists the same
// file (a shared file's bugs are its too), nor a's own tests.
TEST(ChargedElsewhere, NamesEachOtherExerciseWhoseTestsFailOnce) {
  namespace gr = grader::runner;
  grader::course::Lesson lesson;
  lesson.id = "l";
  for (const char* id : {"a", "b", "c", "d"}) {
    grader::course::Exercise e;
    e.id = id;
    e.files = {std::string("l/") + id + ".cpp"};
    lesson.exercises.push_back(e);
  }
  lesson.exercises[1].uses = {"a"};
  lesson.exercises[1].uses_student_code = {"a"};
  lesson.exercises[3].files.push_back("l/a.cpp");  // d edits a's file too
  gr::SubmissionResult result;
  gr::LessonResult l;
  l.lesson = "l";
  auto test = [](const char* exercise, const char* name, gr::TestStatus status) {
    gr::TestResult t;
    t.exercise = exercise;
    t.name = name;
    t.status = status;
    return t;
  };
  l.tests = {test("a", "A.Own", gr::TestStatus::failed),      test("b", "B.UsesA", gr::TestStatus::failed),
             test("c", "C.Passes", gr::TestStatus::passed),   test("c", "C.First", gr::TestStatus::failed),
             test("c", "C.Second", gr::TestStatus::crashed),  test("d", "D.SharesTheFile", gr::TestStatus::failed),
             test("c", "C.NotRun", gr::TestStatus::not_run)};
  result.lessons = {l};
  EXPECT_EQ(gv::charged_elsewhere(lesson, "l/a.cpp", result), std::vector<std::string>{"c: C.First"});
  // Without mode: student, b's failure is charged elsewhere too.
  lesson.exercises[1].uses_student_code.clear();
  EXPECT_EQ(gv::charged_elsewhere(lesson, "l/a.cpp", result), (std::vector<std::string>{"b: B.UsesA", "c: C.First"}));
  // Only a's own tests fail: nothing elsewhere.
  result.lessons[0].tests = {test("a", "A.Own", gr::TestStatus::failed), test("c", "C.Passes", gr::TestStatus::passed)};
  EXPECT_TRUE(gv::charged_elsewhere(lesson, "l/a.cpp", result).empty());
}

}  // namespace
