// Text from a submission is data in every report: a table of hostile strings
// (terminal escapes, C1 controls, bidi overrides, invalid UTF-8, Markdown and
// HTML injection, spreadsheet formulas) run through each sanitising helper
// and each renderer. Nothing may reach the output as a raw control byte or as
// markup, and the meaningful text must still be there to read.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/report/csv.hpp"
#include "grader/report/exercism.hpp"
#include "grader/report/grades_csv.hpp"
#include "grader/report/html/site.hpp"
#include "grader/report/gradescope.hpp"
#include "grader/report/junit.hpp"
#include "grader/report/lesson_summary.hpp"
#include "grader/report/markdown.hpp"
#include "grader/report/result_json.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/report/terminal.hpp"
#include "report_checks.hpp"

namespace {

namespace report = grader::report;
using report_checks::longest_backtick_run;
using report_checks::markdown_outside_code;
using report_checks::raw_control;
using grader::runner::LessonResult;
using grader::runner::LessonStatus;
using grader::runner::SubmissionResult;
using grader::runner::TestResult;
using grader::runner::TestStatus;

struct Hostile {
  std::string name;
  std::string text;
  std::string plain;     ///< what plain_text must give
  std::string readable;  ///< a part of the text that must survive every renderer
};

const std::vector<Hostile>& hostile_table() {
  static const std::vector<Hostile> table = {
      {"clear_screen", "\x1b[2J\x1b[Hwiped", "\\x1b[2J\\x1b[Hwiped", "wiped"},
      {"csi_8bit", "\x9b" "31mred", "\\x9b31mred", "31mred"},
      {"c1_as_utf8", "\xc2\x9b" "31mred", "\\u009b31mred", "31mred"},
      {"osc52_clipboard", "\x1b]52;c;ZXZpbA==\x07" "copied", "\\x1b]52;c;ZXZpbA==\\x07copied", "ZXZpbA=="},
      {"osc_title", "\x1b]0;pwned\x07", "\\x1b]0;pwned\\x07", "pwned"},
      {"forged_green_pass", "\x1b[32mall tests passed\x1b[0m", "\\x1b[32mall tests passed\\x1b[0m",
       "all tests passed"},
      {"bell", "ding\a\a", "ding\\x07\\x07", "ding"},
      {"backspace", "score 0\b\b10", "score 0\\x08\\x0810", "score 0"},
      {"cr_overwrite", "FAILED\rPASSED", "FAILED\\rPASSED", "FAILED"},
      {"crlf_line_break", "one\r\ntwo", "one\ntwo", "two"},
      {"bidi_override", "abc\xe2\x80\xae" "fdp.exe", "abc\\u202efdp.exe", "fdp"},
      {"bidi_isolate", "x\xe2\x81\xa6y\xe2\x81\xa9", "x\\u2066y\\u2069", "y"},
      {"nul", std::string("before\0after", 12), "before\\x00after", "after"},
      {"del", "rub\x7fout", "rub\\x7fout", "out"},
      {"invalid_utf8", "bad \xff\xfe \xc3", "bad \\xff\\xfe \\xc3", "bad"},
      {"overlong_slash", "\xc0\xaf" "etc", "\\xc0\\xafetc", "etc"},
      {"surrogate", "\xed\xa0\x80z", "\\xed\\xa0\\x80z", "z"},
      {"backtick_runs", "a ` b `` c ``` d", "a ` b `` c ``` d", "d"},
      {"html_injection", "</code><script>alert(1)</script>", "</code><script>alert(1)</script>", "alert"},
      {"hyperlink_formula", "=HYPERLINK(\"http://evil\",\"x\")", "=HYPERLINK(\"http://evil\",\"x\")", "HYPERLINK"},
      {"plus", "+1", "+1", "1"},
      {"minus", "-2", "-2", "2"},
      {"at_sum", "@SUM(A1:A9)", "@SUM(A1:A9)", "SUM"},
      {"tab_leading", "\t=1+1", "\t=1+1", "1"},
      {"markdown_link", "[x](javascript:alert(1))", "[x](javascript:alert(1))", "javascript"},
      {"table_pipes", "a | b | c", "a | b | c", "b"},
      {"newlines", "line one\nline two", "line one\nline two", "line two"},
      {"unicode_kept", "é ü 中文 ✔", "é ü 中文 ✔", "中文"},
      // Format characters (Cf): invisible, so "alice" and "alice<ZWSP>" would read alike.
      {"zero_width_space", "alice\xe2\x80\x8b", "alice\\u200b", "alice"},
      {"zero_width_non_joiner_joiner", "a\xe2\x80\x8c" "b\xe2\x80\x8d" "c", "a\\u200cb\\u200dc", "b"},
      {"word_joiner", "bob\xe2\x81\xa0" "by", "bob\\u2060by", "bob"},
      {"byte_order_mark", "\xef\xbb\xbf" "carol", "\\ufeffcarol", "carol"},
      {"soft_hyphen", "dave\xc2\xad", "dave\\u00ad", "dave"},
      {"invisible_operators", "x\xe2\x81\xa2y\xe2\x81\xa4", "x\\u2062y\\u2064", "y"},
      {"bidi_marks", "\xe2\x80\x8f" "erin\xe2\x80\x8e\xd8\x9c", "\\u200ferin\\u200e\\u061c", "erin"},
      {"bidi_embedding", "\xe2\x80\xaaleft\xe2\x80\xac", "\\u202aleft\\u202c", "left"},
      {"mongolian_vowel_separator", "m\xe1\xa0\x8en", "m\\u180en", "n"},
      {"tag_characters", "flag\xf3\xa0\x81\xa1\xf3\xa0\x81\xbf", "flag\\U000e0061\\U000e007f", "flag"},
  };
  return table;
}

class SanitizeTable : public ::testing::TestWithParam<Hostile> {};

TEST_P(SanitizeTable, PlainTextShowsControlsVisiblyAndKeepsTheRest) {
  const Hostile& h = GetParam();
  EXPECT_EQ(report::plain_text(h.text), h.plain);
  EXPECT_EQ(raw_control(report::plain_text(h.text)), "");
  EXPECT_EQ(raw_control(report::plain_line(h.text), false), "");
  EXPECT_EQ(report::json_text(h.text), h.plain);
  // The text rule is stable: applying it again changes nothing.
  EXPECT_EQ(report::plain_text(report::plain_text(h.text)), report::plain_text(h.text));
}

TEST_P(SanitizeTable, JsonFieldsHoldTheVisibleForm) {
  const Hostile& h = GetParam();
  const std::string dumped = nlohmann::json{{"message", report::json_text(h.text)}}.dump();
  EXPECT_EQ(raw_control(dumped, false), "");
  EXPECT_EQ(nlohmann::json::parse(dumped).at("message").get<std::string>(), h.plain);
}

TEST_P(SanitizeTable, XmlAndHtmlCarryNoMarkupOfTheirOwn) {
  const Hostile& h = GetParam();
  for (const std::string& out : {report::xml_text(h.text), report::html_text(h.text)}) {
    EXPECT_EQ(raw_control(out), "");
    EXPECT_EQ(out.find_first_of("<>\""), std::string::npos) << out;
    EXPECT_NE(out.find(h.readable), std::string::npos) << out;
  }
}

TEST_P(SanitizeTable, MarkdownTextIsNeitherMarkupNorALink) {
  const Hostile& h = GetParam();
  const std::string out = report::markdown_text(h.text);
  EXPECT_EQ(raw_control(out, false), "");
  EXPECT_EQ(out.find('\n'), std::string::npos);
  EXPECT_EQ(out.find('<'), std::string::npos);
  EXPECT_EQ(out.find("]("), std::string::npos);
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '\\') {
      ++i;  // an escaped character
      continue;
    }
    EXPECT_EQ(std::string_view("|`[]*_").find(out[i]), std::string_view::npos) << "unescaped " << out[i] << " in " << out;
  }
}

