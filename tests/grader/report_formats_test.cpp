// The exports: each is parsed back and checked field by field, and every
// student-facing one is searched for the hidden test's secret message.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/report/csv.hpp"
#include "expect_same_result.hpp"
#include "grader/report/exercism.hpp"
#include "grader/report/grades_csv.hpp"
#include "grader/report/gradescope.hpp"
#include "grader/report/junit.hpp"
#include "grader/report/markdown.hpp"
#include "grader/report/no_submission.hpp"
#include "grader/report/result_json.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/report/terminal.hpp"

#ifdef GRADER_TEST_HAVE_LIBXML2
#include <libxml/parser.h>
#include <libxml/tree.h>
#endif

namespace {

using grader::course::Visibility;
using grader::runner::LessonResult;
using grader::runner::LessonStatus;
using grader::runner::SubmissionResult;
using grader::runner::TestResult;
using grader::runner::TestStatus;
using nlohmann::json;
namespace report = grader::report;

// Appears only in the hidden test's full message: a student export that
// contains it has leaked hidden details.
constexpr const char* kSecret = "SECRET-expected-0.8414709848";

TestResult make_test(const std::string& lesson, const std::string& exercise, const std::string& name,
                     TestStatus status, double score, double max_score, const std::string& message) {
  TestResult t;
  t.lesson = lesson;
  t.exercise = exercise;
  t.name = name;
  t.status = status;
  t.score = score;
  t.max_score = max_score;
  t.message = message;
  t.seconds = 0.125;
  return t;
}

/// One student's submission touching every status: a graded lesson with a
/// pass, a visible failure, a hidden failure and a stub; a lesson that did not
/// compile; a quiz answer awaiting review.
SubmissionResult sample() {
  SubmissionResult s;
  s.student = "alice";
  s.source = "submissions/alice.zip";
  s.content_hash = "9f2c";
  s.course_version = "2026.11";
  s.grader_version = "0.1.0";
  s.submitted_at = "2026-11-01T10:00:00Z";
  s.ignored_files = {"notes.txt"};
  s.rejected_files = {"a.out (binary)"};

  LessonResult pe;
  pe.lesson = "positional-encoding";
  pe.tests.push_back(make_test(pe.lesson, "pe-formula", "PeFormula.Shape", TestStatus::passed, 2, 2, ""));
  pe.tests.push_back(make_test(pe.lesson, "pe-formula", "PeFormula.Values", TestStatus::failed, 0, 2,
                               "positional_encoding(5, 8): expected shape (5, 8), got (5, 7)"));
  TestResult hidden = make_test(pe.lesson, "pe-formula", "PeFormulaHidden.MatchesGolden", TestStatus::failed, 0, 3,
                                std::string("at (1, 0): ") + kSecret);
  hidden.hidden = true;
  hidden.visibility = Visibility::after_due_date;
  hidden.show_details = false;
  hidden.public_message = "A hidden check of the values failed.";
  pe.tests.push_back(hidden);
  pe.tests.push_back(make_test(pe.lesson, "pe-repair", "PeRepair.Loop", TestStatus::not_implemented, 0, 5,
                               "not implemented: positional_encoding_loop"));
  pe.score = 2;
  pe.max_score = 12;
  pe.seconds = 0.75;

  LessonResult mha;
  mha.lesson = "multi-head-attention";
  mha.status = LessonStatus::compile_error;
  mha.detail = "attention.cpp:3:1: error: expected ';' before '}' token";
  mha.tests.push_back(
      make_test(mha.lesson, "mha-forward", "MhaForward.Shapes", TestStatus::not_run, 0, 4, "did not compile"));
  mha.max_score = 4;

  LessonResult quiz;
  quiz.lesson = "review";
  quiz.tests.push_back(make_test(quiz.lesson, "review-questions", "q1", TestStatus::pending_review, 0, 2,
                                 "Sines and cosines, at many frequencies, \"pair\" up."));
  quiz.max_score = 2;

  s.lessons = {pe, mha, quiz};
  s.score = 2;
  s.max_score = 18;
  s.seconds = 2.6;
  return s;
}

std::vector<const TestResult*> all_tests(const SubmissionResult& s) {
  std::vector<const TestResult*> out;
  for (const auto& l : s.lessons)
    for (const auto& t : l.tests) out.push_back(&t);
  return out;
}

using grader_test::expect_same;

// ---------------------------------------------------------------- Gradescope

TEST(GradescopeExport, TopLevelFieldsHaveTheSpecifiedTypes) {
  const json r = report::gradescope_results(sample());
  ASSERT_TRUE(r.is_object());
  ASSERT_TRUE(r.contains("score"));
  EXPECT_TRUE(r["score"].is_number());
  EXPECT_DOUBLE_EQ(r["score"].get<double>(), 2.0);
  ASSERT_TRUE(r.contains("execution_time"));
  EXPECT_TRUE(r["execution_time"].is_number_integer());
  EXPECT_EQ(r["execution_time"].get<int>(), 3);  // 2.6 s rounded
  ASSERT_TRUE(r["output"].is_string());
  EXPECT_NE(r["output"].get<std::string>().find("expected ';'"), std::string::npos)
      << "the compile error is the student's to fix, so it is shown";
  EXPECT_NE(r["output"].get<std::string>().find("notes.txt"), std::string::npos);
  EXPECT_EQ(r["visibility"], "visible");
  EXPECT_EQ(r["stdout_visibility"], "hidden");
  ASSERT_TRUE(r["tests"].is_array());
  EXPECT_EQ(r["tests"].size(), 6u);
}

TEST(GradescopeExport, EachTestHasTheSpecifiedFieldsAndTypes) {
  const SubmissionResult s = sample();
  const json r = report::gradescope_results(s);
  const auto tests = all_tests(s);
  ASSERT_EQ(r["tests"].size(), tests.size());
  for (std::size_t i = 0; i < tests.size(); ++i) {
    const json& t = r["tests"][i];
    SCOPED_TRACE(t.dump());
    ASSERT_TRUE(t["name"].is_string());
    EXPECT_NE(t["name"].get<std::string>().find(tests[i]->name), std::string::npos);
    ASSERT_TRUE(t["score"].is_number());
    EXPECT_DOUBLE_EQ(t["score"].get<double>(), tests[i]->score);
    ASSERT_TRUE(t["max_score"].is_number());
    // Answers awaiting review keep their maximum (the tests add up to the
    // course's maximum) and are neither passed nor failed.
    EXPECT_DOUBLE_EQ(t["max_score"].get<double>(), tests[i]->max_score);
    if (tests[i]->status == TestStatus::pending_review) {
      EXPECT_FALSE(t.contains("status"));
    } else {
      ASSERT_TRUE(t["status"].is_string());
      EXPECT_EQ(t["status"], tests[i]->status == TestStatus::passed ? "passed" : "failed");
    }
    ASSERT_TRUE(t["output"].is_string());
    ASSERT_TRUE(t["visibility"].is_string());
    EXPECT_EQ(t["name_format"], "text");
    EXPECT_EQ(t["output_format"], "text");
    ASSERT_TRUE(t["number"].is_string());
    ASSERT_TRUE(t["tags"].is_array());
    for (const auto& tag : t["tags"]) EXPECT_TRUE(tag.is_string());
    EXPECT_EQ(t["tags"][0], tests[i]->lesson);
  }
  EXPECT_EQ(r["tests"][0]["number"], "1.1");
  EXPECT_EQ(r["tests"][4]["number"], "2.1");
  EXPECT_EQ(r["tests"][0]["visibility"], "visible");
  EXPECT_EQ(r["tests"][2]["visibility"], "after_due_date");
  EXPECT_NE(r["tests"][1]["output"].get<std::string>().find("expected shape (5, 8), got (5, 7)"), std::string::npos);
  const std::string pending = r["tests"][5]["output"];
  EXPECT_EQ(pending.rfind("Awaiting review by an instructor.", 0), 0u) << pending;
  EXPECT_NE(pending.find("\"pair\" up."), std::string::npos) << "students see their own answer";
}

TEST(GradescopeExport, HiddenDetailsNeverAppear) {
  const SubmissionResult s = sample();
  const json r = report::gradescope_results(s);
  EXPECT_EQ(r["tests"][2]["output"], "A hidden check of the values failed.");
  EXPECT_EQ(report::write_gradescope_results(s).find(kSecret), std::string::npos);

  // Without a public message the student still learns nothing of the details.
  SubmissionResult bare = s;
  bare.lessons[0].tests[2].public_message.clear();
  const std::string text = report::write_gradescope_results(bare);
  EXPECT_EQ(text.find(kSecret), std::string::npos);
  EXPECT_EQ(json::parse(text)["tests"][2]["output"], "This test failed; its details are not shown.");
}

TEST(GradescopeExport, VisibilityOptionsAreWritten) {
  report::GradescopeOptions options;
  options.visibility = Visibility::after_published;
  options.stdout_visibility = Visibility::visible;
  const json r = report::gradescope_results(sample(), options);
  EXPECT_EQ(r["visibility"], "after_published");
  EXPECT_EQ(r["stdout_visibility"], "visible");
}

TEST(GradescopeExport, BytesThatAreNotUtf8StillGiveValidJson) {
  SubmissionResult s = sample();
  s.lessons[0].tests[1].message = "got \xff\xfe garbage \xc3";
  const std::string text = report::write_gradescope_results(s);
  const json r = json::parse(text);  // throws on invalid UTF-8
  EXPECT_NE(r["tests"][1]["output"].get<std::string>().find("got \\xff\\xfe garbage \\xc3"), std::string::npos)
      << "bytes that are not UTF-8 are shown as \\xNN";
}

// ------------------------------------------------------------------ Exercism

TEST(ExercismExport, FieldsAndTypesFollowVersion3) {
  const SubmissionResult s = sample();
  const json r = report::exercism_results(s);
  ASSERT_TRUE(r["version"].is_number_integer());
  EXPECT_EQ(r["version"], 3);
  EXPECT_EQ(r["status"], "fail");
  EXPECT_TRUE(r["message"].is_null());
  ASSERT_TRUE(r["tests"].is_array());
  const auto tests = all_tests(s);
  ASSERT_EQ(r["tests"].size(), tests.size());
  // The answer awaiting review (the last) is no failure: Exercism has no state
  // for it, so it passes with a message saying it awaits review.
  const char* want_status[] = {"pass", "fail", "fail", "fail", "error", "pass"};
  for (std::size_t i = 0; i < tests.size(); ++i) {
    const json& t = r["tests"][i];
    SCOPED_TRACE(t.dump());
    ASSERT_TRUE(t["name"].is_string());
    EXPECT_EQ(t["status"], want_status[i]);
    ASSERT_TRUE(t["task_id"].is_number_integer());
    if (tests[i]->status == TestStatus::passed)
      EXPECT_FALSE(t.contains("message"));
    else
      ASSERT_TRUE(t["message"].is_string());
    // Version 3 requires test_code: the call the test makes, never a hidden test's.
    ASSERT_TRUE(t["test_code"].is_string());
  }
  EXPECT_EQ(r["tests"][0]["test_code"], "pe-formula: PeFormula.Shape");  // passed: no call known, its name
  EXPECT_EQ(r["tests"][1]["test_code"], "positional_encoding(5, 8)");
  EXPECT_EQ(r["tests"][2]["test_code"], "hidden test");
  // A test the compile error kept from running shows the compiler's output.
  EXPECT_NE(r["tests"][4]["message"].get<std::string>().find("attention.cpp:3:1: error: expected ';'"), std::string::npos)
      << r["tests"][4]["message"];
  EXPECT_EQ(r["tests"][4]["message"].get<std::string>().find("above"), std::string::npos);
  // Tasks are numbered by exercise, in order of appearance.
  EXPECT_EQ(r["tests"][0]["task_id"], 1);
  EXPECT_EQ(r["tests"][2]["task_id"], 1);
  EXPECT_EQ(r["tests"][3]["task_id"], 2);
  EXPECT_EQ(r["tests"][4]["task_id"], 3);
  EXPECT_EQ(r["tests"][5]["task_id"], 4);
  EXPECT_EQ(r["tests"][2]["message"], "A hidden check of the values failed.");
  EXPECT_EQ(r["tests"][5]["message"].get<std::string>().rfind("Awaiting review by an instructor.", 0), 0u);
  EXPECT_EQ(report::write_exercism_results(s).find(kSecret), std::string::npos);
}

TEST(ExercismExport, TaskOrderComesFromTheCourseWhenGiven) {
  report::ExercismOptions options;
  options.task_order = {"pe-repair", "pe-formula"};
  const json r = report::exercism_results(sample(), options);
  EXPECT_EQ(r["tests"][0]["task_id"], 2);
  EXPECT_EQ(r["tests"][3]["task_id"], 1);
}

TEST(ExercismExport, ErrorWhenNothingRanAndPassWhenEverythingPassed) {
  SubmissionResult broken;
  broken.student = "bob";
  LessonResult l;
  l.lesson = "positional-encoding";
  l.status = LessonStatus::compile_error;
  l.detail = "pe.cpp:1:1: error: unknown type name 'vector'";
  l.tests.push_back(make_test(l.lesson, "pe-formula", "PeFormula.Shape", TestStatus::not_run, 0, 2, ""));
  broken.lessons = {l};
  const json e = report::exercism_results(broken);
  EXPECT_EQ(e["status"], "error");
  ASSERT_TRUE(e["message"].is_string());
  EXPECT_NE(e["message"].get<std::string>().find("unknown type name"), std::string::npos);

  SubmissionResult good;
  LessonResult g;
  g.lesson = "positional-encoding";
  g.tests.push_back(make_test(g.lesson, "pe-formula", "PeFormula.Shape", TestStatus::passed, 2, 2, ""));
  good.lessons = {g};
  EXPECT_EQ(report::exercism_results(good)["status"], "pass");

  // A perfect submission with an answer awaiting review still passes.
  g.tests.push_back(make_test(g.lesson, "review-quiz", "ReviewQuiz.q14", TestStatus::pending_review, 0, 5, "my answer"));
  good.lessons = {g};
  const json with_pending = report::exercism_results(good);
  EXPECT_EQ(with_pending["status"], "pass");
  EXPECT_EQ(with_pending["tests"][1]["status"], "pass");
  EXPECT_EQ(with_pending["tests"][1]["message"].get<std::string>().rfind("Awaiting review", 0), 0u);
}

// ------------------------------------------------------------ pending review

TEST(PendingReview, IsItsOwnStateInTextGradescopeAndSummary) {
  SubmissionResult s;
  s.student = "alice";
  LessonResult l;
  l.lesson = "review-quiz";
  l.tests.push_back(make_test(l.lesson, "review-quiz", "ReviewQuiz.q1", TestStatus::passed, 2, 2, ""));
  l.tests.push_back(make_test(l.lesson, "review-quiz", "ReviewQuiz.q14", TestStatus::pending_review, 0, 5, "my answer"));
  l.score = 2;
  l.max_score = 7;
  s.lessons = {l};
  s.score = 2;
  s.max_score = 7;
  EXPECT_TRUE(grader::runner::all_passed(s)) << "exit code 0: nothing failed";
  EXPECT_EQ(report::exercise_state(s.lessons[0], "review-quiz"), report::ExerciseState::awaiting_review);

  const json gs = report::gradescope_results(s);
  EXPECT_EQ(gs["score"], 2);
  EXPECT_EQ(gs["tests"][1]["max_score"], 5);
  EXPECT_FALSE(gs["tests"][1].contains("status"));
  EXPECT_NE(gs["output"].get<std::string>().find("Score: 2 / 7 (5 awaiting review)"), std::string::npos) << gs["output"];
}

// --------------------------------------------------------------------- JUnit

/// Element names in document order, with each end tag matched against the
/// innermost open one; a minimal well-formedness check that needs no parser.
::testing::AssertionResult tags_balance(const std::string& xml) {
  std::vector<std::string> open;
  std::size_t pos = 0;
  while ((pos = xml.find('<', pos)) != std::string::npos) {
    const std::size_t end = xml.find('>', pos);
    if (end == std::string::npos) return ::testing::AssertionFailure() << "unclosed tag at " << pos;
    std::string tag = xml.substr(pos + 1, end - pos - 1);
    pos = end + 1;
    if (tag.empty()) return ::testing::AssertionFailure() << "empty tag";
    if (tag[0] == '?') continue;
    if (tag.find('<') != std::string::npos) return ::testing::AssertionFailure() << "'<' inside tag " << tag;
    if (tag[0] == '/') {
      const std::string name = tag.substr(1);
      if (open.empty() || open.back() != name)
        return ::testing::AssertionFailure() << "</" << name << "> closes " << (open.empty() ? "nothing" : open.back());
      open.pop_back();
      continue;
    }
    const bool self_closing = tag.back() == '/';
    const std::string name = tag.substr(0, tag.find_first_of(" /"));
    if (!self_closing) open.push_back(name);
  }
  if (!open.empty()) return ::testing::AssertionFailure() << "<" << open.back() << "> is never closed";
  return ::testing::AssertionSuccess();
}

TEST(JunitExport, TagsBalanceAndCountsAddUp) {
  const std::string xml = report::junit_xml(sample());
  EXPECT_TRUE(tags_balance(xml));
  EXPECT_EQ(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", 0), 0u);
  EXPECT_NE(xml.find("<testsuites name=\"alice\" tests=\"6\" failures=\"3\" errors=\"1\" skipped=\"1\""),
            std::string::npos);
  EXPECT_NE(xml.find("classname=\"positional-encoding.pe-formula\""), std::string::npos);
  EXPECT_NE(xml.find("<testsuite name=\"multi-head-attention\" tests=\"1\" failures=\"0\" errors=\"1\""),
            std::string::npos);
}

TEST(JunitExport, StudentViewHidesDetailsInstructorViewShowsThem) {
  EXPECT_EQ(report::junit_xml(sample(), report::Audience::student).find(kSecret), std::string::npos);
  EXPECT_NE(report::junit_xml(sample(), report::Audience::instructor).find(kSecret), std::string::npos);
}

TEST(JunitExport, EscapesMarkupQuotesAndForbiddenCharacters) {
  EXPECT_EQ(report::xml_text("a<b>&\"c\"'d'"), "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;");
  EXPECT_EQ(report::xml_text("bell\x07"), "bell\\x07");
  EXPECT_EQ(report::xml_text("tab\tnew\nline"), "tab\tnew\nline");

  SubmissionResult s = sample();
  s.lessons[0].tests[1].message = "<failure>]]> & \"quoted\" 'x'\x01 \xff";
  const std::string xml = report::junit_xml(s);
  EXPECT_TRUE(tags_balance(xml));
  EXPECT_EQ(xml.find("<failure>]]>"), std::string::npos);
}

TEST(JunitExport, LessonWithoutTestsStillShowsItsError) {
  SubmissionResult s;
  s.student = "carol";
  LessonResult l;
  l.lesson = "multi-head-attention";
  l.status = LessonStatus::timed_out;
  l.detail = "the suites ran longer than 120 s";
  s.lessons = {l};
  const std::string xml = report::junit_xml(s);
  EXPECT_TRUE(tags_balance(xml));
  EXPECT_NE(xml.find("<testcase name=\"timed_out\" classname=\"multi-head-attention\""), std::string::npos);
  EXPECT_NE(xml.find("longer than 120 s</error>"), std::string::npos);
}

TEST(JunitExport, WorkerThatDidNotStartShowsTheLessonMessageOnce) {
  SubmissionResult s;
  s.student = "dave";
  LessonResult l;
  l.lesson = "positional-encoding";
  l.status = LessonStatus::did_not_start;
  l.detail = "your code did not start: the worker was still in static initialisation after 5.0 s";
  for (const char* name : {"PeFormula.Shape", "PeFormula.Values"})
    l.tests.push_back(make_test(l.lesson, "pe-formula", name, TestStatus::not_run, 0, 5,
                                "not run: your code did not start (see the lesson's message)"));
  s.lessons = {l};
  const std::string xml = report::junit_xml(s);
  EXPECT_TRUE(tags_balance(xml));
  EXPECT_NE(xml.find("<testcase name=\"did_not_start\" classname=\"positional-encoding\""), std::string::npos) << xml;
  const std::string said = "after 5.0 s</error>";
  ASSERT_NE(xml.find(said), std::string::npos) << xml;
  EXPECT_EQ(xml.find(said, xml.find(said) + 1), std::string::npos) << "the message is shown more than once:\n" << xml;
  EXPECT_NE(xml.find("tests=\"3\" failures=\"0\" errors=\"3\""), std::string::npos) << xml;
}

#ifdef GRADER_TEST_HAVE_LIBXML2
std::vector<xmlNode*> children(xmlNode* parent, const char* name) {
  std::vector<xmlNode*> out;
  for (xmlNode* n = parent->children; n; n = n->next)
    if (n->type == XML_ELEMENT_NODE && std::string(reinterpret_cast<const char*>(n->name)) == name) out.push_back(n);
  return out;
}

std::string attribute(xmlNode* node, const char* name) {
  xmlChar* value = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
  std::string out = value ? reinterpret_cast<const char*>(value) : "";
  xmlFree(value);
  return out;
}

TEST(JunitExport, ParsesBackWithLibxml2) {
  SubmissionResult s = sample();
  const std::string tricky = "expected <1 & 2> \"here\" 'there'";
  s.lessons[0].tests[1].message = tricky + "\nsecond line";
  const std::string xml = report::junit_xml(s);
  xmlDoc* doc = xmlReadMemory(xml.data(), static_cast<int>(xml.size()), "junit.xml", nullptr,
                              XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  ASSERT_NE(doc, nullptr) << "not well-formed XML:\n" << xml;
  xmlNode* root = xmlDocGetRootElement(doc);
  EXPECT_STREQ(reinterpret_cast<const char*>(root->name), "testsuites");
  const auto suites = children(root, "testsuite");
  ASSERT_EQ(suites.size(), 3u);
  EXPECT_EQ(attribute(suites[0], "name"), "positional-encoding");
  const auto cases = children(suites[0], "testcase");
  ASSERT_EQ(cases.size(), 4u);
  EXPECT_EQ(attribute(cases[1], "name"), "PeFormula.Values");
  EXPECT_EQ(attribute(cases[1], "classname"), "positional-encoding.pe-formula");
  const auto failures = children(cases[1], "failure");
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(attribute(failures[0], "message"), tricky);  // first line only
  xmlChar* body = xmlNodeGetContent(failures[0]);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(body)), tricky + "\nsecond line");
  xmlFree(body);
  EXPECT_TRUE(children(cases[0], "failure").empty());
  const auto skipped = children(children(suites[2], "testcase")[0], "skipped");
  ASSERT_EQ(skipped.size(), 1u);
  EXPECT_EQ(attribute(skipped[0], "message"), "Awaiting review by an instructor. The answer:");
  xmlFreeDoc(doc);
}

TEST(NoSubmissionExport, JunitParsesBackWithOneSkippedCase) {
  const std::string xml = report::render_no_submission(report::OutputFormat::junit, {"9999", "O'Neill <& co>", 220}).value();
  xmlDoc* doc = xmlReadMemory(xml.data(), static_cast<int>(xml.size()), "junit.xml", nullptr,
                              XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  ASSERT_NE(doc, nullptr) << "not well-formed XML:\n" << xml;
  xmlNode* root = xmlDocGetRootElement(doc);
  EXPECT_EQ(attribute(root, "name"), "9999");
  EXPECT_EQ(attribute(root, "tests"), "1");
  EXPECT_EQ(attribute(root, "skipped"), "1");
  const auto suites = children(root, "testsuite");
  ASSERT_EQ(suites.size(), 1u);
  const auto cases = children(suites[0], "testcase");
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(attribute(cases[0], "name"), "no submission");
  ASSERT_EQ(children(cases[0], "skipped").size(), 1u);
  xmlChar* body = xmlNodeGetContent(children(cases[0], "skipped")[0]);
  EXPECT_NE(std::string(reinterpret_cast<const char*>(body)).find("O'Neill <& co> (9999)"), std::string::npos);
  xmlFree(body);
  xmlFreeDoc(doc);
}
#endif

// ----------------------------------------------------------------------- CSV

TEST(CsvExport, QuotesCommasQuotesAndNewlines) {
  EXPECT_EQ(report::csv_field("plain"), "plain");
  EXPECT_EQ(report::csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(report::csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(report::csv_field("one\ntwo"), "\"one\ntwo\"");
  EXPECT_EQ(report::csv_field("cr\r"), "\"cr\r\"");
  EXPECT_EQ(report::csv_text_field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
  EXPECT_EQ(report::csv_text_value("'=1+1"), "=1+1");
  EXPECT_EQ(report::csv_text_value("'quoted"), "'quoted");
}

TEST(CsvExport, ParserReadsBackWhatTheWriterWrote) {
  const std::vector<std::string> cells = {"a,b", "say \"hi\"", "one\r\ntwo", "", "plain"};
  std::vector<std::string> escaped;
  for (const auto& c : cells) escaped.push_back(report::csv_field(c));
  const std::string text = report::csv_row(escaped) + report::csv_row({"x", "y"});
  const auto rows = report::parse_csv(text);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0], cells);
  EXPECT_EQ(rows[1], (std::vector<std::string>{"x", "y"}));
  EXPECT_THROW(report::parse_csv("a,\"open\nb"), std::invalid_argument);
  EXPECT_THROW(report::parse_csv("\"closed\"junk,b\n"), std::invalid_argument);
  EXPECT_EQ(report::parse_csv("\xEF\xBB\xBFh1,h2\r\n1,2\r\n").at(0).at(0), "h1");
}

TEST(CsvExport, OneRowPerStudentWithLessonColumns) {
  SubmissionResult a = sample();
  SubmissionResult b = sample();
  b.student = "bob, \"the builder\"";
  b.lessons.erase(b.lessons.begin() + 1);  // bob has no attention lesson
  b.lessons[0].score = 12;
  b.score = 12;
  const std::string text = report::grades_csv({a, b});
  const auto rows = report::parse_csv(text);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0], (std::vector<std::string>{"student", "name", "total", "max", "raw_total", "late_penalty_percent",
                                               "late_reason", "positional-encoding", "multi-head-attention", "review",
                                               "status"}));
  EXPECT_EQ(rows[1][0], "alice");
  EXPECT_EQ(rows[1][2], "2");
  EXPECT_EQ(rows[1][3], "18");
  EXPECT_EQ(rows[1][4], "2");
  EXPECT_EQ(rows[1][7], "2");
  EXPECT_EQ(rows[1][8], "0");
  // The outcome first (report/outcome.hpp), then the tests' counts.
  EXPECT_EQ(rows[1][10],
            "compile error (multi-head-attention: compile error); 1 of 6 tests passed; 2 failed; 1 not implemented; "
            "1 did not run; 1 awaiting review; 1 file refused");
  EXPECT_EQ(rows[2][0], "bob, \"the builder\"");
  EXPECT_EQ(rows[2][2], "12");
  EXPECT_EQ(rows[2][8], "") << "no attention lesson: empty cell, not 0";
  EXPECT_EQ(text.find(kSecret), std::string::npos);
}

TEST(CsvExport, ExplicitLessonOrderIsKept) {
  const auto rows = report::parse_csv(report::grades_csv({sample()}, {"review", "positional-encoding"}));
  EXPECT_EQ(rows[0], (std::vector<std::string>{"student", "name", "total", "max", "raw_total", "late_penalty_percent",
                                               "late_reason", "review", "positional-encoding", "status"}));
  EXPECT_EQ(rows[1][8], "2");
}

// ------------------------------------------------------------------ Markdown

std::size_t unescaped_pipes(const std::string& line) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < line.size(); ++i)
    if (line[i] == '|' && (i == 0 || line[i - 1] != '\\')) ++n;
  return n;
}

