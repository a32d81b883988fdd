// Every export says what the gradebook says. A class is generated in every
// shape an LMS download takes (Canvas and Moodle names, loose files, zips
// with inner folders, LATE flags in both cases, an archive in two parts, an
// empty zip, a resubmission in a second download, names with apostrophes
// and accents, a roster student who never submitted), with a deadlines.yaml
// (grace, percent per day, cap, cutoff), an extension, a compile error, a
// crash, a hang and an untouched starter. It is graded, regraded (a late
// student, one with an extension, one past the cutoff), its free-text
// answers are reviewed, and part of it is graded in two shards and merged.
// After each step, every number of every export (csv, json, html, canvas,
// moodle, moodle-gradebook, gradescope, markdown), raw and penalised, must
// be the gradebook's, and every roster student must be in every export.
#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/report/csv.hpp"
#include "grader/report/lesson_summary.hpp"
#include "grader/runner/results.hpp"
#include "integration/grader_run.hpp"
#include "support/zip_files.hpp"

namespace {

namespace fs = std::filesystem;
using namespace grader_test;
using nlohmann::json;

const fs::path kCourse = COURSE_SOURCE_DIR;
const std::vector<std::string> kLessons = {"positional-encoding", "review-quiz"};
const std::string kPe = "positional-encoding/positional_encoding.cpp";
const std::string kLoop = "positional-encoding/positional_encoding_loop.cpp";
const std::string kQuiz = "review-quiz/answers.yaml";
const std::string kAssignment = "Homework 1 (777)";

std::string solution(const std::string& rel) { return read_text(kCourse / "solutions" / rel); }
std::string starter(const std::string& rel) { return read_text(kCourse / "starter" / rel); }
std::string broken(const std::string& variant, const std::string& rel) {
  return read_text(kCourse / "tests/submissions" / variant / rel);
}

struct Student {
  std::string id, name, email;
};

// The roster: names with apostrophes, accents and a comma; 9999 never submits.
const std::vector<Student> kRoster = {
    {"1001", "Li, Alice", "alice@example.org"},        {"1002", "Zoë O'Brien", "zoe@example.org"},
    {"1003", "Ana María Ruiz", "ana@example.org"},     {"1004", "Kim Lee", "kim@example.org"},
    {"1005", "Sam Starter", "sam@example.org"},        {"1006", "Claire Dupont", "claire@example.org"},
    {"2001", "Łukasz O'Neill", "lukasz@example.org"},  {"2002", "Hana Hang", "hana@example.org"},
    {"2003", "Cy Compile", "cy@example.org"},          {"2004", "René Resubmit", "rene@example.org"},
    {"9999", "Never Submitted", "never@example.org"},
};

// What the gradebook holds for a student's latest submission.
struct Book {
  double raw = 0, max = 0, penalty = 0;
  std::map<std::string, double> lessons;
  double penalised() const {
    grader::runner::SubmissionResult r;
    r.score = raw;
    r.lateness.penalty_percent = penalty;
    return grader::runner::penalised_score(r);
  }
};

std::map<std::string, Book> read_book(const fs::path& db) {
  SQLite::Database book(db.string(), SQLite::OPEN_READONLY);
  std::map<std::string, Book> out;
  SQLite::Statement q(book, "SELECT id, student, score, max_score, late_penalty_percent FROM latest_submissions");
  std::map<std::int64_t, std::string> ids;
  while (q.executeStep()) {
    ids[q.getColumn(0).getInt64()] = q.getColumn(1).getString();
    out[q.getColumn(1).getString()] = {q.getColumn(2).getDouble(), q.getColumn(3).getDouble(), q.getColumn(4).getDouble(), {}};
  }
  SQLite::Statement l(book, "SELECT submission, lesson, score FROM lesson_results");
  while (l.executeStep())
    if (auto it = ids.find(l.getColumn(0).getInt64()); it != ids.end())
      out[it->second].lessons[l.getColumn(1).getString()] = l.getColumn(2).getDouble();
  return out;
}

// A number as an export printed it; a test failure (not an exception) when it is none.
double number(const std::string& text, const std::string& where) {
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  EXPECT_TRUE(used == text.size() && !text.empty()) << where << ": '" << text << "' is not a number";
  return v;
}

// Scores are kept to a thousandth: an export's number is the gradebook's exactly.
#define EXPECT_SAME_NUMBER(text, expected, where) EXPECT_NEAR(number((text), (where)), (expected), 1e-9) << (where)

std::map<std::string, std::vector<std::string>> rows_by(const std::string& csv, std::size_t key_column) {
  std::map<std::string, std::vector<std::string>> out;
  const auto table = grader::report::parse_csv(csv);
  for (std::size_t i = 1; i < table.size(); ++i) out[table[i].at(key_column)] = table[i];
  return out;
}

std::size_t column(const std::string& csv, const std::string& name) {
  const auto header = grader::report::parse_csv(csv).at(0);
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  ADD_FAILURE() << "no column " << name << " in " << csv.substr(0, 300);
  return 0;
}

std::string html_unescape(std::string s) {
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"&#39;", "'"}, {"&quot;", "\""}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}}) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
      s.replace(at, from.size(), to);
  }
  return s;
}

