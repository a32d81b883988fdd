// Deadlines and late penalties, the roster, the LMS grade-import CSVs and the
// class report's pages: the pure parts, without grading anything
// (tests/report/ grades a real class and opens the site in a browser).
#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include <fstream>
#include <regex>
#include <set>
#include <sys/stat.h>
#include <utime.h>

#include "grader/batch/submission_time.hpp"
#include "grader/course/deadlines.hpp"
#include "grader/gradebook/gradebook.hpp"
#include "grader/report/csv.hpp"
#include "grader/report/exercism.hpp"
#include "grader/report/grades_csv.hpp"
#include "grader/report/gradescope.hpp"
#include "grader/report/html/file_names.hpp"
#include "grader/report/html/site.hpp"
#include "grader/report/junit.hpp"
#include "grader/report/lms_csv.hpp"
#include "grader/report/markdown.hpp"
#include "grader/report/result_json.hpp"
#include "grader/runner/late_policy.hpp"
#include "grader/util/files.hpp"

namespace {

namespace fs = std::filesystem;
using grader::course::LatePolicy;
using grader::course::parse_utc_time;
using grader::runner::assess_lateness;
using grader::runner::SubmissionTime;

std::time_t at(const char* text) {
  auto t = parse_utc_time(text);
  EXPECT_TRUE(t.has_value()) << text;
  return t.value_or(0);
}

// ------------------------------------------------------------------ times

TEST(UtcTime, ParsesZonesAndRefusesAmbiguity) {
  EXPECT_EQ(at("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(at("2026-11-20T23:59:00Z"), at("2026-11-21T00:59:00+01:00"));
  EXPECT_EQ(at("2026-11-20T23:59Z"), at("2026-11-20T23:59:00Z"));
  EXPECT_EQ(at("2026-11-20T23:59:00.750Z"), at("2026-11-20T23:59:00Z"));
  EXPECT_EQ(at("2026-11-20 18:59:00-05:00"), at("2026-11-20T23:59:00Z"));
  EXPECT_EQ(at("2024-02-29T12:00:00Z") + 86400, at("2024-03-01T12:00:00Z"));
  EXPECT_EQ(grader::course::format_utc_time(at("2026-11-21T00:59:00+01:00")), "2026-11-20T23:59:00Z");
  for (const char* bad : {"2026-11-20T23:59:00", "2026-11-20", "2026-13-01T00:00:00Z", "2025-02-29T00:00:00Z",
                          "2026-11-20T24:00:00Z", "2026-11-20T23:59:00+1", "yesterday", "2026-11-20T23:59:00Zjunk"})
    EXPECT_FALSE(parse_utc_time(bad).has_value()) << bad;
}

// ------------------------------------------------------------ late policy

LatePolicy policy() {
  LatePolicy p;
  p.due = at("2026-11-20T23:59:00Z");
  p.grace_minutes = 15;
  p.percent_per_day = 10;
  p.max_percent = 50;
  return p;
}

SubmissionTime submitted(const char* when) { return SubmissionTime{at(when), "times.csv", false}; }

TEST(LatePolicy, OnTimeAndWithinGrace) {
  auto on_time = assess_lateness(policy(), submitted("2026-11-20T23:00:00Z"));
  EXPECT_FALSE(on_time.late);
  EXPECT_EQ(on_time.penalty_percent, 0);
  EXPECT_NE(on_time.reason.find("on time"), std::string::npos) << on_time.reason;
  auto grace = assess_lateness(policy(), submitted("2026-11-21T00:14:00Z"));
  EXPECT_FALSE(grace.late);
  EXPECT_NE(grace.reason.find("grace"), std::string::npos) << grace.reason;
}

TEST(LatePolicy, EveryStartedDayCostsFromTheDueDateUpToTheCap) {
  auto just_after_grace = assess_lateness(policy(), submitted("2026-11-21T00:15:01Z"));
  EXPECT_TRUE(just_after_grace.late);
  EXPECT_EQ(just_after_grace.penalty_percent, 10);
  EXPECT_NEAR(just_after_grace.late_seconds, 16 * 60 + 1, 0.5);
  auto day_and_a_bit = assess_lateness(policy(), submitted("2026-11-22T02:00:00Z"));
  EXPECT_EQ(day_and_a_bit.penalty_percent, 20) << day_and_a_bit.reason;
  EXPECT_NE(day_and_a_bit.reason.find("1 day 2 hours late"), std::string::npos) << day_and_a_bit.reason;
  EXPECT_NE(day_and_a_bit.reason.find("times.csv"), std::string::npos) << "the reason names the time's source";
  auto weeks = assess_lateness(policy(), submitted("2026-12-20T00:00:00Z"));
  EXPECT_EQ(weeks.penalty_percent, 50) << "the cap";
  EXPECT_NE(weeks.reason.find("cap"), std::string::npos) << weeks.reason;
}

TEST(LatePolicy, NoCreditAfterTheCutoffWhichAnExtensionMoves) {
  LatePolicy p = policy();
  p.no_credit_after = at("2026-11-23T23:59:00Z");
  EXPECT_EQ(assess_lateness(p, submitted("2026-11-23T23:00:00Z")).penalty_percent, 30);
  auto cut = assess_lateness(p, submitted("2026-11-24T00:00:00Z"));
  EXPECT_EQ(cut.penalty_percent, 100);
  EXPECT_NE(cut.reason.find("no credit"), std::string::npos) << cut.reason;
  // Two more days for this student: the cutoff moves two days as well.
  const std::time_t extended = p.due + 2 * 86400;
  auto with_extension = assess_lateness(p, submitted("2026-11-24T00:00:00Z"), extended);
  EXPECT_EQ(with_extension.penalty_percent, 20) << "1 day 1 minute past the extended due date: " << with_extension.reason;
  EXPECT_NE(with_extension.reason.find("extension"), std::string::npos) << with_extension.reason;
  EXPECT_EQ(assess_lateness(p, submitted("2026-11-25T23:00:00Z"), extended).penalty_percent, 30) << "before the moved cutoff";
  EXPECT_EQ(assess_lateness(p, submitted("2026-11-26T00:00:00Z"), extended).penalty_percent, 100) << "after it";
  EXPECT_FALSE(assess_lateness(p, submitted("2026-11-22T12:00:00Z"), extended).late);
}

TEST(LatePolicy, AnLmsFlagWithoutATimeCostsOneDayUnlessExtended) {
  SubmissionTime flagged{std::nullopt, "", true};
  auto charged = assess_lateness(policy(), flagged);
  EXPECT_TRUE(charged.late);
  EXPECT_EQ(charged.penalty_percent, 10);
  EXPECT_NE(charged.reason.find("--submitted-at"), std::string::npos) << charged.reason;
  auto extended = assess_lateness(policy(), flagged, policy().due + 86400);
  EXPECT_FALSE(extended.late);
  EXPECT_EQ(extended.penalty_percent, 0);
  auto unknown = assess_lateness(policy(), SubmissionTime{});
  EXPECT_FALSE(unknown.late);
  EXPECT_NE(unknown.reason.find("unknown"), std::string::npos);
  // A time beats the flag: flagged but within the grace period is on time.
  SubmissionTime both{at("2026-11-21T00:05:00Z"), "times.csv", true};
  EXPECT_FALSE(assess_lateness(policy(), both).late);
}

TEST(LatePolicy, PenalisedScoreIsExact) {
  grader::runner::SubmissionResult r;
  r.score = 17.5;
  r.lateness.penalty_percent = 30;
  EXPECT_DOUBLE_EQ(grader::runner::penalised_score(r), 12.25);
  r.lateness.penalty_percent = 100;
  EXPECT_DOUBLE_EQ(grader::runner::penalised_score(r), 0);
}

// -------------------------------------------------------- deadlines file

std::string diagnostics_of(const std::string& yaml) {
  try {
    grader::course::load_deadlines_from_string(yaml, "deadlines.yaml");
  } catch (const grader::course::CourseError& e) {
    std::string all;
    for (const auto& d : e.diagnostics()) all += d.text() + "\n";
    return all;
  }
  return "";
}

TEST(DeadlinesFile, ReadsEveryKey) {
  auto p = grader::course::load_deadlines_from_string(
      "due: 2026-11-20T23:59:00Z\ngrace_minutes: 15\npercent_per_day: 10\nmax_percent: 40\n"
      "no_credit_after: 2026-11-27T23:59:00+00:00\n",
      "deadlines.yaml");
  EXPECT_EQ(p.due, at("2026-11-20T23:59:00Z"));
  EXPECT_EQ(p.grace_minutes, 15);
  EXPECT_EQ(p.percent_per_day, 10);
  EXPECT_EQ(p.max_percent, 40);
  ASSERT_TRUE(p.no_credit_after.has_value());
  EXPECT_EQ(*p.no_credit_after, at("2026-11-27T23:59:00Z"));
}

TEST(DeadlinesFile, EveryMistakeWithItsLineAndColumn) {
  EXPECT_NE(diagnostics_of("grace_minutes: 5\n").find("deadlines.yaml:1:1: error: the deadlines file has no 'due'"),
            std::string::npos)
      << diagnostics_of("grace_minutes: 5\n");
  const std::string many = diagnostics_of(
      "due: 2026-11-20T23:59:00\npercent_per_dya: 10\nmax_percent: 140\nno_credit_after: 2026-11-01T00:00:00Z\n");
  EXPECT_NE(many.find("deadlines.yaml:1:6: error: 'due' must be a date and time with its time zone"), std::string::npos)
      << many;
  EXPECT_NE(many.find("deadlines.yaml:2:1:"), std::string::npos) << many;
  EXPECT_NE(many.find("percent_per_day"), std::string::npos) << "suggests the nearest key:\n" << many;
  EXPECT_NE(many.find("deadlines.yaml:3:14: error: 'max_percent' must be between 0 and 100"), std::string::npos) << many;
  const std::string before = diagnostics_of("due: 2026-11-20T23:59:00Z\nno_credit_after: 2026-11-01T00:00:00Z\n");
  EXPECT_NE(before.find("deadlines.yaml:2:18: error: 'no_credit_after' is before 'due'"), std::string::npos) << before;
  EXPECT_NE(diagnostics_of("due: [\n").find("YAML syntax error"), std::string::npos);
  EXPECT_NE(diagnostics_of("- due\n").find("must be a mapping"), std::string::npos);
}

// ------------------------------------------------- extensions and times

class CsvFiles : public ::testing::Test {
 protected:
  grader::util::TempDir dir{"late-roster-test"};
  fs::path write(const std::string& name, const std::string& text) {
    grader::util::write_file_atomically(dir.path() / name, text);
    return dir.path() / name;
  }
  std::string error_of(const std::function<void()>& f) {
    try {
      f();
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "";
  }
};

TEST_F(CsvFiles, ExtensionsByDateOrDays) {
  auto ext = grader::batch::read_extensions(
      write("ext.csv", "student,due,days\nAlice,2026-11-23T23:59:00Z,\n1025,,2.5\n"), policy());
  EXPECT_EQ(ext.at("alice"), at("2026-11-23T23:59:00Z")) << "ids are kept lowercased";
  EXPECT_EQ(ext.at("1025"), policy().due + 216000);
  EXPECT_NE(error_of([&] { grader::batch::read_extensions(write("e1.csv", "student,due\nbob,tomorrow\n"), policy()); })
                .find("e1.csv row 2"),
            std::string::npos);
  EXPECT_NE(error_of([&] { grader::batch::read_extensions(write("e2.csv", "student,days\nbob,1\nBOB,2\n"), policy()); })
                .find("second extension"),
            std::string::npos);
  EXPECT_NE(error_of([&] { grader::batch::read_extensions(write("e3.csv", "who,days\nbob,1\n"), policy()); })
                .find("no 'student' column"),
            std::string::npos);
  EXPECT_NE(error_of([&] { grader::batch::read_extensions(write("e4.csv", "student,days\nbob,-1\n"), policy()); })
                .find("from 0 to 3650"),
            std::string::npos);
}

TEST_F(CsvFiles, SubmissionTimesWinOverFileTimesAndTheLateFlag) {
  grader::batch::DeadlineInputs in;
  in.policy = policy();
  in.submitted_at = grader::batch::read_submitted_at(write("times.csv", "student,submitted_at\n1025,2026-11-22T02:00:00Z\n"));
  in.submitted_at_file = "times.csv";
  grader::batch::Entry listed{dir.path() / "lilalice_LATE_1025_777_hw.zip", "1025", true, "", {}};
  write("lilalice_LATE_1025_777_hw.zip", "x");
  grader::runner::SubmissionResult r;
  grader::batch::stamp_lateness(listed, in, r);
  EXPECT_EQ(r.submitted_at, "2026-11-22T02:00:00Z");
  EXPECT_EQ(r.lateness.penalty_percent, 20) << r.lateness.reason;

  // No time: Canvas's flag in any letter case charges one day.
  for (const char* name : {"smithsam_LATE_1019_5_hw.zip", "smithsam_late_1019_5_hw.zip", "smithsam_Late_1019_5_hw.zip"}) {
    grader::batch::Entry flagged{dir.path() / name, "1019", true, "", {}};
    grader::runner::SubmissionResult s;
    grader::batch::stamp_lateness(flagged, in, s);
    EXPECT_TRUE(s.lateness.late) << name;
    EXPECT_EQ(s.lateness.penalty_percent, 10) << name;
    EXPECT_EQ(s.submitted_at, "") << "no time was known";
  }
  EXPECT_FALSE(grader::batch::lms_flags_late("latelara_1019_5_hw.zip")) << "LATE in the name part is no flag";
  EXPECT_FALSE(grader::batch::lms_flags_late("Lara Late_123456_assignsubmission_file_"));

  // The last resort: the entry's own modification time.
  const fs::path moodle = write("Ann Lee_123456_assignsubmission_file_hw.zip", "x");
  struct utimbuf times {};
  times.actime = times.modtime = at("2026-11-21T12:00:00Z");
  ASSERT_EQ(::utime(moodle.c_str(), &times), 0);
  grader::batch::Entry file_timed{moodle, "123456", true, "", {}};
  grader::runner::SubmissionResult m;
  grader::batch::stamp_lateness(file_timed, in, m);
  EXPECT_FALSE(m.lateness.late) << "without --times-from-files the file time is not used";
  in.times_from_files = true;
  grader::batch::stamp_lateness(file_timed, in, m);
  EXPECT_EQ(m.submitted_at, "2026-11-21T12:00:00Z");
  EXPECT_EQ(m.lateness.penalty_percent, 10) << m.lateness.reason;
  EXPECT_NE(m.lateness.reason.find("file time"), std::string::npos) << m.lateness.reason;
}

// --------------------------------------------- gradebook: schema 2, roster

grader::runner::SubmissionResult graded(const std::string& student, double score) {
  grader::runner::SubmissionResult s;
  s.student = student;
  s.source = student + ".zip";
  s.content_hash = "hash-" + student;
  s.course_version = "v";
  s.grader_version = "g";
  grader::runner::LessonResult l;
  l.lesson = "positional-encoding";
  grader::runner::TestResult t;
  t.exercise = "pe-formula";
  t.name = "PeFormula.Values";
  t.status = score > 0 ? grader::runner::TestStatus::passed : grader::runner::TestStatus::failed;
  t.score = score;
  t.max_score = 10;
  t.message = score > 0 ? "" : "expected 0.5, got <script>alert(1)</script>";
  l.tests.push_back(t);
  l.score = score;
  l.max_score = 10;
  s.lessons.push_back(l);
  s.score = score;
  s.max_score = 10;
  return s;
}

TEST_F(CsvFiles, GradebookKeepsRawScorePenaltyAndReason) {
  auto book = grader::gradebook::Gradebook::open(dir.path() / "gb.db");
  auto late = graded("alice", 8);
  late.lateness = {true, 90000, 20, "1 day 1 hour late: 20% off"};
  book.record(late);
  auto back = book.latest("alice")->result;
  EXPECT_EQ(back.score, 8);
  EXPECT_TRUE(back.lateness.late);
  EXPECT_EQ(back.lateness.late_seconds, 90000);
  EXPECT_EQ(back.lateness.penalty_percent, 20);
  EXPECT_EQ(back.lateness.reason, "1 day 1 hour late: 20% off");
  EXPECT_DOUBLE_EQ(grader::runner::penalised_score(back), 6.4);
  EXPECT_TRUE(book.set_lateness("alice", {false, -1, 0, "on time with an extension"}, "2026-11-20T10:00:00Z"));
  back = book.latest("alice")->result;
  EXPECT_FALSE(back.lateness.late);
  EXPECT_EQ(back.lateness.late_seconds, -1);
  EXPECT_EQ(back.submitted_at, "2026-11-20T10:00:00Z");
  EXPECT_FALSE(book.set_lateness("nobody", {}, ""));
  EXPECT_TRUE(book.check_integrity().ok());
}

TEST_F(CsvFiles, AVersionOneGradebookIsMigrated) {
  const fs::path v1 = dir.path() / "v1.db";
  {
    SQLite::Database raw(v1.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec(grader::util::read_file(fs::path(TEST_SOURCE_DIR) / "grader/gradebook_schema_v1.sql"));
    raw.exec("INSERT INTO meta VALUES ('schema_version', '1');"
             "INSERT INTO students VALUES ('bob', '2026-11-01T00:00:00Z');"
             "INSERT INTO submissions(student, source, content_hash, graded_at, course_version, grader_version, score, "
             "max_score, seconds) VALUES ('bob', 'bob.zip', 'h', '2026-11-01T00:00:00Z', 'v', 'g', 7, 10, 1);"
             "PRAGMA user_version = 1;");
  }
  auto book = grader::gradebook::Gradebook::open(v1);
  EXPECT_EQ(book.schema_version(), grader::gradebook::kSchemaVersion);
  auto bob = book.latest("bob");
  ASSERT_TRUE(bob.has_value());
  EXPECT_EQ(bob->result.score, 7);
  EXPECT_FALSE(bob->result.lateness.late);
  EXPECT_EQ(bob->result.lateness.reason, "");
  EXPECT_TRUE(book.roster().empty());
  EXPECT_TRUE(book.check_integrity().ok());
}

TEST_F(CsvFiles, RosterImportReplacesAndRefusesBadRows) {
  auto book = grader::gradebook::Gradebook::open(dir.path() / "gb.db");
  book.record(graded("1025", 10));
  auto report = book.import_roster("Section,ID,Name,Email,extra\nA,1025,\"Li, Alice\",alice@example.org,x\nB,1019,Sam Smith,,\n");
  EXPECT_EQ(report.students, 2);
  EXPECT_EQ(report.not_submitted, 1);
  auto roster = book.roster();
  ASSERT_EQ(roster.size(), 2u);
  EXPECT_EQ(roster[1].id, "1025");
  EXPECT_EQ(roster[1].name, "Li, Alice");
  EXPECT_EQ(roster[1].email, "alice@example.org");
  EXPECT_EQ(roster[1].section, "A");
  auto refused = [&](const std::string& csv, const std::string& expected) {
    try {
      book.import_roster(csv);
      ADD_FAILURE() << "imported: " << csv;
    } catch (const grader::gradebook::GradebookError& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
    EXPECT_EQ(book.roster().size(), 2u) << "a refused import changes nothing";
  };
  refused("id,name\n1,A\nx,B\nX,C\n", "rows 3 and 4");
  refused("id,name\n,A\n", "row 2: the id is empty");
  refused("student,name\n1,A\n", "no 'id' column");
  refused("id,name\n\"1,A\n", "not valid CSV");
  book.import_roster("id,name\n7,Seven\n");
  EXPECT_EQ(book.roster().size(), 1u) << "an import replaces the roster";
}

TEST_F(CsvFiles, MergeCopiesTheOtherRoster) {
  {
    auto other = grader::gradebook::Gradebook::open(dir.path() / "other.db");
    other.record(graded("1019", 5));
    other.import_roster("id,name\n1019,Sam\n1025,Alice\n");
  }
  auto book = grader::gradebook::Gradebook::open(dir.path() / "gb.db");
  book.import_roster("id,name\n1025,Alice Li\n");
  book.merge(dir.path() / "other.db");
  auto roster = book.roster();
  ASSERT_EQ(roster.size(), 2u);
  EXPECT_EQ(roster[0].name, "Sam");
  EXPECT_EQ(roster[1].name, "Alice Li") << "this gradebook's own row wins";
}

// ------------------------------------------------------------- exports

TEST(LateExports, EveryFormatShowsBothScoresAndTheReason) {
  auto r = graded("1025", 8);
  r.student_name = "Alice Li";
  r.lateness = {true, 90000, 25, "1 day 1 hour late: 2 days at 12.5% = 25% off"};
  const auto rows = grader::report::parse_csv(grader::report::grades_csv({r}));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1][1], "Alice Li");
  EXPECT_EQ(rows[1][2], "6") << "total after the penalty";
  EXPECT_EQ(rows[1][4], "8") << "raw total";
  EXPECT_EQ(rows[1][5], "25");
  EXPECT_EQ(rows[1][6], r.lateness.reason);
  const std::string json = grader::report::write_result_json(r);
  EXPECT_NE(json.find("\"score_after_penalty\": 6"), std::string::npos) << json;
  EXPECT_NE(json.find("\"penalty_percent\": 25"), std::string::npos) << json;
  auto back = grader::report::read_result_json(json);
  EXPECT_EQ(back.lateness.reason, r.lateness.reason);
  EXPECT_EQ(back.student_name, "Alice Li");
  const std::string gs = grader::report::write_gradescope_results(r);
  EXPECT_NE(gs.find("\"score\": 6.0"), std::string::npos) << gs;
  EXPECT_NE(gs.find("Late penalty 25%: 8 -> 6 points"), std::string::npos) << gs;
  const std::string md = grader::report::markdown_report(r, {});
  EXPECT_NE(md.find("**Score: 6 / 10**"), std::string::npos) << md;
  EXPECT_NE(md.find("Late penalty 25%"), std::string::npos) << md;
  EXPECT_NE(md.find("Name: Alice Li"), std::string::npos) << md;
  const std::string junit = grader::report::junit_xml(r);
  EXPECT_NE(junit.find("<property name=\"late_penalty_percent\" value=\"25\"/>"), std::string::npos) << junit;
  EXPECT_NE(junit.find("<property name=\"score_after_penalty\" value=\"6\"/>"), std::string::npos) << junit;
  EXPECT_NE(junit.find("Late penalty 25%: 8 -&gt; 6 points"), std::string::npos) << junit;
  const auto exercism = grader::report::exercism_results(r);
  ASSERT_TRUE(exercism["message"].is_string()) << exercism.dump();
  EXPECT_NE(exercism["message"].get<std::string>().find("Late penalty 25%: 8 -> 6 points"), std::string::npos);
  // On time, without deadlines: nothing is said.
  auto on_time = graded("1026", 8);
  EXPECT_EQ(grader::report::junit_xml(on_time).find("<properties>"), std::string::npos);
  EXPECT_TRUE(grader::report::exercism_results(on_time)["message"].is_null());
}

TEST(LmsCsv, CanvasAndMoodleColumnsWithTheFormulaGuard) {
  auto r = graded("1025", 8);
  r.lateness = {true, 90000, 25, "late"};
  std::vector<grader::report::LmsStudent> students = {
      {"1025", "Li, Alice", "alice@example.org", "A", &r},
      {"1019", "=HYPERLINK(\"x\")", "", "B", nullptr},
  };
  const auto canvas = grader::report::parse_csv(grader::report::canvas_grades_csv(students, "Homework 3 (12345)"));
  ASSERT_EQ(canvas.size(), 3u);
  EXPECT_EQ(canvas[0], (std::vector<std::string>{"Student", "ID", "SIS User ID", "SIS Login ID", "Section",
                                                 "Homework 3 (12345)"}));
  EXPECT_EQ(canvas[1], (std::vector<std::string>{"Li, Alice", "1025", "", "", "A", "6"}));
  EXPECT_EQ(canvas[2][0], "'=HYPERLINK(\"x\")") << "a formula is shown, never run";
  EXPECT_EQ(canvas[2][5], "") << "no submission: an empty grade, which the LMS leaves unchanged";
  const auto moodle = grader::report::parse_csv(grader::report::moodle_grades_csv(students));
  ASSERT_EQ(moodle.size(), 3u);
  EXPECT_EQ(moodle[0], (std::vector<std::string>{"Identifier", "Full name", "Email address", "Grade", "Maximum Grade",
                                                 "Feedback comments"}));
  EXPECT_EQ(moodle[1][0], "Participant 1025");
  EXPECT_EQ(moodle[1][3], "6");
  EXPECT_EQ(moodle[1][4], "10");
  EXPECT_NE(moodle[1][5].find("Late penalty 25%: 8 -> 6 points"), std::string::npos) << moodle[1][5];
  EXPECT_EQ(moodle[2][3], "");
}

// ------------------------------------------------------------ html site

TEST(HtmlFileNames, SafeDistinctAndStable) {
  const std::vector<std::string> ids = {"alice", "Alice", "ALICE", "../../etc/passwd", "a/b", "a_b", "a b",
                                        "<script>", "", ".", "..", "con", std::string(300, 'x'), "x\x1b[31m"};
  const auto names = grader::report::html::student_page_names(ids);
  std::set<std::string> lowered;
  const std::regex safe("^[a-z0-9_-]{1,40}-[0-9a-f]{8,64}\\.html$");
  for (const auto& id : ids) {
    const std::string& name = names.at(id);
    EXPECT_TRUE(std::regex_match(name, safe)) << name;
    std::string low = name;
    for (auto& c : low) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_TRUE(lowered.insert(low).second) << "two ids share a file name (ignoring case): " << name;
  }
  EXPECT_EQ(grader::report::html::student_page_names({"alice"}).at("alice"), names.at("alice")) << "stable";
}

TEST(HtmlSite, StudentTextIsEscapedAndOnlyOurScriptMayRun) {
  grader::report::html::SiteInput in;
  auto hostile = graded("eve\"><script>alert(1)</script>", 0);
  hostile.student_name = "<img src=x onerror=alert(2)>";
  hostile.ignored_files = {"<script>alert(3)</script>.cpp"};
  hostile.lessons[0].detail = "error: '</pre><script>alert(4)</script>'";
  hostile.lessons[0].status = grader::runner::LessonStatus::compile_error;
  hostile.lateness = {true, 3600, 10, "late <b>bold</b>"};
  in.students.push_back({hostile, "2026-11-21T00:00:00Z", "A&B", {}});
  in.students.push_back({graded("bob", 10), "", "", {{"review", "review-quiz", "q1", "</pre><script>x</script>", "<i>good</i>", 2, 3}}});
  in.roster = {{"bob", "Bob", "", ""}, {"carol", "Carol <c>", "", "B"}};
  const auto pages = grader::report::html::render_site(in);
  ASSERT_EQ(pages.size(), 3u);
  EXPECT_EQ(pages[0].path, "index.html");
  for (const auto& p : pages) {
    // Our own script is the only <script> element, and only on the class page.
    std::size_t scripts = 0;
    for (std::size_t at = p.html.find("<script"); at != std::string::npos; at = p.html.find("<script", at + 1)) ++scripts;
    EXPECT_EQ(scripts, p.path == "index.html" ? 1u : 0u) << p.path << "\n" << p.html;
    EXPECT_EQ(p.html.find("<img"), std::string::npos) << p.path;
    EXPECT_EQ(p.html.find("<b>bold"), std::string::npos) << p.path;
    EXPECT_EQ(p.html.find("<i>good"), std::string::npos) << p.path;
    EXPECT_NE(p.html.find("Content-Security-Policy"), std::string::npos);
    EXPECT_EQ(p.html.find("http://"), p.html.find("http://www.w3.org/2000/svg")) << "no external resource";
    EXPECT_EQ(p.html.find("https://"), std::string::npos);
  }
  EXPECT_NE(pages[0].html.find("&lt;script&gt;alert(1)"), std::string::npos) << "still readable";
  EXPECT_NE(pages[0].html.find("id=\"missing\""), std::string::npos);
  EXPECT_NE(pages[0].html.find("Carol &lt;c&gt;"), std::string::npos) << "non-submitters from the roster";
  EXPECT_EQ(pages[0].html.find("<li data-student=\"bob\""), std::string::npos) << "bob submitted";
  EXPECT_NE(pages[0].html.find("<title>Score histogram</title>"), std::string::npos);
  EXPECT_NE(pages[0].html.find("aria-label=\"Histogram of 2 scores"), std::string::npos);
  // Links point at the pages written.
  for (std::size_t i = 1; i < pages.size(); ++i)
    EXPECT_NE(pages[0].html.find("href=\"" + pages[i].path + "\""), std::string::npos) << pages[i].path;
  const std::string& eve = pages[1].html.find("Feedback for <span id=\"student-id\">eve") != std::string::npos ? pages[1].html : pages[2].html;
  EXPECT_NE(eve.find("Late penalty 10%"), std::string::npos);
  EXPECT_NE(eve.find("&lt;/pre&gt;&lt;script&gt;alert(4)"), std::string::npos) << "compiler errors shown, escaped";
  const std::string& bob = &eve == &pages[1].html ? pages[2].html : pages[1].html;
  EXPECT_NE(bob.find("Comment: &lt;i&gt;good"), std::string::npos) << bob;
  EXPECT_NE(bob.find("2 / 3 points"), std::string::npos) << bob;
}

}  // namespace
