#include "grader/report/html/site.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>

#include <fmt/format.h>

#include "grader/report/html/file_names.hpp"
#include "grader/report/html/svg.hpp"
#include "grader/report/grades_csv.hpp"
#include "grader/report/class_stats.hpp"
#include "grader/report/lesson_summary.hpp"
#include "grader/report/outcome.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/report/student_view.hpp"
#include "grader/runner/points.hpp"
#include "grader/util/hash.hpp"
#include "grader/util/text.hpp"

namespace grader::report::html {
namespace {

using runner::LessonStatus;
using runner::TestStatus;

// A page shows at most this much of one message or compiler output; the
// gradebook and the other exports keep all of it.
constexpr std::size_t kMaxShownBytes = 8 * 1024;

// The one script of the site: sorts the students table by the clicked
// column (numbers as numbers, the rest as text), again to reverse.
const char* const kSortScript = R"js(
document.querySelectorAll("table.sortable thead button").forEach(function (button) {
  button.addEventListener("click", function () {
    var th = button.parentNode, table = th.closest("table"), body = table.tBodies[0];
    var column = Array.prototype.indexOf.call(th.parentNode.children, th);
    var up = th.getAttribute("aria-sort") !== "ascending";
    th.parentNode.querySelectorAll("th").forEach(function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", up ? "ascending" : "descending");
    var key = function (row) { var c = row.cells[column]; return c.getAttribute("data-sort") || c.textContent; };
    Array.prototype.slice.call(body.rows).sort(function (a, b) {
      var x = key(a), y = key(b), nx = parseFloat(x), ny = parseFloat(y);
      var order = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
      return up ? order : -order;
    }).forEach(function (row) { body.appendChild(row); });
  });
});
document.documentElement.setAttribute("data-sortable", "ready");
)js";

const char* const kStyle = R"css(
body { font-family: sans-serif; margin: 1.5em auto; max-width: 72em; padding: 0 1em; color: #111; line-height: 1.4; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { font-size: 1.25em; margin-top: 1.6em; border-bottom: 1px solid #999; }
h3 { font-size: 1.05em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; max-width: 100%; } td { overflow-wrap: anywhere; } th, td { border: 1px solid #bbb; padding: 0.25em 0.5em; vertical-align: top; text-align: left; }
body, table, svg text { font-variant-numeric: tabular-nums; }
td.num, th.num { text-align: right; white-space: nowrap; overflow-wrap: normal; } .n { white-space: nowrap; }
thead th { background: #eee; } th button { font: inherit; font-weight: bold; background: none; border: 0; padding: 0; cursor: pointer; }
th[aria-sort="ascending"] button::after { content: " \25B2"; } th[aria-sort="descending"] button::after { content: " \25BC"; }
pre { background: #f6f6f6; border: 1px solid #ccc; padding: 0.5em; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 30em; overflow: auto; }
.summary { font-size: 1.1em; } .late { font-weight: bold; } .muted { color: #555; }
.status-passed::before { content: "\2714  "; } .status-failed::before { content: "\2718  "; }
.chart text { font-family: sans-serif; } ul.plain { padding-left: 1.2em; }
)css";

std::string h(std::string_view text) { return html_text(text); }

std::string capped(const std::string& text) {
  if (text.size() <= kMaxShownBytes) return text;
  return text.substr(0, kMaxShownBytes) + fmt::format("\n... ({} more bytes not shown)", text.size() - kMaxShownBytes);
}

std::string pts(double points) { return format_points(points); }

std::string percent_text(double part, double whole) {
  return whole > 0 ? fmt::format("{:.0f}%", 100.0 * part / whole) : "-";
}

std::string first_line(const std::string& text) {
  const auto start = text.find_first_not_of("\n ");
  if (start == std::string::npos) return "";
  std::string line = text.substr(start, text.find('\n', start) - start);
  return line.size() > 300 ? line.substr(0, 300) + "..." : line;
}

std::string base64(const std::string& bytes) {
  static const char* const kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
    if (i + 1 < bytes.size()) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    if (i + 2 < bytes.size()) v |= static_cast<unsigned char>(bytes[i + 2]);
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? kAlphabet[(v >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? kAlphabet[v & 63] : '=';
  }
  return out;
}

// The CSP source for an inline script: 'sha256-<base64 of its digest>'.
std::string script_hash(const std::string& script) {
  const std::string hex = util::sha256_hex(script);
  std::string raw;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) raw += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return "'sha256-" + base64(raw) + "'";
}

std::string page(const std::string& title, const std::string& body, const std::string& script) {
  const std::string scripts = script.empty() ? "'none'" : script_hash(script);
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
         "img-src data:; script-src " + scripts + "\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += std::string("<meta name=\"generator\" content=\"") + kGenerator + "\">\n";
  out += "<title>" + h(title) + "</title>\n<style>" + std::string(kStyle) + "</style>\n</head>\n<body>\n";
  out += svg_shared_patterns() + "\n" + body;
  if (!script.empty()) out += "<script>" + script + "</script>\n";
  out += "</body>\n</html>\n";
  return out;
}

std::string late_cell(const runner::SubmissionResult& r) {
  if (r.lateness.reason.empty()) return "";
  if (!r.lateness.late) return "on time";
  return r.lateness.penalty_percent > 0 ? fmt::format("late, {}% off", pts(r.lateness.penalty_percent)) : "late, no penalty";
}

// ---------------------------------------------------------------- class page

// A number for a sentence, kept on one line: "3 of 12".
std::string n(const std::string& text) { return "<span class=\"n\">" + text + "</span>"; }

std::string class_page(const SiteInput& in, const std::map<std::string, std::string>& files) {
  std::vector<runner::SubmissionResult> results;
  for (const auto& s : in.students) results.push_back(s.result);
  const ClassStats stats = class_stats(in.course, results);

  std::string body = "<h1>" + h(in.title) + "</h1>\n";
  const std::size_t count = in.students.size();
  std::set<std::string> submitted;
  for (const auto& s : in.students) submitted.insert(util::lower(s.result.student));
  std::vector<const RosterStudent*> missing;
  for (const auto& r : in.roster)
    if (!submitted.count(util::lower(r.id))) missing.push_back(&r);
  std::string outcomes;
  for (const auto& [outcome, k] : stats.by_outcome)
    outcomes += fmt::format("{}{} {}", outcomes.empty() ? "" : ", ", n(std::to_string(k)), h(words_of(outcome)));
  body += fmt::format(
      "<p class=\"summary\" id=\"summary\"><span id=\"submission-count\">{}</span> submissions graded{}; mean {}, "
      "median {} (after late penalties). Generated {}.</p>\n",
      count, in.roster.empty() ? "" : fmt::format(", {} students on the roster, {} without a submission", in.roster.size(), missing.size()),
      n(fmt::format("{:.0f}%", 100 * stats.mean)), n(fmt::format("{:.0f}%", 100 * stats.median)), h(in.generated_at));
  if (!outcomes.empty()) body += "<p id=\"outcomes\">Submissions by outcome: " + outcomes + ".</p>\n";

  // Score histogram: ten bins of the percentage, 100% in the last.
  std::vector<Bar> bars(10);
  for (int b = 0; b < 10; ++b) bars[static_cast<std::size_t>(b)].label = fmt::format("{}-{}%", b * 10, b == 9 ? 100 : b * 10 + 9);
  std::vector<int> counts(10, 0);
  for (double f : stats.fractions) ++counts[static_cast<std::size_t>(std::clamp(static_cast<int>(std::floor(f * 10)), 0, 9))];
  std::string words;
  for (int b = 0; b < 10; ++b) {
    bars[static_cast<std::size_t>(b)].value = counts[static_cast<std::size_t>(b)];
    bars[static_cast<std::size_t>(b)].text = std::to_string(counts[static_cast<std::size_t>(b)]);
    if (counts[static_cast<std::size_t>(b)])
      words += fmt::format("{}{} in {}", words.empty() ? "" : ", ", counts[static_cast<std::size_t>(b)],
                           bars[static_cast<std::size_t>(b)].label);
  }
  body += "<h2>Scores</h2>\n<figure>" +
          svg_bar_chart("Score histogram", fmt::format("Histogram of {} scores after late penalties: {}", count,
                                                       words.empty() ? "no submissions" : words),
                        bars, "score (percent of the maximum)", "students") +
          "<figcaption>Students per score band, after late penalties.</figcaption></figure>\n";

  // Exercises, in course order; rates over the students who attempted each.
  body += "<h2>Exercises</h2>\n<p class=\"muted\">In course order. Pass rates, tests and points count only the "
          "students who attempted the exercise (changed one of its files and reached more than a stub).</p>\n"
          "<table id=\"exercises\"><thead><tr><th>Lesson</th><th>Exercise</th><th class=\"num\">Attempted</th>"
          "<th class=\"num\">Solved</th><th>Tests passed</th><th class=\"num\">Mean points</th></tr></thead><tbody>\n";
  for (const auto& e : stats.exercises) {
    const double rate = e.tests_total ? static_cast<double>(e.tests_passed) / e.tests_total : 0;
    const std::string label = fmt::format("{} of {} tests passed", e.tests_passed, e.tests_total);
    body += fmt::format(
        "<tr data-exercise=\"{}\"><td>{}</td><td>{}</td><td class=\"num attempted\">{} of {}</td><td class=\"num "
        "solved\">{}</td><td class=\"n\">{}</td><td class=\"num\">{} / {}</td></tr>\n",
        h(e.exercise), h(e.lesson), h(e.exercise), e.attempted, e.students,
        e.attempted ? fmt::format("{} ({}){}", e.solved, percent_text(e.solved, e.attempted),
                                  e.awaiting_review ? fmt::format(", {} awaiting review", e.awaiting_review) : "")
                    : "-",
        e.attempted ? svg_meter(rate, label) + " " + h(label) : "<span class=\"muted\">nobody attempted it</span>",
        e.attempted ? pts(e.mean_points) : "-", pts(e.max_score));
  }
  body += "</tbody></table>\n";

  // The hardest tests: most failures among the students who attempted them.
  body += "<h2>Hardest tests</h2>\n";
  if (stats.hardest.empty()) {
    body += stats.flagged.empty()
                ? "<p>No test of an attempted exercise failed.</p>\n"
                : "<p>No test that ran failed (the tests of code that did not compile or start did not run: see "
                  "below).</p>\n";
  } else {
    body += "<table id=\"hardest-tests\"><thead><tr><th>Test</th><th>Exercise</th><th class=\"num\">Failed</th>"
            "<th>Most common failure</th></tr></thead><tbody>\n";
    for (const auto& t : stats.hardest)
      body += fmt::format("<tr><td><code>{}</code></td><td>{}</td><td class=\"num\">{} of {} attempted</td><td>{} "
                          "<span class=\"muted n\">({}&times;)</span></td></tr>\n",
                          h(t.name), h(t.exercise.empty() ? t.lesson : t.exercise), t.failed, t.attempted,
                          h(t.common_message.empty() ? "(no message)" : t.common_message), t.common_count);
    body += "</tbody></table>\n";
  }

  // A student as every list shows one: the id, linked to the page, and the name.
  auto student_link = [&](const std::string& id, const std::string& name) {
    return fmt::format("<a href=\"students/{}\">{}</a>{}", files.at(id), h(id),
                       name.empty() ? "" : " <span class=\"name\">" + h(name) + "</span>");
  };

  body += "<h2>Compile errors, crashes, timeouts and code that did not start</h2>\n";
  std::string problems;
  for (const auto& a : stats.flagged)
    problems += fmt::format("<li data-student=\"{}\" data-outcome=\"{}\">{}, {}: <strong>{}</strong>{}</li>\n", h(a.student),
                            name_of(a.outcome), student_link(a.student, a.name), h(a.lesson), h(words_of(a.outcome)),
                            a.message.empty() ? "" : ": <code>" + h(first_line(a.message)) + "</code>");
  body += problems.empty() ? "<p>Every attempted lesson of every submission ran.</p>\n"
                           : "<ul class=\"plain\" id=\"problems\">\n" + problems + "</ul>\n";
  if (stats.lessons_not_attempted > 0)
    body += fmt::format("<p id=\"not-attempted\">Not attempted (every file missing or the starter's): "
                        "<span class=\"n\" id=\"not-attempted-lessons\">{}</span> lesson{} in all{}.</p>\n",
                        stats.lessons_not_attempted, stats.lessons_not_attempted == 1 ? "" : "s",
                        stats.submissions_not_attempted > 0
                            ? fmt::format("; {} submission{} attempted nothing", stats.submissions_not_attempted,
                                          stats.submissions_not_attempted == 1 ? "" : "s")
                            : "");

  // Uploads graded under another name or not at all, as the batch summary lists them.
  body += "<h2>Uploads that are not course files as named</h2>\n";
  if (in.upload_notes.empty()) {
    body += "<p>Every upload was a course file, graded under its own name.</p>\n";
  } else {
    body += "<ul class=\"plain\" id=\"upload-notes\">\n";
    for (const auto& note : in.upload_notes)
      body += fmt::format("<li data-student=\"{}\">{}: {}</li>\n", h(note.student),
                          files.count(note.student) ? student_link(note.student, note.name)
                                                    : h(note.student) + (note.name.empty() ? "" : " " + h(note.name)),
                          h(note.text));
    body += "</ul>\n";
  }

  body += "<h2>Late submissions</h2>\n";
  std::string late;
  for (const auto& s : in.students)
    if (s.result.lateness.late)
      late += fmt::format("<li>{}: <span class=\"late\">{}</span>, {}</li>\n",
                          student_link(s.result.student, s.result.student_name), h(late_cell(s.result)),
                          h(s.result.lateness.reason));
  body += late.empty() ? "<p>No late submission.</p>\n" : "<ul class=\"plain\" id=\"late\">\n" + late + "</ul>\n";

  body += "<h2>No submission</h2>\n";
  if (in.roster.empty()) {
    body += "<p class=\"muted\">No roster imported (grader roster import roster.csv).</p>\n";
  } else if (missing.empty()) {
    body += "<p>Everyone on the roster submitted.</p>\n";
  } else {
    body += "<ul class=\"plain\" id=\"missing\">\n";
    for (const auto* r : missing)
      body += fmt::format("<li data-student=\"{}\">{} {}{}</li>\n", h(r->id), h(r->id), h(r->name),
                          r->section.empty() ? "" : " (" + h(r->section) + ")");
    body += "</ul>\n";
  }

  body += "<h2>Students</h2>\n<p class=\"muted\">Select a column heading to sort.</p>\n"
          "<table class=\"sortable\" id=\"students\"><thead><tr><th><button type=\"button\">Student</button></th>"
          "<th><button type=\"button\">Name</button></th><th><button type=\"button\">Section</button></th>"
          "<th class=\"num\"><button type=\"button\">Total</button></th><th class=\"num\"><button "
          "type=\"button\">Max</button></th><th class=\"num\"><button type=\"button\">Before penalty</button></th>"
          "<th><button type=\"button\">Late</button></th><th><button type=\"button\">Status</button></th></tr></thead><tbody>\n";
  for (const auto& s : in.students) {
    const auto& r = s.result;
    body += fmt::format(
        "<tr data-student=\"{}\" data-outcome=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td class=\"num total\">{}</td>"
        "<td class=\"num\">{}</td><td class=\"num raw\">{}</td><td>{}</td><td class=\"status\">{}</td></tr>\n",
        h(r.student), name_of(submission_outcome(r)), student_link(r.student, ""), h(r.student_name), h(s.section),
        pts(runner::penalised_score(r)), pts(r.max_score), pts(r.score), h(late_cell(r)), h(outcome_summary(r)));
  }
  // The roster's students without a submission, in the same table: empty
  // scores (sorted below every score) and "no submission".
  for (const auto* r : missing)
    body += fmt::format(
        "<tr data-student=\"{}\" data-outcome=\"no_submission\"><td>{}</td><td>{}</td><td>{}</td><td class=\"num "
        "total\" data-sort=\"-1\"></td><td class=\"num\" data-sort=\"-1\"></td><td class=\"num raw\" "
        "data-sort=\"-1\"></td><td></td><td class=\"status\">no submission</td></tr>\n",
        h(r->id), h(r->id), h(r->name), h(r->section));
  body += "</tbody></table>\n";
  return page(in.title, body, kSortScript);
}

// -------------------------------------------------------------- student page

std::string student_page(const SiteInput& in, const StudentInput& s) {
  const auto& r = s.result;
  std::string body = "<p><a href=\"../index.html\">" + h(in.title) + "</a></p>\n";
  body += "<h1>Feedback for <span id=\"student-id\">" + h(r.student) + "</span>" +
          (r.student_name.empty() ? "" : " &mdash; " + h(r.student_name)) + "</h1>\n";
  body += "<p class=\"muted\">" + h(in.title) + (s.section.empty() ? "" : ", section " + h(s.section)) +
          (r.submitted_at.empty() ? "" : ", submitted " + h(r.submitted_at)) +
          (s.graded_at.empty() ? "" : ", graded " + h(s.graded_at)) + "</p>\n";
  body += fmt::format("<p class=\"summary\">Score: <strong id=\"total\">{}</strong> / <span id=\"max\">{}</span> ({})</p>\n",
                      pts(runner::penalised_score(r)), pts(r.max_score),
                      percent_text(runner::penalised_score(r), r.max_score));
  if (!r.lateness.reason.empty()) {
    if (r.lateness.penalty_percent > 0)
      body += fmt::format("<p class=\"late\" id=\"late-penalty\">Late penalty {}%: {} points before the penalty, {} "
                          "after. {}</p>\n",
                          pts(r.lateness.penalty_percent), pts(r.score), pts(runner::penalised_score(r)),
                          h(r.lateness.reason));
    else
      body += "<p id=\"late-penalty\">" + h(r.lateness.reason) + "</p>\n";
  }

  std::set<std::tuple<std::string, std::string, std::string>> manual;
  for (const auto& g : s.manual_grades) manual.insert({g.lesson, g.exercise, g.question});

  // One row per exercise of a lesson the student attempted; one row for a
  // lesson not attempted (or without tests), which has no section below.
  const auto tallies = tally_exercises(r);
  body += "<h2>Points</h2>\n<table id=\"points\"><thead><tr><th>Lesson</th><th>Exercise</th><th class=\"num\">Points</th>"
          "<th class=\"num\">Tests passed</th></tr></thead><tbody>\n";
  for (const auto& l : r.lessons) {
    const Outcome outcome = lesson_outcome(l);
    if (!attempted(outcome) || l.tests.empty()) {
      body += fmt::format("<tr class=\"lesson-row\" data-outcome=\"{}\"><td>{}</td><td class=\"muted\">{}</td>"
                          "<td class=\"num\">{} / {}</td><td class=\"num\"></td></tr>\n",
                          name_of(outcome), h(l.lesson), h(words_of(outcome)), pts(l.score), pts(l.max_score));
      continue;
    }
    for (const auto& t : tallies)
      if (t.lesson == l.lesson)
        body += fmt::format("<tr><td>{}</td><td>{}</td><td class=\"num\">{} / {}</td><td class=\"num\">{} of {}</td></tr>\n",
                            h(t.lesson), h(t.exercise), pts(t.score), pts(t.max_score), t.tests.passed, t.tests.total);
  }
  body += "</tbody></table>\n";

  for (const auto& l : r.lessons) {
    const Outcome outcome = lesson_outcome(l);
    if (!attempted(outcome)) continue;  // its one row above says so
    std::string section;
    if (!tests_ran(outcome)) {
      section += "<p class=\"outcome\"><strong>" + h(words_of(outcome)) + "</strong></p>\n";
      const std::string detail = shown_detail(l, Audience::student);
      if (!detail.empty()) section += "<pre class=\"lesson-detail\">" + h(capped(detail)) + "</pre>\n";
    }
    std::string failing;
    for (const auto& t : l.tests) {
      if (t.status == TestStatus::passed || t.status == TestStatus::pending_review) continue;
      if (manual.count({l.lesson, t.exercise, t.name})) continue;  // shown with the answers
      if (l.status != LessonStatus::graded && t.status == TestStatus::not_run) continue;  // said above
      const std::string message = shown_message(t, Audience::student);
      failing += fmt::format("<li class=\"failing-test\"><span class=\"status-failed\">{}</span> ({}, {} / {} points)",
                             "<code>" + h(display_name(t)) + "</code>", words_of(t.status), pts(t.score),
                             pts(t.max_score));
      if (!message.empty()) failing += "<pre>" + h(capped(message)) + "</pre>";
      failing += "</li>\n";
    }
    if (!failing.empty()) section += "<ul class=\"plain\">\n" + failing + "</ul>\n";
    if (!section.empty())
      body += fmt::format("<h2>{}: <span class=\"n\">{} / {}</span></h2>\n", h(l.lesson), pts(l.score), pts(l.max_score)) + section;
  }

  std::string answers;
  for (const auto& g : s.manual_grades)
    answers += fmt::format("<li class=\"answer\"><strong>{}</strong> ({}): {} / {} points<pre>{}</pre>{}</li>\n",
                           h(g.question), h(g.exercise), pts(g.score), pts(g.max_score), h(capped(g.answer)),
                           g.comment.empty() ? "" : "<p>Comment: " + h(g.comment) + "</p>");
  for (const auto& l : r.lessons)
    for (const auto& t : l.tests)
      if (t.status == TestStatus::pending_review)
        answers += fmt::format("<li class=\"answer\"><strong>{}</strong> ({}): awaiting review, up to {} points<pre>{}</pre></li>\n",
                               h(t.name), h(t.exercise), pts(t.max_score), h(capped(shown_message(t, Audience::student))));
  if (!answers.empty()) body += "<h2>Free-text answers</h2>\n<ul class=\"plain\">\n" + answers + "</ul>\n";

  // Uploads graded under a course file's name (Canvas's softmax-1.cpp), ignored and refused files.
  std::string renamed;
  for (const auto& note : in.upload_notes)
    if (note.renamed && note.student == r.student) renamed += "<li>renamed: " + h(note.text) + "</li>\n";
  if (!renamed.empty() || !r.ignored_files.empty() || !r.rejected_files.empty()) {
    body += "<h2>Files</h2>\n<ul class=\"plain\" id=\"files\">\n" + renamed;
    for (const auto& f : r.ignored_files) body += "<li>ignored (not a course file): <code>" + h(f) + "</code></li>\n";
    for (const auto& f : r.rejected_files) body += "<li>refused: <code>" + h(f) + "</code></li>\n";
    body += "</ul>\n";
  }
  return page("Feedback: " + r.student + (r.student_name.empty() ? "" : " (" + r.student_name + ")"), body, "");
}

}  // namespace

std::vector<Page> render_site(const SiteInput& input) {
  std::vector<std::string> ids;
  for (const auto& s : input.students) ids.push_back(s.result.student);
  const auto files = student_page_names(ids);
  std::vector<Page> pages;
  pages.push_back({"index.html", class_page(input, files)});
  for (const auto& s : input.students) pages.push_back({"students/" + files.at(s.result.student), student_page(input, s)});
  return pages;
}

}  // namespace grader::report::html