TEST(MarkdownExport, TableRowsKeepTheirColumnsWhenNamesHoldPipes) {
  SubmissionResult s = sample();
  for (auto& t : s.lessons[0].tests)
    if (t.exercise == "pe-formula") t.exercise = "odd|name";
  const std::string md = report::markdown_report(s);
  EXPECT_NE(md.find("| odd\\|name |"), std::string::npos) << md;
  std::size_t rows = 0;
  std::size_t pos = 0;
  while (pos < md.size()) {
    const std::size_t end = md.find('\n', pos);
    const std::string line = md.substr(pos, end - pos);
    if (line.starts_with("|")) {
      ++rows;
      EXPECT_EQ(unescaped_pipes(line), 5u) << line;
    }
    pos = end == std::string::npos ? md.size() : end + 1;
  }
  EXPECT_EQ(rows, 2u + 4u);  // header, rule, and four exercises
  EXPECT_EQ(report::markdown_cell("a|b\nc"), "a\\|b c");
}

TEST(MarkdownExport, ListsFailuresAndHidesHiddenDetails) {
  const std::string md = report::markdown_report(sample());
  EXPECT_NE(md.find("**Score: 2 / 18** (11.1%)"), std::string::npos) << md;
  EXPECT_NE(md.find("| positional-encoding | pe-formula | 2 / 7 | 1 / 3 |"), std::string::npos) << md;
  EXPECT_NE(md.find("`PeFormula.Values` (failed)"), std::string::npos);
  EXPECT_NE(md.find("expected shape (5, 8), got (5, 7)"), std::string::npos);
  EXPECT_NE(md.find("A hidden check of the values failed."), std::string::npos);
  EXPECT_NE(md.find("### Lesson multi-head-attention: compile error"), std::string::npos);
  EXPECT_EQ(md.find(kSecret), std::string::npos);

  report::MarkdownOptions instructor;
  instructor.audience = report::Audience::instructor;
  EXPECT_NE(report::markdown_report(sample(), instructor).find(kSecret), std::string::npos);
}

