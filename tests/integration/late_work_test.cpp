// Deadlines, extensions and the roster end to end on an LMS-shaped class:
// Canvas and Moodle entry names, Canvas's late flag in both letter cases, a
// submission-times CSV, Moodle's file times as the last resort, an extension
// granted after grading (the unchanged submissions keep their grade and get
// the new penalty), the roster, and the Canvas and Moodle grade CSVs.
#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "grader/report/csv.hpp"
#include "grader/report/lesson_summary.hpp"
#include "grader/runner/results.hpp"
#include "integration/grader_run.hpp"

namespace {

namespace fs = std::filesystem;
using namespace grader_test;

const fs::path kCourse = COURSE_SOURCE_DIR;
const std::string kLesson = "positional-encoding";

struct Row {
  double score = 0, penalty = 0;
  bool late = false;
  std::string reason, submitted_at;
};

std::map<std::string, Row> latest(const fs::path& db) {
  SQLite::Database book(db.string(), SQLite::OPEN_READONLY);
  SQLite::Statement q(book, "SELECT student, score, late_penalty_percent, late, late_reason, coalesce(submitted_at, '') "
                            "FROM latest_submissions");
  std::map<std::string, Row> out;
  while (q.executeStep())
    out[q.getColumn(0).getString()] = {q.getColumn(1).getDouble(), q.getColumn(2).getDouble(), q.getColumn(3).getInt() != 0,
                                       q.getColumn(4).getString(), q.getColumn(5).getString()};
  return out;
}

void set_mtime(const fs::path& p, const std::string& iso) {
  // 2026-11-22T12:00:00Z as a file time: system_clock and file_time_type agree on Linux up to their epoch.
  std::tm tm{};
  strptime(iso.c_str(), "%Y-%m-%dT%H:%M:%SZ", &tm);
  const auto sys = std::chrono::system_clock::from_time_t(timegm(&tm));
  fs::last_write_time(p, fs::file_time_type::clock::now() + (sys - std::chrono::system_clock::now()));
}

class LateWork : public ::testing::Test {
 protected:
  ScratchDir scratch;
  fs::path dir = scratch.path();
  fs::path exports = dir / "exports";
  fs::path book = dir / "gb.db";

  void SetUp() override {
    fs::create_directories(exports);
    for (const char* name : {"lialice_1025_555_hw1", "smithsam_LATE_1019_556_hw1", "doejane_late_1030_557_hw1",
                             "Ann Lee_123456_assignsubmission_file_", "Bo Chen_123457_assignsubmission_file_"})
      fs::copy(kCourse / "solutions", exports / name, fs::copy_options::recursive);
    // The entries' own times (Moodle keeps them on its files): Ann is 1.5 days
    // late, Bo would be too, Sam 10 hours, Jane 1.5 days (within her extension).
    set_mtime(exports / "Ann Lee_123456_assignsubmission_file_", "2026-11-22T12:00:00Z");
    set_mtime(exports / "Bo Chen_123457_assignsubmission_file_", "2026-11-22T12:00:00Z");
    set_mtime(exports / "smithsam_LATE_1019_556_hw1", "2026-11-21T10:00:00Z");
    set_mtime(exports / "doejane_late_1030_557_hw1", "2026-11-22T12:00:00Z");
    write_text(dir / "deadlines.yaml",
               "due: 2026-11-20T23:59:00Z\ngrace_minutes: 5\npercent_per_day: 10\nmax_percent: 30\n"
               "no_credit_after: 2026-11-27T23:59:00Z\n");
    // The LMS's submission list: Alice on time, Bo (whose file time says late) on time too.
    write_text(dir / "times.csv", "student,submitted_at\n1025,2026-11-20T22:00:00Z\n123457,2026-11-20T23:01:00+00:00\n");
    write_text(dir / "extensions.csv", "student,days\n1030,3\n");
    write_text(dir / "roster.csv",
               "id,name,email,section\n1025,\"Li, Alice\",alice@example.org,A\n1019,Sam Smith,sam@example.org,A\n"
               "1030,Jane Doe,jane@example.org,B\n123456,Ann Lee,ann@example.org,B\n123457,Bo Chen,bo@example.org,B\n"
               "9999,=cmd|' /C calc'!A0,nobody@example.org,C\n");
  }