TEST_P(SanitizeTable, MarkdownCodeSpanCannotBeClosedByTheText) {
  const Hostile& h = GetParam();
  const std::string span = report::markdown_code_span(h.text);
  EXPECT_EQ(raw_control(span, false), "");
  std::size_t fence = 0;
  while (fence < span.size() && span[fence] == '`') ++fence;
  ASSERT_GT(fence, 0u);
  ASSERT_GE(span.size(), 2 * fence);
  EXPECT_EQ(span.substr(span.size() - fence), std::string(fence, '`'));
  const std::string inside = span.substr(fence, span.size() - 2 * fence);
  EXPECT_LT(longest_backtick_run(inside), fence) << span;
  EXPECT_EQ(markdown_outside_code("x " + span + " y"), "x  y\n") << span;
  EXPECT_NE(inside.find(h.readable), std::string::npos) << span;
}

TEST_P(SanitizeTable, MarkdownBlockCannotBeClosedByTheText) {
  const Hostile& h = GetParam();
  const std::string text = h.text + "\n```\n~~~~~\n" + h.text;
  const std::string block = report::markdown_block(text);
  EXPECT_EQ(raw_control(block), "");
  EXPECT_EQ(markdown_outside_code(block + "after\n"), "after\n") << block;
  EXPECT_NE(block.find(h.readable), std::string::npos);
}