TEST(MarkdownExport, FenceOutlastsBackticksInTheMessage) {
  SubmissionResult s = sample();
  s.lessons[0].tests[1].message = "look: ```code``` here";
  const std::string md = report::markdown_report(s);
  EXPECT_NE(md.find("````text\n  look: ```code``` here\n  ````"), std::string::npos) << md;
}

// ---------------------------------------------------------------------- JSON

TEST(ResultJson, RoundTripIsLossless) {
  SubmissionResult s = sample();
  s.seconds = 0.1 + 0.2;  // not exactly representable in few digits
  s.lessons[0].tests[0].seconds = 1e-7;
  s.lessons[1].tests[0].visibility = Visibility::after_published;
  s.lessons[2].tests[0].visibility = Visibility::hidden;
  s.lessons[1].status = LessonStatus::internal_error;
  s.submitted_at = "";
  const SubmissionResult back = report::read_result_json(report::write_result_json(s));
  expect_same(s, back);
  EXPECT_NE(report::write_result_json(s).find(kSecret), std::string::npos) << "instructor format keeps everything";
}

TEST(ResultJson, ErrorsNameTheField) {
  json j = report::to_json(sample());
  j["lessons"][0]["tests"][2].erase("score");
  try {
    report::submission_from_json(j);
    FAIL() << "a missing field was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("lessons[0].tests[2].score: missing"), std::string::npos) << e.what();
  }
  j = report::to_json(sample());
  j["lessons"][1]["status"] = "exploded";
  try {
    report::submission_from_json(j);
    FAIL() << "an unknown status was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("lessons[1].status: unknown lesson status \"exploded\""), std::string::npos)
        << e.what();
  }
  j = report::to_json(sample());
  j["score"] = "2";
  EXPECT_THROW(report::submission_from_json(j), std::invalid_argument);
  EXPECT_THROW(report::read_result_json("{not json"), std::invalid_argument);
}

