// What a batch prints and the machine reports carry: the class summary in
// the course's order with skipped entries listed, notices above the progress
// bar, Exercism's test_code, compiler output in JUnit and Exercism, and a
// student's history (grader/batch, grader/report).
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "grader/batch/progress.hpp"
#include "grader/batch/summary.hpp"
#include "grader/report/class_stats.hpp"
#include "grader/report/grades_csv.hpp"
#include "grader/report/outcome.hpp"
#include "grader/report/exercism.hpp"
#include "grader/report/history.hpp"
#include "grader/report/junit.hpp"

namespace {

using grader::runner::LessonResult;
using grader::runner::LessonStatus;
using grader::runner::SubmissionResult;
using grader::runner::TestResult;
using grader::runner::TestStatus;
namespace report = grader::report;

TestResult test(const std::string& exercise, const std::string& name, TestStatus status, double score, double max,
                const std::string& message = "") {
  TestResult t;
  t.exercise = exercise;
  t.name = name;
  t.status = status;
  t.score = score;
  t.max_score = max;
  t.message = message;
  return t;
}

// A course whose order is not alphabetical: zeta before alpha before mid.
grader::course::Course course_of_three() {
  grader::course::Course c;
  grader::course::Lesson first;
  first.id = "first";
  for (const char* id : {"zeta", "alpha"}) {
    grader::course::Exercise e;
    e.id = id;
    first.exercises.push_back(e);
  }
  grader::course::Lesson second;
  second.id = "second";
  grader::course::Exercise mid;
  mid.id = "mid";
  second.exercises.push_back(mid);
  c.lessons = {first, second};
  return c;
}

SubmissionResult result_with(const std::vector<std::pair<std::string, TestStatus>>& tests, const std::string& student) {
  SubmissionResult r;
  r.student = student;
  LessonResult first, second;
  first.lesson = "first";
  second.lesson = "second";
  for (const auto& [exercise, status] : tests) {
    double score = status == TestStatus::passed ? 1 : 0;
    (exercise == "mid" ? second : first).tests.push_back(test(exercise, exercise + ".T", status, score, 1));
    r.score += score;
    r.max_score += 1;
  }
  r.lessons = {first, second};
  return r;
}

TEST(ClassSummary, ExercisesInCourseOrderNotAlphabetical) {
  // The first result lists its tests alphabetically (and lacks one): the
  // summary still follows course.yaml.
  auto a = result_with({{"alpha", TestStatus::passed}, {"mid", TestStatus::failed}}, "a");
  auto b = result_with({{"mid", TestStatus::passed}, {"zeta", TestStatus::passed}, {"alpha", TestStatus::failed}}, "b");
  const std::string text = grader::batch::class_summary(course_of_three(), {a, b});
  const auto zeta = text.find("  zeta"), alpha = text.find("  alpha"), mid = text.find("  mid");
  ASSERT_NE(zeta, std::string::npos) << text;
  ASSERT_NE(alpha, std::string::npos) << text;
  ASSERT_NE(mid, std::string::npos) << text;
  EXPECT_LT(zeta, alpha) << text;
  EXPECT_LT(alpha, mid) << text;
  EXPECT_EQ(text.find("Not graded"), std::string::npos) << text;
}

TEST(ClassSummary, SkippedEntriesAreLinesOfTheirOwn) {
  auto a = result_with({{"alpha", TestStatus::passed}}, "a");
  const std::string text = grader::batch::class_summary(
      course_of_three(), {a}, {"'smithsam_notes.txt': its name is not Canvas's", "'odd\x1b[2Jname': no id"});
  EXPECT_NE(text.find("Not graded (2 entries"), std::string::npos) << text;
  EXPECT_NE(text.find("\n  skipped 'smithsam_notes.txt': its name is not Canvas's\n"), std::string::npos) << text;
  EXPECT_EQ(text.find('\x1b'), std::string::npos) << "a name reached the terminal raw";
  EXPECT_NE(text.find("\\x1b[2J"), std::string::npos) << text;
  // Even with nothing graded the skipped ones are listed.
  EXPECT_NE(grader::batch::class_summary(course_of_three(), {}, {"'x': why"}).find("skipped 'x': why"), std::string::npos);
}

// One vocabulary: a lesson's outcome comes from its status and its tests'
// statuses, never from the words of a message.
TEST(Outcome, FromTheStatusesOnly) {
  LessonResult l;
  l.lesson = "first";
  l.tests = {test("zeta", "Z.a", TestStatus::passed, 1, 1), test("zeta", "Z.b", TestStatus::crashed, 0, 1, "f(): crashed")};
  EXPECT_EQ(report::lesson_outcome(l), report::Outcome::crashed);
  l.tests.push_back(test("alpha", "A.a", TestStatus::timed_out, 0, 1, "g(): timed out"));
  EXPECT_EQ(report::lesson_outcome(l), report::Outcome::timed_out) << "a hang is said before a crash";
  EXPECT_EQ(report::first_message(l, report::Audience::instructor), "g(): timed out");
  // An older grader's partial submission: missing_files, and the tests tell.
  l.status = LessonStatus::missing_files;
  EXPECT_EQ(report::lesson_outcome(l), report::Outcome::timed_out);
  LessonResult words;
  words.tests = {test("zeta", "Z.a", TestStatus::failed, 0, 1, "your code crashed: timed out after 2.0 s")};
  EXPECT_EQ(report::lesson_outcome(words), report::Outcome::failed) << "a message's words are not an outcome";
  LessonResult untouched;
  untouched.status = LessonStatus::not_attempted;
  untouched.tests = {test("mid", "M.a", TestStatus::not_implemented, 0, 1)};
  EXPECT_EQ(report::lesson_outcome(untouched), report::Outcome::not_attempted);
  // The submission: the worst attempted lesson; nothing attempted says so.
  SubmissionResult r;
  r.lessons = {untouched, words};
  EXPECT_EQ(report::submission_outcome(r), report::Outcome::failed);
  EXPECT_EQ(report::outcome_summary(r), "graded with failures; 1 of 2 lessons not attempted");
  r.lessons = {untouched};
  EXPECT_EQ(report::submission_outcome(r), report::Outcome::not_attempted);
  untouched.status = LessonStatus::empty_submission;
  r.lessons = {untouched, untouched};
  EXPECT_EQ(report::submission_outcome(r), report::Outcome::empty_submission);
  // Every outcome has its own name and words.
  std::set<std::string> names, texts;
  for (auto o : report::all_outcomes()) {
    names.insert(std::string(report::name_of(o)));
    texts.insert(std::string(report::words_of(o)));
  }
  EXPECT_EQ(names.size(), report::all_outcomes().size());
  EXPECT_EQ(texts.size(), report::all_outcomes().size());
}

// Pass rates and the hardest tests count the students who attempted; the
// problems are listed with the student's name and the first message; lessons
// not attempted are a count.
TEST(ClassSummary, RatesOverThoseWhoAttemptedAndProblemsByStudent) {
  auto solved = result_with({{"zeta", TestStatus::passed}, {"alpha", TestStatus::failed}, {"mid", TestStatus::passed}}, "a");
  // b never opened the second lesson: its test reached the stub (and the lesson says not attempted).
  auto partial = result_with({{"zeta", TestStatus::passed}, {"alpha", TestStatus::passed}, {"mid", TestStatus::not_implemented}}, "b");
  partial.lessons[1].status = LessonStatus::not_attempted;
  auto crashed = result_with({{"zeta", TestStatus::crashed}, {"alpha", TestStatus::passed}, {"mid", TestStatus::passed}}, "c");
  crashed.lessons[0].tests[0].message = "zeta(1): your code crashed: SIGSEGV\nmore";
  crashed.student_name = "Claire \x1b[2JDupont";
  const auto course = course_of_three();
  const auto stats = report::class_stats(&course, {solved, partial, crashed});
  ASSERT_EQ(stats.exercises.size(), 3u);
  EXPECT_EQ(stats.exercises[2].exercise, "mid");
  EXPECT_EQ(stats.exercises[2].attempted, 2) << "b did not attempt mid";
  EXPECT_EQ(stats.exercises[2].solved, 2);
  EXPECT_EQ(stats.exercises[0].attempted, 3);
  EXPECT_EQ(stats.exercises[0].solved, 2);
  for (const auto& t : stats.hardest) EXPECT_NE(t.name, "mid.T") << "nobody who attempted mid failed it";
  ASSERT_FALSE(stats.hardest.empty());
  EXPECT_EQ(stats.hardest[0].attempted, 3);
  EXPECT_EQ(stats.lessons_not_attempted, 1);
  ASSERT_EQ(stats.flagged.size(), 1u);
  EXPECT_EQ(stats.flagged[0].student, "c");
  EXPECT_EQ(stats.flagged[0].outcome, report::Outcome::crashed);
  EXPECT_EQ(stats.flagged[0].message, "zeta(1): your code crashed: SIGSEGV");

  const std::string text = grader::batch::class_summary(course_of_three(), {solved, partial, crashed});
  EXPECT_NE(text.find("Status: 1 crashed, 1 graded with failures, 1 passed\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  c (Claire \\x1b[2JDupont)  first: crashed: zeta(1): your code crashed: SIGSEGV\n"), std::string::npos) << text;
  EXPECT_EQ(text.find('\x1b'), std::string::npos) << "a name reached the terminal raw";
  EXPECT_NE(text.find("Not attempted (every file missing or the starter's): 1 lesson in all\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  mid                  100.0%  (2/2 attempted, 1 did not)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  zeta                  66.7%  (2/3 attempted)  <- hardest\n"), std::string::npos) << "ties go to the first in course order\n" << text;
}

// The summary and the class page name the function at fault, as the student
// page does, not only the test's call: a hang in layer_norm reached through
// encoder_layer is not encoder_layer's.
TEST(ClassStats, AttentionNamesTheFunctionAtFault) {
  auto hung = result_with({{"zeta", TestStatus::timed_out}, {"alpha", TestStatus::passed}, {"mid", TestStatus::passed}}, "h");
  hung.lessons[0].tests[0].message =
      "encoder_layer(x): timed out after 2.0 s\n  at fault: this test called your `layer_norm` (lesson first, "
      "exercise alpha: first/norm.cpp), which was still running at the time limit (an infinite loop?): the fault "
      "is there, not in this exercise's files\nmore";
  auto crashed = result_with({{"zeta", TestStatus::crashed}, {"alpha", TestStatus::passed}, {"mid", TestStatus::passed}}, "c");
  crashed.lessons[0].tests[0].message = "zeta(1): your code crashed: SIGSEGV\nmore";
  const auto course = course_of_three();
  const auto stats = report::class_stats(&course, {hung, crashed});
  ASSERT_EQ(stats.flagged.size(), 2u);
  EXPECT_EQ(stats.flagged[0].message,
            "encoder_layer(x): timed out after 2.0 s; at fault: your `layer_norm` (lesson first, exercise alpha: "
            "first/norm.cpp)");
  EXPECT_EQ(stats.flagged[1].message, "zeta(1): your code crashed: SIGSEGV") << "no function at fault: the call";
  EXPECT_EQ(report::first_message(hung.lessons[0], report::Audience::instructor), stats.flagged[0].message);
  const std::string text = grader::batch::class_summary(course_of_three(), {hung, crashed});
  EXPECT_NE(text.find("at fault: your `layer_norm` (lesson first"), std::string::npos) << text;
}

// A lesson not attempted ran the starter: a debugging exercise's starter
// crashes or hangs on purpose, and the status does not blame the student.
TEST(StatusSummary, NotAttemptedLessonsCountNoCrash) {
  for (const auto status : {TestStatus::crashed, TestStatus::timed_out}) {
    auto r = result_with({{"zeta", TestStatus::passed}, {"alpha", TestStatus::passed}, {"mid", status}}, "s");
    r.lessons[1].status = LessonStatus::not_attempted;
    const std::string text = report::status_summary(r);
    EXPECT_EQ(text.find("crashed"), std::string::npos) << text;
    EXPECT_EQ(text.find("timed out"), std::string::npos) << text;
    EXPECT_NE(text.find("2 of 3 tests passed; 1 failed"), std::string::npos) << text;
    // Attempted, the same test's crash is the student's.
    r.lessons[1].status = LessonStatus::graded;
    EXPECT_NE(report::status_summary(r).find(status == TestStatus::crashed ? "; 1 crashed" : "; 1 timed out"),
              std::string::npos)
        << report::status_summary(r);
  }
}

// The summary names the roster students without a submission, names beside
// ids as in its other lists, with or without anything graded.
TEST(ClassSummary, NamesRosterStudentsWithoutASubmission) {
  const auto a = result_with({{"zeta", TestStatus::passed}, {"alpha", TestStatus::passed}, {"mid", TestStatus::passed}}, "a");
  const std::vector<report::NoSubmission> absent = {{"1019", "Sam \x1b[2JLee", 0}, {"1020", "", 0}};
  const std::string text = grader::batch::class_summary(course_of_three(), {a}, {}, absent);
  EXPECT_NE(text.find("On the roster without a submission (2): 1019 (Sam \\x1b[2JLee), 1020\n"), std::string::npos) << text;
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  EXPECT_NE(grader::batch::class_summary(course_of_three(), {}, {}, absent).find("without a submission (2)"),
            std::string::npos);
  EXPECT_EQ(grader::batch::class_summary(course_of_three(), {a}).find("without a submission"), std::string::npos);
}

// Solved while answers await review: the share says so, in the summary and the class stats.
TEST(ClassSummary, SolvedAwaitingReviewSaysSo) {
  const auto done = result_with({{"zeta", TestStatus::passed}, {"alpha", TestStatus::passed}, {"mid", TestStatus::passed}}, "a");
  const auto pending = result_with({{"zeta", TestStatus::passed}, {"alpha", TestStatus::pending_review}, {"mid", TestStatus::passed}}, "b");
  const auto course = course_of_three();
  const auto stats = report::class_stats(&course, {done, pending});
  ASSERT_EQ(stats.exercises.size(), 3u);
  EXPECT_EQ(stats.exercises[1].exercise, "alpha");
  EXPECT_EQ(stats.exercises[1].solved, 2);
  EXPECT_EQ(stats.exercises[1].awaiting_review, 1);
  EXPECT_EQ(stats.exercises[0].awaiting_review, 0);
  const std::string text = grader::batch::class_summary(course, {done, pending});
  EXPECT_NE(text.find("  alpha                100.0%  (2/2 attempted, 1 awaiting review)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  zeta                 100.0%  (2/2 attempted)\n"), std::string::npos) << text;
}

// Points still waiting for a reviewer are not "passed": the outcome says they
// wait, a failure beside them still reads as a failure, and the submission
// takes the lesson's outcome in the summary's counts.
TEST(Outcome, AnswersAwaitingReviewAreNotPassed) {
  const auto done = result_with({{"zeta", TestStatus::passed}, {"alpha", TestStatus::passed}, {"mid", TestStatus::passed}}, "a");
  const auto pending = result_with({{"zeta", TestStatus::passed}, {"alpha", TestStatus::pending_review}, {"mid", TestStatus::passed}}, "b");
  const auto pending_and_wrong =
      result_with({{"zeta", TestStatus::failed}, {"alpha", TestStatus::pending_review}, {"mid", TestStatus::passed}}, "c");
  EXPECT_EQ(report::submission_outcome(done), report::Outcome::passed);
  EXPECT_EQ(report::submission_outcome(pending), report::Outcome::awaiting_review);
  EXPECT_EQ(report::lesson_outcome(pending.lessons.at(0)), report::Outcome::awaiting_review);
  EXPECT_EQ(report::submission_outcome(pending_and_wrong), report::Outcome::failed);
  EXPECT_EQ(report::name_of(report::Outcome::awaiting_review), "awaiting_review");
  const std::string text = grader::batch::class_summary(course_of_three(), {done, pending, pending_and_wrong});
  EXPECT_NE(text.find("Status: 1 graded with failures, 1 awaiting review, 1 passed\n"), std::string::npos) << text;
}

TEST(Progress, NoticesGoAboveTheBar) {
  std::ostringstream out;
  grader::batch::Progress progress(out, 2, true);
  progress.note("grader: sandbox for the worker: rlimits only");
  const std::string text = out.str();
  // The bar is cleared, the notice has a line of its own, the bar is redrawn after it.
  const auto notice = text.find("\r\033[Kgrader: sandbox for the worker: rlimits only\n");
  ASSERT_NE(notice, std::string::npos) << text;
  EXPECT_NE(text.find("0/2 graded", notice), std::string::npos) << text;
  // Not a terminal: one plain line.
  std::ostringstream log;
  grader::batch::Progress plain(log, 2, false);
  plain.note("grader: sandbox for the worker: rlimits only");
  EXPECT_EQ(log.str(), "grader: sandbox for the worker: rlimits only\n");
}

// The ETA comes from measured grading times, never from the wall clock since
// the start (two jobs finishing their first submissions together made that
// read as twice the time left, and unchanged submissions skipped in no time
// made it read as none).
TEST(Progress, EtaFromMeasuredTimesSpreadOverTheJobs) {
  EXPECT_EQ(grader::batch::eta_text(0, 0, 10, 2), "--") << "nothing measured yet";
  EXPECT_EQ(grader::batch::eta_text(2, 20, 10, 1), "1m40s") << "10 s each, 10 left, one job";
  EXPECT_EQ(grader::batch::eta_text(2, 20, 10, 2), "0m50s") << "two jobs: 5 rounds of 10 s";
  EXPECT_EQ(grader::batch::eta_text(2, 20, 3, 2), "0m20s") << "3 left on 2 jobs: 2 rounds";
  EXPECT_EQ(grader::batch::eta_text(1, 30, 1, 8), "0m30s") << "more jobs than work: one round";
  EXPECT_EQ(grader::batch::eta_text(4, 40, 0, 2), "0m00s");
  // Skipped submissions (seconds < 0) are not measured: the bar says "--" until one is graded.
  std::ostringstream out;
  grader::batch::Progress progress(out, 3, true, 2);
  progress.done("a (unchanged)", false, -1);
  EXPECT_NE(out.str().rfind("ETA --"), std::string::npos) << out.str();
  progress.done("b", false, 12);
  EXPECT_NE(out.str().rfind("ETA 0m12s"), std::string::npos) << out.str();
}

TEST(ExercismTestCode, CallFromTheMessageNameOtherwiseHiddenSaysSo) {
  auto t = test("pe-formula", "PeFormula.Shape", TestStatus::failed, 0, 1,
                "positional_encoding(5, 8): expected shape (5, 8), got (5, 7)");
  EXPECT_EQ(report::exercism_test_code(t), "positional_encoding(5, 8)");
  // Nested brackets and a qualified name; the call on a later line.
  t.message = "Value of: x\nmha::forward(q(2, 3), {1, 2}, mask[0]): got NaN";
  EXPECT_EQ(report::exercism_test_code(t), "mha::forward(q(2, 3), {1, 2}, mask[0])");
  // Not a call: a colon missing after the bracket, or no name before it.
  t.message = "softmax(x) differs\n(1, 2): expected 3";
  EXPECT_EQ(report::exercism_test_code(t), "pe-formula: PeFormula.Shape");
  t.status = TestStatus::passed;
  t.message.clear();
  EXPECT_EQ(report::exercism_test_code(t), "pe-formula: PeFormula.Shape");
  // A hidden test never shows its call, even when its message names one.
  t.hidden = true;
  t.message = "secret_call(7): expected 1";
  EXPECT_EQ(report::exercism_test_code(t), "hidden test");
  // A message hidden from students is not mined either.
  t.hidden = false;
  t.show_details = false;
  t.public_message = "";
  t.status = TestStatus::failed;
  EXPECT_EQ(report::exercism_test_code(t), "pe-formula: PeFormula.Shape");
}

SubmissionResult did_not_compile(const std::string& compiler_output) {
  SubmissionResult r;
  r.student = "bob";
  LessonResult l;
  l.lesson = "attention";
  l.status = LessonStatus::compile_error;
  l.detail = compiler_output;
  l.tests.push_back(test("softmax", "Softmax.Rows", TestStatus::not_run, 0, 2,
                         "not run: the lesson's files did not compile (see the compiler errors above)"));
  l.tests.push_back(test("softmax", "Softmax.Mask", TestStatus::not_run, 0, 2,
                         "not run: the lesson's files did not compile (see the compiler errors above)"));
  r.lessons = {l};
  return r;
}

TEST(CompilerOutput, JunitAndExercismCarryItEscapedAndCapped) {
  const std::string error = "softmax.cpp:3:1: error: expected ';' before '}' token <b>\x1b[31m";
  for (const auto& text : {report::junit_xml(did_not_compile(error), report::Audience::student),
                           report::write_exercism_results(did_not_compile(error))}) {
    SCOPED_TRACE(text);
    EXPECT_EQ(text.find("above"), std::string::npos);
    EXPECT_NE(text.find("softmax.cpp:3:1: error: expected"), std::string::npos);
    EXPECT_EQ(text.find('\x1b'), std::string::npos);
    EXPECT_NE(text.find("\\x1b[31m"), std::string::npos);  // shown, not sent to a terminal
  }
  const std::string junit = report::junit_xml(did_not_compile(error), report::Audience::student);
  EXPECT_EQ(junit.find("<b>"), std::string::npos) << junit;
  EXPECT_NE(junit.find("&lt;b&gt;"), std::string::npos) << junit;
  // Each test carries it: two tests, two copies in Exercism.
  const std::string ex = report::write_exercism_results(did_not_compile(error));
  EXPECT_NE(ex.find("softmax.cpp:3:1", ex.find("softmax.cpp:3:1") + 1), std::string::npos);
  // A flood of output is cut with a note, so the report stays small.
  const std::string flood(200000, 'x');
  const std::string big = report::write_exercism_results(did_not_compile(flood));
  EXPECT_LT(big.size(), 20000u);
  EXPECT_NE(big.find("(cut: "), std::string::npos);
  const std::string xml = report::junit_xml(did_not_compile(flood), report::Audience::student);
  EXPECT_LT(xml.size(), 20000u);
}

TEST(History, ScoresAndPerExerciseChanges) {
  auto v1 = result_with({{"zeta", TestStatus::failed}, {"alpha", TestStatus::failed}, {"mid", TestStatus::failed}}, "sam");
  v1.content_hash = "aaaaaaaaaaaaaaaa";
  v1.source = "exports/sam_1019_1_a.zip";
  auto v2 = result_with({{"zeta", TestStatus::passed}, {"alpha", TestStatus::failed}, {"mid", TestStatus::failed}}, "sam");
  v2.content_hash = "bbbbbbbbbbbbbbbb";
  v2.source = "exports/sam\x1b]0;x\x07_1019_2_b.zip";
  auto v3 = v2;  // regraded, same files
  const std::string text = report::history_text(
      "sam", {{"2026-11-01T10:00:00.000Z", v1}, {"2026-11-02T10:00:00.000Z", v2}, {"2026-11-03T10:00:00.000Z", v3}});
  SCOPED_TRACE(text);
  EXPECT_NE(text.find("3 graded versions"), std::string::npos);
  EXPECT_NE(text.find("#1  graded 2026-11-01T10:00:00.000Z  score 0 / 3"), std::string::npos);
  EXPECT_NE(text.find("#2  graded 2026-11-02T10:00:00.000Z  score 1 / 3 (+1)"), std::string::npos);
  const auto zeta = text.find("    zeta ", text.find("#2"));
  ASSERT_NE(zeta, std::string::npos);
  EXPECT_EQ(text.find("0 -> 1 / 1 (+1)", zeta), text.find_first_not_of(' ', zeta + 8));
  // Only what changed is listed for a later version.
  const auto second = text.find("#2"), third = text.find("#3");
  EXPECT_EQ(text.substr(second, third - second).find("alpha"), std::string::npos);
  EXPECT_NE(text.find("(changed)"), std::string::npos);
  EXPECT_NE(text.substr(third).find("(same files)"), std::string::npos);
  EXPECT_NE(text.substr(third).find("no exercise changed its points"), std::string::npos);
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  auto c = report::changes_between(&v1, v2);
  ASSERT_EQ(c.exercises.size(), 1u);
  EXPECT_EQ(c.exercises[0].exercise, "zeta");
  EXPECT_TRUE(c.files_changed);
  EXPECT_DOUBLE_EQ(c.score_delta, 1);
}

// The gradebook lists a lesson's tests alphabetically; history follows the
// course (zeta before alpha), and names the student beside the id.
TEST(History, ExercisesInCourseOrderAndTheRosterName) {
  const auto r = result_with({{"alpha", TestStatus::passed}, {"mid", TestStatus::passed}, {"zeta", TestStatus::failed}}, "s");
  const auto course = course_of_three();
  const std::string text = report::history_text("1019", {{"2026-11-01T10:00:00.000Z", r}}, &course, "Sam \x1b[2JLee");
  EXPECT_NE(text.find("History of 1019 (Sam \\x1b[2JLee): 1 graded version\n"), std::string::npos) << text;
  const auto zeta = text.find("    zeta"), alpha = text.find("    alpha"), mid = text.find("    mid");
  ASSERT_NE(zeta, std::string::npos) << text;
  EXPECT_LT(zeta, alpha) << text;
  EXPECT_LT(alpha, mid) << text;
  // Without the course: the results' order, and no name.
  const std::string plain = report::history_text("1019", {{"2026-11-01T10:00:00.000Z", r}});
  EXPECT_LT(plain.find("    alpha"), plain.find("    zeta")) << plain;
  EXPECT_NE(plain.find("History of 1019: 1 graded version\n"), std::string::npos) << plain;
}

}  // namespace