TEST_P(SanitizeTable, CsvCellsAreNoFormulasAndReadBackAsTheVisibleForm) {
  const Hostile& h = GetParam();
  const std::string field = report::csv_text_field(h.text);
  EXPECT_EQ(raw_control(field), "");
  const auto rows = report::parse_csv(report::csv_row({field, "end"}));
  ASSERT_EQ(rows.size(), 1u);
  ASSERT_EQ(rows[0].size(), 2u);
  const std::string cell = rows[0][0];
  EXPECT_FALSE(report_checks::formula_cell(cell)) << cell;
  EXPECT_EQ(report::csv_text_value(cell), h.plain);
}

INSTANTIATE_TEST_SUITE_P(Hostile, SanitizeTable, ::testing::ValuesIn(hostile_table()),
                         [](const ::testing::TestParamInfo<Hostile>& p) { return p.param.name; });

TEST(Sanitize, CodeSpansAndFencesOutlastTheText) {
  EXPECT_EQ(report::markdown_code_span("plain"), "`plain`");
  EXPECT_EQ(report::markdown_code_span("a`b"), "``a`b``");
  EXPECT_EQ(report::markdown_code_span("``x"), "``` ``x ```");
  EXPECT_EQ(report::markdown_code_span(""), "` `");
  EXPECT_EQ(report::markdown_block("x\n````y"), "`````text\nx\n````y\n`````\n");
  EXPECT_EQ(report::markdown_block("~~~~\n"), "`````text\n~~~~\n`````\n");
  EXPECT_EQ(report::markdown_text("[x](javascript:alert(1))"), "\\[x\\]\\(javascript:alert\\(1\\)\\)");
  EXPECT_EQ(report::markdown_text("a|b\nc <b>"), "a\\|b c &lt;b>") << "no tag: its '<' is an entity";
  // '>' is a block quote only where a line starts (after up to three spaces).
  EXPECT_EQ(report::markdown_text("Late penalty 20%: 215 -> 172 points"), "Late penalty 20%: 215 -> 172 points");
  EXPECT_EQ(report::markdown_text("> quoted"), "&gt; quoted");
  EXPECT_EQ(report::markdown_text("   > quoted"), "   &gt; quoted");
  EXPECT_NE(report::markdown_text("\n> quoted").find("&gt; quoted"), std::string::npos) << "a line break became a space";
  EXPECT_EQ(report::markdown_text("<script>x</script>"), "&lt;script>x&lt;/script>");
  EXPECT_EQ(report::markdown_text("3.5 a-b"), "3.5 a-b");
}