  GraderRun grade(std::vector<std::string> extra) {
    std::vector<std::string> args = {"-j", "2", "grade", exports.string(), "--id-pattern", "lms", "--lesson", kLesson,
                                     "--gradebook", book.string(), "--deadlines", (dir / "deadlines.yaml").string(),
                                     "--submitted-at", (dir / "times.csv").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_grader(args, std::chrono::seconds(600));
  }
};

TEST_F(LateWork, PenaltiesFollowTimesFlagsAndExtensionsAndReachTheLmsCsvs) {
  GraderRun first = grade({"--extensions", (dir / "extensions.csv").string(), "--times-from-files"});
  ASSERT_EQ(first.exit_code, 0) << describe(first);
  EXPECT_NE(first.out.find("Late: 2 submissions, 2 penalised"), std::string::npos) << first.out;
  auto rows = latest(book);
  ASSERT_EQ(rows.size(), 5u);
  const double full = rows.at("1025").score;
  ASSERT_GT(full, 0);
  for (const auto& [id, r] : rows) EXPECT_EQ(r.score, full) << id << ": raw scores are the tests' points";

  EXPECT_FALSE(rows.at("1025").late) << rows.at("1025").reason;
  EXPECT_EQ(rows.at("1025").submitted_at, "2026-11-20T22:00:00Z");
  EXPECT_NE(rows.at("1025").reason.find("times.csv"), std::string::npos) << rows.at("1025").reason;
  EXPECT_TRUE(rows.at("1019").late) << "Canvas's LATE flag and a file time 10 hours late";
  EXPECT_EQ(rows.at("1019").penalty, 10) << rows.at("1019").reason;
  EXPECT_EQ(rows.at("1019").submitted_at, "2026-11-21T10:00:00Z");
  EXPECT_FALSE(rows.at("1030").late) << "lowercase late flag, late, but within an extension: " << rows.at("1030").reason;
  EXPECT_EQ(rows.at("1030").penalty, 0);
  EXPECT_TRUE(rows.at("123456").late) << "Moodle file time, 1.5 days late";
  EXPECT_EQ(rows.at("123456").penalty, 20) << rows.at("123456").reason;
  EXPECT_EQ(rows.at("123456").submitted_at, "2026-11-22T12:00:00Z");
  EXPECT_FALSE(rows.at("123457").late) << "the submission list beats the file time: " << rows.at("123457").reason;

  // Without the file times only the LMS's flags and the list are known:
  // nothing is regraded, the penalties follow the inputs of this run.
  GraderRun second = grade({"--extensions", (dir / "extensions.csv").string()});
  ASSERT_EQ(second.exit_code, 0) << describe(second);
  EXPECT_NE(second.out.find("0 graded now, 5 unchanged"), std::string::npos) << describe(second);
  rows = latest(book);
  EXPECT_TRUE(rows.at("1019").late);
  EXPECT_EQ(rows.at("1019").penalty, 10) << "the flag alone is one day: " << rows.at("1019").reason;
  EXPECT_NE(rows.at("1019").reason.find("flagged late by the LMS"), std::string::npos) << rows.at("1019").reason;
  EXPECT_EQ(rows.at("1019").submitted_at, "") << "no time this run";
  EXPECT_EQ(rows.at("1030").penalty, 0) << "flagged, but an extension: " << rows.at("1030").reason;
  EXPECT_FALSE(rows.at("123456").late) << rows.at("123456").reason;
  EXPECT_NE(rows.at("123456").reason.find("unknown"), std::string::npos) << rows.at("123456").reason;

  // The instructor grants Sam two days after grading: nothing is regraded, the penalty follows.
  write_text(dir / "extensions.csv", "student,days\n1030,3\n1019,2\n");
  GraderRun third = grade({"--extensions", (dir / "extensions.csv").string(), "--times-from-files"});
  ASSERT_EQ(third.exit_code, 0) << describe(third);
  EXPECT_NE(third.out.find("0 graded now, 5 unchanged"), std::string::npos) << describe(third);
  rows = latest(book);
  EXPECT_EQ(rows.at("1019").penalty, 0) << rows.at("1019").reason;
  EXPECT_NE(rows.at("1019").reason.find("extension"), std::string::npos) << rows.at("1019").reason;
  EXPECT_EQ(rows.at("123456").penalty, 20) << rows.at("123456").reason;

  GraderRun roster = run_grader({"roster", "import", (dir / "roster.csv").string(), "--gradebook", book.string()});
  ASSERT_EQ(roster.exit_code, 0) << describe(roster);
  EXPECT_NE(roster.out.find("imported 6 students"), std::string::npos) << roster.out;
  EXPECT_NE(roster.out.find("1 without a graded submission"), std::string::npos) << roster.out;
  GraderRun list = run_grader({"roster", "list", "--gradebook", book.string()});
  EXPECT_NE(list.out.find("9999\t=cmd"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("no submission"), std::string::npos) << list.out;
  GraderRun absent = run_grader({"history", "9999", "--gradebook", book.string()});
  EXPECT_EQ(absent.exit_code, 2) << describe(absent);
  EXPECT_NE(absent.err.find("student '9999' (=cmd|' /C calc'!A0) is on the roster and has no submission"), std::string::npos)
      << describe(absent);
  // Grading again (nothing changed: every submission skipped), the summary names who did not submit.
  GraderRun again = grade({"--extensions", (dir / "extensions.csv").string(), "--times-from-files"});
  ASSERT_EQ(again.exit_code, third.exit_code) << describe(again);
  EXPECT_NE(again.out.find("On the roster without a submission (1): 9999 (=cmd|' /C calc'!A0)\n"), std::string::npos)
      << describe(again);
  EXPECT_NE(again.err.find("1019 (Sam Smith) "), std::string::npos) << "the progress line names the student\n"
                                                                 << describe(again);

  // Grades CSV: names, both totals and the reason.
  GraderRun csv = run_grader({"export", "--format", "csv", "--gradebook", book.string()});
  ASSERT_EQ(csv.exit_code, 0) << describe(csv);
  auto table = grader::report::parse_csv(csv.out);
  ASSERT_EQ(table[0][1], "name");
  bool saw_ann = false;
  for (const auto& r : table)
    if (r[0] == "123456") {
      saw_ann = true;
      EXPECT_EQ(r[1], "Ann Lee");
      EXPECT_DOUBLE_EQ(std::stod(r[2]), full * 0.8);
      EXPECT_DOUBLE_EQ(std::stod(r[4]), full);
      EXPECT_EQ(r[5], "20");
      EXPECT_NE(r[6].find("file time"), std::string::npos) << r[6];
    }
  EXPECT_TRUE(saw_ann) << csv.out;

  GraderRun canvas = run_grader({"export", "--format", "canvas", "--assignment", "Homework 1 (777)", "--gradebook",
                                 book.string(), "-o", (dir / "canvas.csv").string()});
  ASSERT_EQ(canvas.exit_code, 0) << describe(canvas);
  auto c = grader::report::parse_csv(read_text(dir / "canvas.csv"));
  ASSERT_EQ(c.size(), 7u) << read_text(dir / "canvas.csv");
  EXPECT_EQ(c[0][5], "Homework 1 (777)");
  std::map<std::string, std::vector<std::string>> by_id;
  for (std::size_t i = 1; i < c.size(); ++i) by_id[c[i][1]] = c[i];
  EXPECT_EQ(by_id.at("1025")[0], "Li, Alice");
  EXPECT_EQ(by_id.at("1025")[4], "A");
  EXPECT_DOUBLE_EQ(std::stod(by_id.at("123456")[5]), full * 0.8);
  EXPECT_EQ(by_id.at("9999")[5], "") << "no submission: left for the LMS";
  EXPECT_EQ(by_id.at("9999")[0], "'=cmd|' /C calc'!A0") << "the formula guard";

  // The column names the grade item: without --assignment there is no name to give it.
  GraderRun unnamed = run_grader({"export", "--format", "moodle-gradebook", "--points", grader::report::format_points(full),
                                  "--gradebook", book.string()});
  EXPECT_EQ(unnamed.exit_code, 2) << describe(unnamed);
  EXPECT_NE(unnamed.err.find("--format moodle-gradebook needs --assignment NAME"), std::string::npos) << describe(unnamed);
  EXPECT_EQ(unnamed.out, "") << "nothing written";
  GraderRun moodle = run_grader({"export", "--format", "moodle-gradebook", "--points", grader::report::format_points(full),
                                 "--assignment", "Homework 1", "--gradebook", book.string()});
  ASSERT_EQ(moodle.exit_code, 0) << describe(moodle);
  auto m = grader::report::parse_csv(moodle.out);
  ASSERT_EQ(m[0][0], "Email address");
  bool saw_ann_in_moodle = false;
  for (const auto& r : m)
    if (r[0] == "ann@example.org") {
      saw_ann_in_moodle = true;
      EXPECT_NE(r[3].find("Late penalty 20%"), std::string::npos) << r[3];
    }
  EXPECT_TRUE(saw_ann_in_moodle) << moodle.out;
  GraderRun no_sheet = run_grader({"export", "--format", "moodle", "--gradebook", book.string()});
  EXPECT_EQ(no_sheet.exit_code, 2) << describe(no_sheet);
  EXPECT_NE(no_sheet.err.find("--worksheet FILE"), std::string::npos) << no_sheet.err;

  GraderRun json = run_grader({"export", "--format", "json", "--student", "1019", "--gradebook", book.string()});
  EXPECT_NE(json.out.find("\"student_name\": \"Sam Smith\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"lateness\""), std::string::npos) << json.out;
}

TEST_F(LateWork, MistakesInTheDeadlineInputsStopGradingWithWhereAndWhat) {
  write_text(dir / "bad.yaml", "due: 2026-11-20 23:59\npercent_per_day: ten\n");
  GraderRun bad = run_grader({"grade", exports.string(), "--id-pattern", "lms", "--lesson", kLesson, "--gradebook",
                              book.string(), "--deadlines", (dir / "bad.yaml").string()});
  EXPECT_EQ(bad.exit_code, 2) << describe(bad);
  EXPECT_NE(bad.err.find("bad.yaml:1:6: error: 'due' must be a date and time with its time zone"), std::string::npos)
      << bad.err;
  EXPECT_NE(bad.err.find("bad.yaml:2:"), std::string::npos) << bad.err;
  EXPECT_FALSE(fs::exists(book)) << "nothing graded";

  write_text(dir / "ext.csv", "student,days\n1019,soon\n");
  GraderRun ext = run_grader({"grade", exports.string(), "--id-pattern", "lms", "--gradebook", book.string(),
                              "--deadlines", (dir / "deadlines.yaml").string(), "--extensions", (dir / "ext.csv").string()});
  EXPECT_EQ(ext.exit_code, 2) << describe(ext);
  EXPECT_NE(ext.err.find("ext.csv row 2"), std::string::npos) << ext.err;

  GraderRun alone = run_grader({"grade", exports.string(), "--gradebook", book.string(), "--extensions",
                                (dir / "ext.csv").string()});
  EXPECT_EQ(alone.exit_code, 2) << describe(alone);
  EXPECT_NE(alone.err.find("need --deadlines"), std::string::npos) << alone.err;

  write_text(dir / "dup.csv", "id,name\n1019,Sam\n1019,Sam again\n");
  GraderRun dup = run_grader({"roster", "import", (dir / "dup.csv").string(), "--gradebook", book.string()});
  EXPECT_EQ(dup.exit_code, 2) << describe(dup);
  EXPECT_NE(dup.err.find("rows 2 and 3"), std::string::npos) << dup.err;
}

// The penalised total as every export prints it.
std::string penalised_text(const Row& r) {
  grader::runner::SubmissionResult result;
  result.score = r.score;
  result.lateness.penalty_percent = r.penalty;
  return grader::report::format_points(grader::runner::penalised_score(result));
}

std::map<std::string, int> versions(const fs::path& db) {
  SQLite::Database book(db.string(), SQLite::OPEN_READONLY);
  SQLite::Statement q(book, "SELECT student, count(*) FROM submissions GROUP BY student");
  std::map<std::string, int> out;
  while (q.executeStep()) out[q.getColumn(0).getString()] = q.getColumn(1).getInt();
  return out;
}

// A late student, one with an extension, one past the cutoff: `regrade`
// decides their lateness again from what the gradebook kept (not from today's
// files, which changed), every export carries that, `merge` keeps it, and a
// new --deadlines given to regrade replaces it.
TEST_F(LateWork, RegradeAndMergeKeepTheLateDecisionAndEveryExportAgrees) {
  write_text(dir / "times.csv",
             "student,submitted_at\n1025,2026-11-20T22:00:00Z\n1019,2026-11-22T12:00:00Z\n1030,2026-11-22T12:00:00Z\n"
             "123456,2026-11-29T00:00:00Z\n123457,2026-11-20T23:01:00Z\n");
  GraderRun first = grade({"--extensions", (dir / "extensions.csv").string()});
  ASSERT_EQ(first.exit_code, 0) << describe(first);
  const auto graded = latest(book);
  ASSERT_EQ(graded.at("1019").penalty, 20) << graded.at("1019").reason;
  ASSERT_EQ(graded.at("1030").penalty, 0) << graded.at("1030").reason;
  ASSERT_NE(graded.at("1030").reason.find("extension"), std::string::npos) << graded.at("1030").reason;
  ASSERT_EQ(graded.at("123456").penalty, 100) << graded.at("123456").reason;
  ASSERT_NE(graded.at("123456").reason.find("cutoff"), std::string::npos) << graded.at("123456").reason;

  // Today's files say something else; regrade does not read them.
  write_text(dir / "times.csv", "student,submitted_at\n1019,2026-11-20T00:00:00Z\n123456,2026-11-20T00:00:00Z\n");
  write_text(dir / "extensions.csv", "student,days\n");
  GraderRun help = run_grader({"regrade", "--help"});
  EXPECT_NE(help.out.find("--deadlines"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("penalised again from the inputs the gradebook kept"), std::string::npos) << help.out;
  GraderRun again = run_grader({"-j", "2", "regrade", "1019", "1030", "123456", "--lesson", kLesson, "--gradebook",
                                book.string()},
                               std::chrono::seconds(600));
  ASSERT_EQ(again.exit_code, 0) << describe(again);
  EXPECT_NE(again.out.find("Late: 2 submissions, 2 penalised"), std::string::npos) << again.out;
  const auto regraded = latest(book);
  const auto counts = versions(book);
  for (const char* id : {"1019", "1030", "123456"}) {
    EXPECT_EQ(counts.at(id), 2) << id << ": a new version";
    EXPECT_EQ(regraded.at(id).penalty, graded.at(id).penalty) << id << ": " << regraded.at(id).reason;
    EXPECT_EQ(regraded.at(id).reason, graded.at(id).reason) << id;
    EXPECT_EQ(regraded.at(id).submitted_at, graded.at(id).submitted_at) << id;
    EXPECT_EQ(regraded.at(id).score, graded.at(id).score) << id;
    // The progress line gives the gradebook's (penalised) total.
    EXPECT_NE(again.err.find(id), std::string::npos) << again.err;
  }
  EXPECT_NE(again.err.find(penalised_text(regraded.at("1019")) + "/"), std::string::npos) << again.err;
  EXPECT_NE(again.err.find("late -20%"), std::string::npos) << again.err;

  GraderRun roster = run_grader({"roster", "import", (dir / "roster.csv").string(), "--gradebook", book.string()});
  ASSERT_EQ(roster.exit_code, 0) << describe(roster);

  // Every export: the penalised total of each student.
  GraderRun csv = run_grader({"export", "--format", "csv", "--gradebook", book.string()});
  ASSERT_EQ(csv.exit_code, 0) << describe(csv);
  std::map<std::string, std::vector<std::string>> csv_rows;
  for (const auto& r : grader::report::parse_csv(csv.out)) csv_rows[r[0]] = r;
  EXPECT_EQ(csv_rows.size(), 7u) << "header, five graded, the roster's non-submitter: " << csv.out;
  EXPECT_EQ(csv_rows.at("9999").back(), "no submission") << csv.out;
  EXPECT_EQ(csv_rows.at("9999")[2], "") << csv.out;
  GraderRun unnamed = run_grader({"export", "--format", "canvas", "--gradebook", book.string()});
  EXPECT_EQ(unnamed.exit_code, 2) << "Canvas would take any other column for a new assignment: " << describe(unnamed);
  EXPECT_NE(unnamed.err.find("needs --assignment"), std::string::npos) << unnamed.err;
  GraderRun canvas = run_grader({"export", "--format", "canvas", "--assignment", "Homework 1 (777)", "--gradebook",
                                 book.string()});
  ASSERT_EQ(canvas.exit_code, 0) << describe(canvas);
  EXPECT_NE(canvas.err.find("grades out of " + grader::report::format_points(regraded.at("1025").score)),
            std::string::npos)
      << "what the Canvas assignment's points must be: " << canvas.err;
  std::map<std::string, std::vector<std::string>> canvas_rows;
  for (const auto& r : grader::report::parse_csv(canvas.out)) canvas_rows[r[1]] = r;
  GraderRun gradebook_csv = run_grader({"export", "--format", "moodle-gradebook", "--points",
                                        grader::report::format_points(regraded.at("1025").score), "--assignment",
                                        "Homework 1", "--gradebook", book.string()});
  ASSERT_EQ(gradebook_csv.exit_code, 0) << describe(gradebook_csv);
  std::map<std::string, std::vector<std::string>> moodle_rows;
  for (const auto& r : grader::report::parse_csv(gradebook_csv.out)) moodle_rows[r[0]] = r;
  std::string worksheet = "Identifier,Full name,Grade,Maximum Grade,Last modified (grade),Feedback comments\n";
  for (const auto& [id, r] : regraded)
    worksheet += "Participant " + id + ",X,,,\"Monday, 23 November 2026, 9:00 AM\",\n";
  write_text(dir / "worksheet.csv", worksheet);
  GraderRun filled = run_grader({"export", "--format", "moodle", "--worksheet", (dir / "worksheet.csv").string(),
                                 "--gradebook", book.string()});
  ASSERT_EQ(filled.exit_code, 0) << describe(filled);
  std::map<std::string, std::vector<std::string>> sheet_rows;
  for (const auto& r : grader::report::parse_csv(filled.out)) sheet_rows[r[0]] = r;
  const std::map<std::string, std::string> email = {{"1025", "alice@example.org"}, {"1019", "sam@example.org"},
                                                    {"1030", "jane@example.org"}, {"123456", "ann@example.org"},
                                                    {"123457", "bo@example.org"}};
  GraderRun html = run_grader({"export", "--format", "html", "--gradebook", book.string(), "-o", (dir / "site").string()});
  ASSERT_EQ(html.exit_code, 0) << describe(html);
  const std::string index = read_text(dir / "site" / "index.html");
  for (const auto& [id, r] : regraded) {
    SCOPED_TRACE(id + ": " + r.reason);
    const std::string total = penalised_text(r);
    EXPECT_EQ(csv_rows.at(id)[2], total);
    EXPECT_EQ(csv_rows.at(id)[4], grader::report::format_points(r.score)) << "raw";
    EXPECT_EQ(canvas_rows.at(id)[5], total);
    EXPECT_EQ(moodle_rows.at(email.at(id))[2], total) << "scaled to the course's own total: unchanged";
    EXPECT_EQ(sheet_rows.at("Participant " + id)[2], total);
    EXPECT_EQ(sheet_rows.at("Participant " + id)[4], "Monday, 23 November 2026, 9:00 AM") << "kept as downloaded";
    EXPECT_NE(index.find(total), std::string::npos) << "the class page";
    GraderRun json = run_grader({"export", "--format", "json", "--student", id, "--gradebook", book.string()});
    EXPECT_NE(json.out.find("\"score_after_penalty\": " + total), std::string::npos) << json.out;
    GraderRun md = run_grader({"export", "--format", "markdown", "--student", id, "--gradebook", book.string()});
    EXPECT_NE(md.out.find("Score: " + total + " / "), std::string::npos) << md.out;
    GraderRun history = run_grader({"history", id, "--gradebook", book.string()});
    if (r.penalty > 0) {
      EXPECT_NE(history.out.find(total + " after the late penalty"), std::string::npos) << history.out;
      EXPECT_NE(history.out.find("Late penalty"), std::string::npos) << history.out;
    }
    EXPECT_EQ(history.out.find("On time: on time"), std::string::npos) << history.out;
  }

  // Merge into an empty gradebook: the same decision and its inputs.
  const fs::path merged = dir / "merged.db";
  GraderRun merge = run_grader({"merge", merged.string(), book.string()});
  ASSERT_EQ(merge.exit_code, 0) << describe(merge);
  const auto after_merge = latest(merged);
  for (const auto& [id, r] : regraded) {
    EXPECT_EQ(after_merge.at(id).penalty, r.penalty) << id;
    EXPECT_EQ(after_merge.at(id).reason, r.reason) << id;
  }
  SQLite::Database m(merged.string(), SQLite::OPEN_READONLY);
  EXPECT_EQ(m.execAndGet("SELECT json_extract(late_inputs, '$.extended_due') FROM latest_submissions WHERE student = '1030'")
                .getString(),
            "2026-11-23T23:59:00Z");

  // New deadlines given to regrade replace the kept ones: no cutoff, the 30% cap.
  write_text(dir / "no-cutoff.yaml", "due: 2026-11-20T23:59:00Z\ngrace_minutes: 5\npercent_per_day: 10\nmax_percent: 30\n");
  write_text(dir / "times.csv", "student,submitted_at\n123456,2026-11-29T00:00:00Z\n");
  GraderRun changed = run_grader({"regrade", "123456", "--lesson", kLesson, "--gradebook", book.string(), "--deadlines",
                                  (dir / "no-cutoff.yaml").string(), "--submitted-at", (dir / "times.csv").string()},
                                 std::chrono::seconds(600));
  ASSERT_EQ(changed.exit_code, 0) << describe(changed);
  EXPECT_EQ(latest(book).at("123456").penalty, 30) << latest(book).at("123456").reason;
}

TEST_F(LateWork, LmsNamesWithoutAnIdPatternAreRefusedBeforeAnyGrading) {
  GraderRun both = run_grader({"grade", exports.string(), "--lesson", kLesson, "--gradebook", book.string()});
  EXPECT_EQ(both.exit_code, 2) << describe(both);
  EXPECT_NE(both.err.find("5 of the 5 entries are named as in Canvas and Moodle downloads"), std::string::npos) << both.err;
  EXPECT_NE(both.err.find("add --id-pattern lms"), std::string::npos) << both.err;
  EXPECT_FALSE(fs::exists(book)) << "nothing graded, no gradebook";

  const fs::path canvas = dir / "canvas";
  fs::create_directories(canvas / "alice");
  write_text(canvas / "dupontclaire_LATE_1013_40131_final.zip", "not read");
  write_text(canvas / "smithsam_1019_4471_softmax.cpp", "not read");
  GraderRun only_canvas = run_grader({"grade", canvas.string(), "--lesson", kLesson, "--gradebook", book.string()});
  EXPECT_EQ(only_canvas.exit_code, 2) << describe(only_canvas);
  EXPECT_NE(only_canvas.err.find("2 of the 3 entries are named as in a Canvas download"), std::string::npos)
      << only_canvas.err;
  EXPECT_NE(only_canvas.err.find("add --id-pattern canvas"), std::string::npos) << only_canvas.err;
  EXPECT_FALSE(fs::exists(book));

  const fs::path moodle = dir / "moodle";
  fs::create_directories(moodle / "Ann Lee_123456_assignsubmission_file_");
  GraderRun only_moodle = run_grader({"grade", moodle.string(), "--lesson", kLesson, "--gradebook", book.string()});
  EXPECT_EQ(only_moodle.exit_code, 2) << describe(only_moodle);
  EXPECT_NE(only_moodle.err.find("add --id-pattern moodle"), std::string::npos) << only_moodle.err;
  EXPECT_FALSE(fs::exists(book));
}

}  // namespace