class ExportAgreement : public ::testing::Test {
 protected:
  ScratchDir scratch;
  fs::path dir = scratch.path();

  fs::path download1() const { return dir / "download-1"; }
  fs::path download2() const { return dir / "download-2"; }
  fs::path book() const { return dir / "class.db"; }

  void SetUp() override {
    const fs::path d1 = download1();
    fs::create_directories(d1);
    // Canvas, loose files: a second upload Canvas renamed (-1), a note the
    // course does not name, the quiz's answers.
    write_text(d1 / "lialice_1001_5001_positional_encoding.cpp", solution(kPe));
    write_text(d1 / "lialice_1001_5002_positional_encoding_loop-1.cpp", solution(kLoop));
    write_text(d1 / "lialice_1001_5003_notes.txt", "I worked alone.\n");
    write_text(d1 / "lialice_1001_5004_answers.yaml", solution(kQuiz));
    // Canvas, a zip with an inner folder, flagged LATE (4.5 days: the 30% cap).
    course_test::write_zip(d1 / "obrienzoe_LATE_1002_5010_hw1.zip",
                           {{"hw1/" + kPe, solution(kPe)}, {"hw1/" + kLoop, solution(kLoop)}, {"hw1/" + kQuiz, solution(kQuiz)}});
    // Canvas, an archive in two parts, flagged late in lower case (2 days, within a 3-day extension).
    course_test::write_zip(d1 / "ruizana_late_1003_5020_part1.zip", {{"work/" + kPe, solution(kPe)}});
    course_test::write_zip(d1 / "ruizana_late_1003_5021_part2.zip", {{"work/" + kLoop, solution(kLoop)}, {"work/" + kQuiz, solution(kQuiz)}});
    // Canvas, an empty zip.
    course_test::write_zip(d1 / "leekim_1004_5030_submission.zip", {});
    // Canvas, the untouched starter.
    course_test::write_zip(d1 / "startersam_1005_5040_starter.zip",
                           {{kPe, starter(kPe)}, {kLoop, starter(kLoop)}, {kQuiz, starter(kQuiz)}});
    // Canvas, past the cutoff: no credit.
    course_test::write_zip(d1 / "dupontclaire_LATE_1006_5050_final.zip",
                           {{"final/" + kPe, solution(kPe)}, {"final/" + kLoop, solution(kLoop)}, {"final/" + kQuiz, solution(kQuiz)}});
    // Moodle folders: a crash (1.5 days late), a hang and a compile error; names with accents and an apostrophe.
    auto moodle_folder = [&](const std::string& folder, const std::string& variant) {
      const fs::path f = d1 / folder;
      for (const auto& rel : {kPe, kLoop}) {
        const fs::path over = kCourse / "tests/submissions" / variant / rel;
        write_text(f / rel, fs::exists(over) ? read_text(over) : solution(rel));
      }
      write_text(f / kQuiz, solution(kQuiz));
    };
    moodle_folder("Łukasz O'Neill_2001_assignsubmission_file_", "pe-segfault");
    moodle_folder("Hana Hang_2002_assignsubmission_file_", "pe-infinite-loop");
    moodle_folder("Cy Compile_2003_assignsubmission_file_", "pe-does-not-compile");
    // Moodle, a loose file with the wrong formula; resubmitted whole in the second download.
    write_text(d1 / "René Resubmit_2004_assignsubmission_file_positional_encoding.cpp", broken("pe-wrong-formula", kPe));
    const fs::path d2 = download2() / "René Resubmit_2004_assignsubmission_file_";
    for (const auto& rel : {kPe, kLoop, kQuiz}) write_text(d2 / rel, solution(rel));

    write_text(dir / "deadlines.yaml",
               "due: 2026-11-20T23:59:00Z\ngrace_minutes: 5\npercent_per_day: 10\nmax_percent: 30\n"
               "no_credit_after: 2026-11-27T23:59:00Z\n");
    write_text(dir / "extensions.csv", "student,days\n1003,3\n");
    write_text(dir / "times-1.csv",
               "student,submitted_at\n1001,2026-11-20T22:00:00Z\n1002,2026-11-25T12:00:00Z\n1003,2026-11-22T20:00:00Z\n"
               "1004,2026-11-20T10:00:00Z\n1005,2026-11-19T10:00:00Z\n1006,2026-11-28T09:00:00Z\n"
               "2001,2026-11-22T12:00:00Z\n2002,2026-11-20T23:30:00Z\n2003,2026-11-21T00:10:00Z\n"
               "2004,2026-11-20T20:00:00Z\n");
    write_text(dir / "times-2.csv", "student,submitted_at\n2004,2026-11-21T18:00:00Z\n");
    std::string roster = "id,name,email,section\n";
    for (const auto& s : kRoster) roster += s.id + ",\"" + s.name + "\"," + s.email + ",A\n";
    write_text(dir / "roster.csv", roster);
  }