// ------------------------------------------------------------ no submission

// A roster student without a submission: an empty score where the format has
// one (json, markdown), the number Gradescope requires with the fields that
// say why, Exercism's error; never a result a reader could take for a 0 graded.
TEST(NoSubmissionExport, JsonHasNoScoreAndItsOwnFormatName) {
  const json j = json::parse(report::render_no_submission(report::OutputFormat::json, {"9999", "Zoë O'Brien", 220}).value());
  EXPECT_EQ(j["format"], "grader-no-submission");
  EXPECT_EQ(j["student"], "9999");
  EXPECT_EQ(j["student_name"], "Zoë O'Brien");
  EXPECT_EQ(j["outcome"], "no_submission");
  EXPECT_TRUE(j["score"].is_null());
  EXPECT_TRUE(j["score_after_penalty"].is_null());
  EXPECT_EQ(j["max_score"], 220);
  EXPECT_TRUE(j["lessons"].empty());
  // The reader of graded results refuses it by its name.
  try {
    report::submission_from_json(j);
    ADD_FAILURE() << "read as a graded result";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("grader-no-submission"), std::string::npos) << e.what();
  }
}

TEST(NoSubmissionExport, GradescopeHasTheScoreItsSpecificationRequires) {
  const json g = json::parse(report::render_no_submission(report::OutputFormat::gradescope, {"9999", "Kim Lee", 220}).value());
  // "score": optional, but required if not on each test case; "tests": required if no top-level score.
  ASSERT_TRUE(g["score"].is_number());
  EXPECT_EQ(g["score"], 0);
  ASSERT_TRUE(g["tests"].is_array());
  EXPECT_TRUE(g["tests"].empty());
  EXPECT_EQ(g["extra_data"]["submitted"], false);
  EXPECT_EQ(g["extra_data"]["student"], "9999");
  EXPECT_EQ(g["output"], "No submission: Kim Lee (9999) is on the roster and has no graded submission.");
  EXPECT_EQ(g["visibility"], "visible");
  EXPECT_EQ(g["stdout_visibility"], "hidden");
}