TEST(Sanitize, CsvGuardsEveryFormulaStart) {
  EXPECT_EQ(report::csv_text_field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
  EXPECT_EQ(report::csv_text_field("+1"), "'+1");
  EXPECT_EQ(report::csv_text_field("  -2"), "'  -2");
  EXPECT_EQ(report::csv_text_field("@SUM(A1)"), "'@SUM(A1)");
  EXPECT_EQ(report::csv_text_field("\x1b[2J"), "\\x1b[2J");
  EXPECT_EQ(report::csv_text_value("'  -2"), "  -2");
  EXPECT_EQ(report::csv_text_value("'quoted"), "'quoted");
}

// ------------------------------------------------------------- renderers

/// A submission where every text the student controls holds `text`.
SubmissionResult hostile_submission(const std::string& text) {
  SubmissionResult s;
  s.student = "student" + text;
  s.source = "submissions/" + text;
  s.ignored_files = {"notes" + text + ".txt"};
  s.rejected_files = {"a.out" + text + " (binary)"};
  LessonResult pe;
  pe.lesson = "positional-encoding";
  auto test = [&](const std::string& exercise, const std::string& name, TestStatus status, const std::string& message) {
    TestResult t;
    t.lesson = pe.lesson;
    t.exercise = exercise;
    t.name = name;
    t.status = status;
    t.max_score = 1;
    t.message = message;
    t.public_message = "visible: " + message;
    t.show_details = true;
    return t;
  };
  pe.tests.push_back(test("pe-formula", "PeFormula.Values", TestStatus::failed, "positional_encoding(5, 8): " + text));
  pe.tests.push_back(test("pe-formula", "PeFormula.Throws", TestStatus::failed, "threw: " + text + "\nnext line"));
  pe.max_score = 2;
  LessonResult broken;
  broken.lesson = "attention";
  broken.status = LessonStatus::compile_error;
  broken.detail = "attention.cpp:3:1: error: " + text;
  LessonResult quiz;
  quiz.lesson = "review-quiz";
  quiz.tests.push_back(test("review-quiz", "ReviewQuiz.q7", TestStatus::pending_review, text));
  s.lessons = {pe, broken, quiz};
  s.max_score = 3;
  return s;
}

grader::course::Course small_course() {
  grader::course::Course c;
  c.title = "Course";
  c.version = "1";
  for (const char* id : {"positional-encoding", "attention", "review-quiz"}) {
    grader::course::Lesson l;
    l.id = id;
    l.title = id;
    grader::course::Exercise e;
    e.id = std::string(id) == "positional-encoding" ? "pe-formula" : id;
    e.title = e.id;
    l.exercises.push_back(e);
    c.lessons.push_back(l);
  }
  return c;
}

std::string terminal(const SubmissionResult& s, bool color) {
  std::ostringstream out;
  report::TerminalStyle style;
  style.color = color;
  style.student_view = false;
  report::print_check(out, small_course(), s, style);
  return out.str();
}

class RendererTable : public ::testing::TestWithParam<Hostile> {};

TEST_P(RendererTable, NoReportCarriesARawControlOrMarkup) {
  const Hostile& h = GetParam();
  const SubmissionResult s = hostile_submission(h.text);
  const std::vector<std::pair<std::string, std::string>> outputs = {
      {"terminal", terminal(s, false)},
      {"json", report::write_result_json(s)},
      {"gradescope", report::write_gradescope_results(s)},
      {"exercism", report::write_exercism_results(s)},
      {"junit", report::junit_xml(s, report::Audience::instructor)},
      {"markdown", report::markdown_report(s, {"Grading results", report::Audience::instructor})},
      {"csv", report::grades_csv({s}, {})},
      {"summary", report::submission_summary(s, report::Audience::instructor)},
  };
  for (const auto& [kind, out] : outputs) {
    EXPECT_EQ(raw_control(out), "") << kind << ":\n" << out;
    // Still readable: the meaningful part of the text is there.
    if (kind != "csv") {
      EXPECT_NE(out.find(h.readable), std::string::npos) << kind << ":\n" << out;
    }
  }
  EXPECT_EQ(report::write_result_json(s).find("\\u001b"), std::string::npos) << "JSON keeps the visible form";
  EXPECT_EQ(report::junit_xml(s, report::Audience::instructor).find("<script"), std::string::npos);
  const std::string md = report::markdown_report(s, {"Grading results", report::Audience::instructor});
  const std::string outside = markdown_outside_code(md);
  EXPECT_EQ(outside.find('<'), std::string::npos) << md;
  EXPECT_EQ(outside.find("]("), std::string::npos) << md;
  for (const auto& row : report::parse_csv(report::grades_csv({s}, {})))
    for (const auto& cell : row) EXPECT_FALSE(report_checks::formula_cell(cell)) << cell;
  // The class report: no raw control character, and the only tag opened by
  // "<script" or "<a " anywhere is the report's own.
  report::html::SiteInput site;
  site.students.push_back({s, "", h.text, {{"review", "q", "q1", h.text, h.text, 1, 2}}});
  site.roster = {{"x" + h.text, h.text, h.text, h.text}};
  for (const auto& page : report::html::render_site(site)) {
    EXPECT_EQ(raw_control(page.html), "") << page.path;
    const std::size_t first_script = page.html.find("<script");
    EXPECT_EQ(page.html.find("<script", first_script == std::string::npos ? 0 : first_script + 1), std::string::npos)
        << page.path;
    EXPECT_EQ(page.html.find("href=\"javascript"), std::string::npos) << page.path;
  }
}

TEST_P(RendererTable, TheTerminalKeepsOnlyTheGradersOwnColours) {
  const Hostile& h = GetParam();
  const std::string out = terminal(hostile_submission(h.text), true);
  // Every ESC is one of the grader's SGR colour codes.
  const std::string stripped = std::regex_replace(out, std::regex("\x1b\\[(0|1|2|31|32|33)m"), "");
  EXPECT_EQ(raw_control(stripped), "") << out;
  EXPECT_NE(out.find("\x1b[31m"), std::string::npos) << "colours still work";
}

INSTANTIATE_TEST_SUITE_P(Hostile, RendererTable, ::testing::ValuesIn(hostile_table()),
                         [](const ::testing::TestParamInfo<Hostile>& p) { return p.param.name; });

TEST(Sanitize, AForgedGreenPassIsVisibleText) {
  const std::string out = terminal(hostile_submission("\x1b[32mall tests passed"), true);
  EXPECT_EQ(out.find("\x1b[32mall tests passed"), std::string::npos);
  EXPECT_NE(out.find("\\x1b[32mall tests passed"), std::string::npos);
}

}  // namespace