  std::vector<std::string> grade_args(const fs::path& folder, const fs::path& db, const fs::path& times) const {
    std::vector<std::string> args = {"-j", "2", "grade", folder.string(), "--id-pattern", "lms", "--gradebook",
                                     db.string(), "--deadlines", (dir / "deadlines.yaml").string(), "--extensions",
                                     (dir / "extensions.csv").string(), "--submitted-at", times.string()};
    for (const auto& l : kLessons) args.insert(args.end(), {"--lesson", l});
    return args;
  }

  // Grading ends 0, or 1 when some submission failed; never a usage error.
  void expect_graded(const GraderRun& run) {
    EXPECT_TRUE(run.exit_code == 0 || run.exit_code == 1) << describe(run);
  }

  GraderRun exporting(const fs::path& db, std::vector<std::string> args) {
    args.insert(args.begin(), "export");
    args.insert(args.end(), {"--gradebook", db.string()});
    GraderRun run = run_grader(args);
    EXPECT_EQ(run.exit_code, 0) << describe(run);
    return run;
  }

  // Every export against the gradebook `db`, whose roster is kRoster.
  void check_every_export(const fs::path& db, const std::string& step);
};

void ExportAgreement::check_every_export(const fs::path& db, const std::string& step) {
  SCOPED_TRACE(step);
  const auto graded = read_book(db);
  ASSERT_FALSE(graded.empty());
  const double course_max = graded.begin()->second.max;
  for (const auto& [id, b] : graded) ASSERT_EQ(b.max, course_max) << id << ": one maximum for the course";
  const fs::path out = dir / ("exports-" + std::to_string(std::hash<std::string>{}(step)));

  // csv: penalised total, raw total, penalty, raw lesson columns; the non-submitter's scores empty.
  {
    const std::string csv = exporting(db, {"--format", "csv"}).out;
    const auto rows = rows_by(csv, 0);
    const std::size_t total = column(csv, "total"), max = column(csv, "max"), raw = column(csv, "raw_total"),
                      penalty = column(csv, "late_penalty_percent"), status = column(csv, "status");
    for (const auto& s : kRoster) {
      ASSERT_TRUE(rows.count(s.id)) << "csv: " << s.id << " missing\n" << csv;
      const auto& r = rows.at(s.id);
      EXPECT_EQ(r.at(1), s.name) << "csv";
      auto it = graded.find(s.id);
      if (it == graded.end()) {
        EXPECT_EQ(r.at(total), "") << "csv " << s.id;
        EXPECT_EQ(r.at(raw), "") << "csv " << s.id;
        EXPECT_EQ(r.at(status), "no submission") << "csv " << s.id;
        continue;
      }
      const Book& b = it->second;
      EXPECT_SAME_NUMBER(r.at(total), b.penalised(), "csv total " + s.id);
      EXPECT_SAME_NUMBER(r.at(max), b.max, "csv max " + s.id);
      EXPECT_SAME_NUMBER(r.at(raw), b.raw, "csv raw_total " + s.id);
      EXPECT_SAME_NUMBER(r.at(penalty), b.penalty, "csv late_penalty_percent " + s.id);
      for (const auto& [lesson, score] : b.lessons) EXPECT_SAME_NUMBER(r.at(column(csv, lesson)), score, "csv " + lesson + " " + s.id);
    }
    EXPECT_EQ(rows.size(), kRoster.size()) << csv;
  }

  // json, gradescope, markdown: one file per roster student.
  exporting(db, {"--format", "json", "-o", (out / "json").string()});
  exporting(db, {"--format", "gradescope", "-o", (out / "gradescope").string()});
  exporting(db, {"--format", "markdown", "-o", (out / "markdown").string()});
  for (const auto& format : {"json", "gradescope", "markdown"}) {
    std::size_t files = 0;
    for (const auto& e : fs::directory_iterator(out / format)) files += e.is_regular_file();
    EXPECT_EQ(files, kRoster.size()) << format << ": one file per roster student";
  }
  const std::regex score_line(R"(\*\*Score: ([0-9.]+) / ([0-9.]+)\*\*)");
  const std::regex late_line(R"(Late penalty ([0-9.]+)%: ([0-9.]+) -(?:>|&gt;) ([0-9.]+) points)");
  for (const auto& s : kRoster) {
    SCOPED_TRACE(s.id);
    ASSERT_TRUE(fs::exists(out / "json" / (s.id + ".json"))) << "json";
    const json j = json::parse(read_text(out / "json" / (s.id + ".json")));
    const json g = json::parse(read_text(out / "gradescope" / (s.id + ".json")));
    const std::string md = read_text(out / "markdown" / (s.id + ".md"));
    EXPECT_NE(md.find(s.id), std::string::npos) << md;
    auto it = graded.find(s.id);
    if (it == graded.end()) {
      EXPECT_EQ(j["format"], "grader-no-submission") << j.dump();
      EXPECT_TRUE(j["score"].is_null() && j["score_after_penalty"].is_null()) << j.dump();
      EXPECT_EQ(j["max_score"].get<double>(), course_max);
      EXPECT_EQ(j["student_name"], s.name);
      EXPECT_EQ(g["score"], 0) << "Gradescope needs a score: " << g.dump();
      EXPECT_EQ(g["extra_data"]["submitted"], false) << g.dump();
      EXPECT_TRUE(g["tests"].empty());
      EXPECT_NE(g["output"].get<std::string>().find("No submission"), std::string::npos) << g.dump();
      EXPECT_NE(md.find("**Score: none / " + grader::report::format_points(course_max) + " (no submission)**"),
                std::string::npos)
          << md;
      continue;
    }
    const Book& b = it->second;
    EXPECT_EQ(j["format"], "grader-submission-result");
    EXPECT_NEAR(j["score"].get<double>(), b.raw, 1e-9) << "json score (raw)";
    EXPECT_NEAR(j["score_after_penalty"].get<double>(), b.penalised(), 1e-9) << "json score_after_penalty";
    EXPECT_NEAR(j["max_score"].get<double>(), b.max, 1e-9) << "json max_score";
    EXPECT_NEAR(j["lateness"]["penalty_percent"].get<double>(), b.penalty, 1e-9) << "json penalty";
    EXPECT_EQ(j["student_name"], s.name);
    for (const auto& l : j["lessons"]) EXPECT_NEAR(l["score"].get<double>(), b.lessons.at(l["lesson"].get<std::string>()), 1e-9) << l["lesson"];

    EXPECT_NEAR(g["score"].get<double>(), b.penalised(), 1e-9) << "gradescope score (penalised)";
    double tests = 0, tests_max = 0;
    for (const auto& t : g["tests"]) tests += t["score"].get<double>(), tests_max += t["max_score"].get<double>();
    EXPECT_NEAR(tests, b.raw, 1e-6) << "gradescope: the tests add up to the raw score";
    EXPECT_NEAR(tests_max, b.max, 1e-6) << "gradescope: and to the maximum";

    std::smatch m;
    ASSERT_TRUE(std::regex_search(md, m, score_line)) << md.substr(0, 400);
    EXPECT_SAME_NUMBER(m[1].str(), b.penalised(), "markdown score");
    EXPECT_SAME_NUMBER(m[2].str(), b.max, "markdown max");
    if (b.penalty > 0) {
      ASSERT_TRUE(std::regex_search(md, m, late_line)) << md.substr(0, 600);
      EXPECT_SAME_NUMBER(m[1].str(), b.penalty, "markdown penalty");
      EXPECT_SAME_NUMBER(m[2].str(), b.raw, "markdown raw");
      EXPECT_SAME_NUMBER(m[3].str(), b.penalised(), "markdown penalised");
    }
  }

  // html: the class page's students table (raw and penalised), and each student's page.
  exporting(db, {"--format", "html", "-o", (out / "html").string()});
  {
    const std::string index = read_text(out / "html" / "index.html");
    const std::regex row(R"re(<tr data-student="([^"]*)" data-outcome="([^"]*)"><td>(.*?)</td><td>(.*?)</td><td>.*?</td><td class="num total"[^>]*>([^<]*)</td><td class="num"[^>]*>([^<]*)</td><td class="num raw"[^>]*>([^<]*)</td>)re");
    std::map<std::string, std::smatch> rows;
    std::set<std::string> ids;
    for (auto it = std::sregex_iterator(index.begin(), index.end(), row); it != std::sregex_iterator(); ++it) {
      const std::string id = html_unescape((*it)[1].str());
      EXPECT_TRUE(ids.insert(id).second) << "html: " << id << " twice";
      rows[id] = *it;
    }
    for (const auto& s : kRoster) {
      SCOPED_TRACE("html " + s.id);
      ASSERT_TRUE(rows.count(s.id)) << "the students table lists every roster student";
      const auto& r = rows.at(s.id);
      EXPECT_EQ(html_unescape(r[4].str()), s.name);
      auto it = graded.find(s.id);
      if (it == graded.end()) {
        EXPECT_EQ(r[2].str(), "no_submission");
        EXPECT_EQ(r[5].str(), "");
        continue;
      }
      const Book& b = it->second;
      EXPECT_SAME_NUMBER(r[5].str(), b.penalised(), "html total");
      EXPECT_SAME_NUMBER(r[6].str(), b.max, "html max");
      EXPECT_SAME_NUMBER(r[7].str(), b.raw, "html before penalty");
      std::smatch link;
      ASSERT_TRUE(std::regex_search(r[3].first, r[3].second, link, std::regex(R"re(href="(students/[^"]+)")re")));
      const std::string page = read_text(out / "html" / link[1].str());
      std::smatch total;
      ASSERT_TRUE(std::regex_search(page, total, std::regex(R"re(<strong id="total">([^<]*)</strong> / <span id="max">([^<]*)</span>)re")));
      EXPECT_SAME_NUMBER(total[1].str(), b.penalised(), "student page total");
      EXPECT_SAME_NUMBER(total[2].str(), b.max, "student page max");
    }
    EXPECT_EQ(rows.size(), kRoster.size());
  }

  // Canvas: the penalised total by Canvas's user id; the non-submitter's grade empty (Canvas leaves it).
  {
    const std::string csv = exporting(db, {"--format", "canvas", "--assignment", kAssignment}).out;
    const auto rows = rows_by(csv, 1);
    const std::size_t grade = column(csv, kAssignment);
    EXPECT_EQ(rows.size(), kRoster.size()) << csv;
    for (const auto& s : kRoster) {
      ASSERT_TRUE(rows.count(s.id)) << "canvas: " << s.id << "\n" << csv;
      auto it = graded.find(s.id);
      if (it == graded.end()) EXPECT_EQ(rows.at(s.id).at(grade), "") << "canvas " << s.id;
      else EXPECT_SAME_NUMBER(rows.at(s.id).at(grade), it->second.penalised(), "canvas " + s.id);
    }
  }

  // Moodle's worksheet, as downloaded for every participant: Grade filled
  // for the graded, the non-submitter's row left as downloaded.
  {
    std::string sheet = "Identifier,Full name,Email address,Status,Grade,Maximum Grade,Grade can be changed,"
                        "Last modified (submission),Last modified (grade),Feedback comments\n";
    for (const auto& s : kRoster)
      sheet += "Participant " + s.id + ",\"" + s.name + "\"," + s.email + ",Submitted for grading,," +
               grader::report::format_points(course_max) + ",Yes,-,\"Monday, 23 November 2026, 9:00 AM\",\n";
    write_text(out / "worksheet.csv", sheet);
    const GraderRun run = exporting(db, {"--format", "moodle", "--worksheet", (out / "worksheet.csv").string()});
    const auto rows = rows_by(run.out, 0);
    const std::size_t grade = column(run.out, "Grade"), modified = column(run.out, "Last modified (grade)");
    EXPECT_EQ(rows.size(), kRoster.size()) << run.out;
    for (const auto& s : kRoster) {
      const std::string key = "Participant " + s.id;
      ASSERT_TRUE(rows.count(key)) << "moodle worksheet: " << key;
      EXPECT_EQ(rows.at(key).at(modified), "Monday, 23 November 2026, 9:00 AM") << "kept as downloaded";
      auto it = graded.find(s.id);
      if (it == graded.end()) EXPECT_EQ(rows.at(key).at(grade), "") << "left as downloaded: " << s.id;
      else EXPECT_SAME_NUMBER(rows.at(key).at(grade), it->second.penalised(), "moodle worksheet " + s.id);
    }
  }

  // Moodle's gradebook import, by email: every graded student has a row; one
  // without a submission is left out (an empty cell would clear the grade) and named.
  {
    const GraderRun run = exporting(db, {"--format", "moodle-gradebook", "--points", grader::report::format_points(course_max),
                                         "--assignment", "Homework 1"});
    const auto rows = rows_by(run.out, 0);
    const std::size_t grade = column(run.out, "Homework 1");
    for (const auto& s : kRoster) {
      auto it = graded.find(s.id);
      if (it == graded.end()) {
        EXPECT_FALSE(rows.count(s.email)) << "moodle-gradebook " << s.id;
        EXPECT_NE(run.err.find(" " + s.id), std::string::npos) << "named as left out: " << run.err;
        continue;
      }
      ASSERT_TRUE(rows.count(s.email)) << "moodle-gradebook: " << s.email << "\n" << run.out;
      EXPECT_SAME_NUMBER(rows.at(s.email).at(grade), it->second.penalised(), "moodle-gradebook " + s.id);
    }
  }
}

TEST_F(ExportAgreement, EveryNumberOfEveryExportIsTheGradebooksAfterEachStep) {
  GraderRun roster = run_grader({"roster", "import", (dir / "roster.csv").string(), "--gradebook", book().string()});
  ASSERT_EQ(roster.exit_code, 0) << describe(roster);

  // 1. The first download.
  GraderRun first = run_grader(grade_args(download1(), book(), dir / "times-1.csv"), std::chrono::seconds(900));
  expect_graded(first);
  auto graded = read_book(book());
  ASSERT_EQ(graded.size(), 10u) << describe(first);
  // The class is what it was made to be.
  EXPECT_EQ(graded.at("1001").raw, graded.at("1002").raw) << "loose files, one renamed by Canvas, as a zip";
  EXPECT_GT(graded.at("1001").raw, 0);
  EXPECT_EQ(graded.at("1002").penalty, 30) << "4.5 days late, capped";
  EXPECT_EQ(graded.at("1003").penalty, 0) << "within the extension";
  EXPECT_EQ(graded.at("1004").raw, 0) << "empty zip";
  EXPECT_EQ(graded.at("1006").penalty, 100) << "past the cutoff";
  EXPECT_EQ(graded.at("2001").penalty, 20) << "1.5 days late";
  EXPECT_EQ(graded.at("2003").penalty, 10) << "11 minutes late, past the grace period: a started day";
  EXPECT_LT(graded.at("2004").raw, graded.at("1001").raw) << "the wrong formula";
  EXPECT_NE(first.out.find("1001 (Li, Alice): positional_encoding_loop-1.cpp graded as " + kLoop), std::string::npos)
      << "the batch summary's upload notes, the name beside the id: " << first.out;
  check_every_export(book(), "after grading the first download");
  {
    // The class page names the crash, the hang and the compile error by
    // student, never "missing files"; its hardest tests were attempted; the
    // uploads Canvas renamed or the course ignored are listed as the batch
    // summary lists them.
    exporting(book(), {"--format", "html", "-o", (dir / "site").string()});
    const std::string index = read_text(dir / "site" / "index.html");
    for (const auto& [id, outcome] : std::vector<std::pair<std::string, std::string>>{
             {"2001", "crashed"}, {"2002", "timed_out"}, {"2003", "compile_error"}})
      EXPECT_NE(index.find("<li data-student=\"" + id + "\" data-outcome=\"" + outcome + "\">"), std::string::npos)
          << id << " " << outcome;
    EXPECT_EQ(index.find("missing files"), std::string::npos);
    const auto hardest_at = index.find("id=\"hardest-tests\"");
    if (hardest_at != std::string::npos) {
      const std::string hardest = index.substr(hardest_at, index.find("</table>", hardest_at) - hardest_at);
      EXPECT_EQ(hardest.find("is missing from the submission"), std::string::npos) << hardest;
      EXPECT_EQ(hardest.find(" of 0 attempted"), std::string::npos) << hardest;
    }
    const auto notes_at = index.find("id=\"upload-notes\"");
    ASSERT_NE(notes_at, std::string::npos) << "the class page lists the upload notes";
    const std::string notes = index.substr(notes_at, index.find("</ul>", notes_at) - notes_at);
    EXPECT_NE(notes.find("positional_encoding_loop-1.cpp graded as " + kLoop), std::string::npos) << notes;
    EXPECT_NE(notes.find("notes.txt ignored: not a course file"), std::string::npos) << notes;
    EXPECT_NE(notes.find("Li, Alice"), std::string::npos) << "the name beside the id: " << notes;
    // Alice's own page says where her renamed upload went.
    std::smatch link;
    ASSERT_TRUE(std::regex_search(notes, link, std::regex(R"re(href="(students/[^"]+)")re"))) << notes;
    const std::string page = read_text(dir / "site" / link[1].str());
    EXPECT_NE(page.find("renamed: positional_encoding_loop-1.cpp graded as " + kLoop), std::string::npos) << page;
  }

  // 2. A resubmission in a second download: graded alone, its new time.
  GraderRun second = run_grader(grade_args(download2(), book(), dir / "times-2.csv"), std::chrono::seconds(600));
  expect_graded(second);
  graded = read_book(book());
  EXPECT_EQ(graded.at("2004").raw, graded.at("1001").raw) << "the resubmission is correct";
  EXPECT_EQ(graded.at("2004").penalty, 10) << "18 hours late";
  check_every_export(book(), "after the second download");

  // 3. Regrade a late student, one with an extension, one past the cutoff,
  // as the instructor types it (no --lesson): the lessons they were graded
  // on and the late decisions are kept from the gradebook.
  const auto before = graded;
  GraderRun regrade = run_grader({"-j", "2", "regrade", "1002", "1003", "1006", "--gradebook", book().string()},
                                 std::chrono::seconds(600));
  ASSERT_EQ(regrade.exit_code, 0) << describe(regrade);
  graded = read_book(book());
  for (const char* id : {"1002", "1003", "1006"}) {
    EXPECT_EQ(graded.at(id).penalty, before.at(id).penalty) << id;
    EXPECT_EQ(graded.at(id).raw, before.at(id).raw) << id;
    EXPECT_EQ(graded.at(id).max, before.at(id).max) << id << ": regraded on the lessons it was graded on";
  }
  check_every_export(book(), "after the regrade");

  // 4. The free-text answers reviewed: scores move raw and penalised totals alike.
  GraderRun pending = run_grader({"review", "export", "--gradebook", book().string()});
  ASSERT_EQ(pending.exit_code, 0) << describe(pending);
  auto table = grader::report::parse_csv(pending.out);
  ASSERT_GT(table.size(), 1u) << pending.out;
  const std::size_t score = column(pending.out, "score"), max = column(pending.out, "max_score");
  std::string reviewed = grader::report::csv_row(table[0]);
  for (std::size_t i = 1; i < table.size(); ++i) {
    // Most of the points, a thousandth-precise share for some.
    table[i][score] = grader::report::format_points(number(table[i][max], "max_score") * (i % 2 ? 0.5 : 0.667));
    std::vector<std::string> fields;
    for (const auto& f : table[i]) fields.push_back(grader::report::csv_field(f));
    reviewed += grader::report::csv_row(fields);
  }
  write_text(dir / "reviewed.csv", reviewed);
  GraderRun import = run_grader({"review", "import", (dir / "reviewed.csv").string(), "--gradebook", book().string()});
  ASSERT_EQ(import.exit_code, 0) << describe(import);
  const auto after_review = read_book(book());
  EXPECT_GT(after_review.at("1002").raw, graded.at("1002").raw) << "the review added points";
  check_every_export(book(), "after the review import");

  // 5. Part of the class graded in two shards on "two machines", merged into
  // one gradebook with the roster: the same numbers as graded whole.
  const fs::path part = dir / "download-1-part";
  fs::create_directories(part);
  for (const auto& e : fs::directory_iterator(download1())) {
    const std::string name = e.path().filename().string();
    if (name.find("_1001_") != std::string::npos || name.find("_1002_") != std::string::npos ||
        name.find("_1003_") != std::string::npos || name.find("_1004_") != std::string::npos ||
        name.find("_1006_") != std::string::npos)
      fs::copy(e.path(), part / name, fs::copy_options::recursive);
  }
  const fs::path merged = dir / "merged.db";
  ASSERT_EQ(run_grader({"roster", "import", (dir / "roster.csv").string(), "--gradebook", merged.string()}).exit_code, 0);
  std::vector<std::string> shards;
  for (const char* k : {"1/2", "2/2"}) {
    const fs::path shard = dir / (std::string("shard-") + k[0] + ".db");
    auto args = grade_args(part, shard, dir / "times-1.csv");
    args.insert(args.end(), {"--shard", k});
    expect_graded(run_grader(args, std::chrono::seconds(600)));
    shards.push_back(shard.string());
  }
  GraderRun merge = run_grader({"merge", merged.string(), shards[0], shards[1]});
  ASSERT_EQ(merge.exit_code, 0) << describe(merge);
  const auto from_shards = read_book(merged);
  ASSERT_EQ(from_shards.size(), 5u) << describe(merge);
  for (const auto& [id, b] : from_shards) {
    const Book& w = before.at(id);  // before the review added points
    EXPECT_EQ(b.raw, w.raw) << id;
    EXPECT_EQ(b.penalty, w.penalty) << id;
  }
  check_every_export(merged, "after merging two shards");
}

}  // namespace