TEST(NoSubmissionExport, ExercismIsAnErrorWithItsMessage) {
  const json e = json::parse(report::render_no_submission(report::OutputFormat::exercism, {"9999", "", 220}).value());
  EXPECT_EQ(e["version"], 3);
  EXPECT_EQ(e["status"], "error");
  EXPECT_EQ(e["message"], "No submission: 9999 is on the roster and has no graded submission.");
  EXPECT_TRUE(e["tests"].is_array() && e["tests"].empty());
}

TEST(NoSubmissionExport, MarkdownSaysNoneOutOfTheTotal) {
  const std::string md = report::render_no_submission(report::OutputFormat::markdown, {"9999", "Kim *Lee*", 220}).value();
  EXPECT_NE(md.find("Student: `9999`"), std::string::npos) << md;
  EXPECT_NE(md.find("Name: Kim \\*Lee\\*"), std::string::npos) << "escaped: " << md;
  EXPECT_NE(md.find("**Score: none / 220 (no submission)**"), std::string::npos) << md;
  EXPECT_NE(report::render_no_submission(report::OutputFormat::markdown, {"9999", "", 0}).value().find("**Score: none (no submission)**"),
            std::string::npos);
}

TEST(NoSubmissionExport, OnlyTheOneFilePerStudentFormats) {
  for (auto format : {report::OutputFormat::text, report::OutputFormat::csv, report::OutputFormat::html,
                      report::OutputFormat::canvas, report::OutputFormat::moodle, report::OutputFormat::moodle_gradebook})
    EXPECT_FALSE(report::render_no_submission(format, {"9999", "", 220}));
  // Every format written one file per student has a form for it.
  for (const auto& f : report::output_formats())
    if (*f.extension) {
      EXPECT_TRUE(report::render_no_submission(f.format, {"9999", "", 220})) << f.name;
    }
}

}  // namespace
