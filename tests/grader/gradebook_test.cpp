// The gradebook: round trips, history, skipping unchanged submissions,
// all-or-nothing writes, merging shards, manual grades, integrity, schema
// versions and parallel writers.
#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "grader/batch/submissions.hpp"
#include "grader/gradebook/gradebook.hpp"
#include "grader/util/files.hpp"
#include "grader/report/csv.hpp"
#include "expect_same_result.hpp"

namespace {

namespace fs = std::filesystem;
using grader::course::Visibility;
using grader::gradebook::Gradebook;
using grader::gradebook::GradebookError;
using grader::runner::LessonResult;
using grader::runner::LessonStatus;
using grader::runner::SubmissionResult;
using grader::runner::TestResult;
using grader::runner::TestStatus;

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
  t.seconds = 0.03125;
  return t;
}

/// A submission with a graded lesson (one pass, one hidden failure) and a quiz
/// answer awaiting review. Score 2 of 7.
SubmissionResult make_result(const std::string& student, const std::string& content_hash) {
  SubmissionResult s;
  s.student = student;
  s.source = "submissions/" + student + ".zip";
  s.content_hash = content_hash;
  s.course_version = "2026.11";
  s.grader_version = "0.1.0";
  s.submitted_at = "2026-11-01T10:00:00Z";
  s.ignored_files = {"notes.txt", "odd, name \"quoted\".md"};
  s.rejected_files = {"a.out (binary)"};

  LessonResult pe;
  pe.lesson = "positional-encoding";
  pe.tests.push_back(make_test(pe.lesson, "pe-formula", "PeFormula.Shape", TestStatus::passed, 2, 2, ""));
  TestResult hidden =
      make_test(pe.lesson, "pe-formula", "PeFormulaHidden.Golden", TestStatus::failed, 0, 3, "at (1, 0): 0.84 vs 0.5");
  hidden.hidden = true;
  hidden.visibility = Visibility::after_due_date;
  hidden.show_details = false;
  hidden.public_message = "A hidden check failed.";
  pe.tests.push_back(hidden);
  pe.score = 2;
  pe.max_score = 5;
  pe.seconds = 0.5;

  LessonResult quiz;
  quiz.lesson = "review";
  quiz.tests.push_back(make_test(quiz.lesson, "review-questions", "q1", TestStatus::pending_review, 0, 2,
                                 "The angle grows, with \"position\", over many frequencies."));
  quiz.max_score = 2;

  s.lessons = {pe, quiz};
  s.score = 2;
  s.max_score = 7;
  s.seconds = 1.25;
  return s;
}

using grader_test::expect_same;

/// Every row of a query, each row's columns joined by '|', for comparing files.
std::vector<std::string> rows(const fs::path& db_path, const std::string& sql) {
  SQLite::Database db(db_path.string(), SQLite::OPEN_READONLY);
  SQLite::Statement query(db, sql);
  std::vector<std::string> out;
  while (query.executeStep()) {
    std::string row;
    for (int i = 0; i < query.getColumnCount(); ++i) row += (i ? "|" : "") + query.getColumn(i).getString();
    out.push_back(row);
  }
  return out;
}

int count(const fs::path& db_path, const std::string& table) {
  SQLite::Database db(db_path.string(), SQLite::OPEN_READONLY);
  return db.execAndGet("SELECT count(*) FROM " + table).getInt();
}

/// The student's pending review of question q1 graded, as an edited export would say.
std::string graded_csv(const std::string& exported, const std::string& student, const std::string& score,
                       const std::string& comment) {
  auto table = grader::report::parse_csv(exported);
  std::string out;
  for (std::size_t r = 0; r < table.size(); ++r) {
    if (r > 0 && table[r][0] == student) {
      table[r][5] = score;
      table[r][7] = comment;
    }
    std::vector<std::string> escaped;
    for (const auto& cell : table[r]) escaped.push_back(grader::report::csv_field(cell));
    out += grader::report::csv_row(escaped);
  }
  return out;
}

class GradebookTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("gradebook_test_" + std::to_string(::getpid()) + "_" + info->test_suite_name() + "_" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path file(const std::string& name) const { return dir_ / name; }

  fs::path dir_;
};

// ---------------------------------------------------------------- round trip

TEST_F(GradebookTest, RecordThenLoadGivesBackTheSameResult) {
  Gradebook gb = Gradebook::open(file("gb.db"));
  const SubmissionResult original = make_result("alice", "hash-1");
  const auto id = gb.record(original, "2026-11-02T09:00:00.000Z");
  const auto stored = gb.load(id);
  EXPECT_EQ(stored.id, id);
  EXPECT_EQ(stored.graded_at, "2026-11-02T09:00:00.000Z");
  expect_same(original, stored.result);

  const auto latest = gb.latest("alice");
  ASSERT_TRUE(latest.has_value());
  EXPECT_EQ(latest->id, id);
  EXPECT_FALSE(gb.latest("nobody").has_value());
  EXPECT_EQ(gb.students(), std::vector<std::string>{"alice"});
  EXPECT_THROW(gb.load(id + 100), GradebookError);
}

TEST_F(GradebookTest, UnknownSubmissionTimeIsStoredAsNull) {
  Gradebook gb = Gradebook::open(file("gb.db"));
  SubmissionResult s = make_result("alice", "hash-1");
  s.submitted_at.clear();
  const auto id = gb.record(s);
  EXPECT_EQ(rows(file("gb.db"), "SELECT submitted_at IS NULL FROM submissions"), std::vector<std::string>{"1"});
  EXPECT_EQ(gb.load(id).result.submitted_at, "");
}

TEST_F(GradebookTest, TestsWithoutALessonAreFiledUnderTheirLessonAndMismatchesAreRefused) {
  Gradebook gb = Gradebook::open(file("gb.db"));
  SubmissionResult s = make_result("alice", "hash-1");
  s.lessons[0].tests[0].lesson.clear();
  const auto id = gb.record(s);
  EXPECT_EQ(gb.load(id).result.lessons[0].tests[0].lesson, "positional-encoding");

  s.lessons[0].tests[0].lesson = "review";
  EXPECT_THROW(gb.record(s), GradebookError);
  EXPECT_EQ(count(file("gb.db"), "submissions"), 1);
}

// ------------------------------------------------------- history and up to date

TEST_F(GradebookTest, LatestIsTheMostRecentlyGradedAndHistoryKeepsAll) {
  Gradebook gb = Gradebook::open(file("gb.db"));
  SubmissionResult newer = make_result("alice", "hash-2");
  newer.score = 5;
  // Recorded first but graded later (e.g. merged from a shard): grading time decides.
  const auto newer_id = gb.record(newer, "2026-11-03T12:00:00.000Z");
  const auto older_id = gb.record(make_result("alice", "hash-1"), "2026-11-02T12:00:00.000Z");
  EXPECT_EQ(gb.latest("alice")->id, newer_id);
  EXPECT_EQ(gb.latest("alice")->result.score, 5);
  const auto history = gb.history("alice");
  ASSERT_EQ(history.size(), 2u);
  EXPECT_EQ(history[0].id, older_id);
  EXPECT_EQ(history[1].id, newer_id);
  EXPECT_EQ(rows(file("gb.db"), "SELECT first_seen FROM students"),
            std::vector<std::string>{"2026-11-02T12:00:00.000Z"});

  gb.record(make_result("bob", "hash-9"), "2026-11-01T00:00:00.000Z");
  const auto all = gb.latest_all();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].result.student, "alice");
  EXPECT_EQ(all[0].id, newer_id);
  EXPECT_EQ(all[1].result.student, "bob");
}

TEST_F(GradebookTest, UpToDateOnlyForTheLatestSameFilesAndCourseVersion) {
  Gradebook gb = Gradebook::open(file("gb.db"));
  EXPECT_FALSE(gb.is_up_to_date("alice", "hash-1", "2026.11")) << "never graded";
  gb.record(make_result("alice", "hash-1"), "2026-11-02T00:00:00.000Z");
  EXPECT_TRUE(gb.is_up_to_date("alice", "hash-1", "2026.11"));
  EXPECT_FALSE(gb.is_up_to_date("alice", "hash-2", "2026.11")) << "files changed";
  EXPECT_FALSE(gb.is_up_to_date("alice", "hash-1", "2026.12")) << "course changed";
  EXPECT_FALSE(gb.is_up_to_date("bob", "hash-1", "2026.11")) << "another student";

  // The student went back to earlier files: those must be graded again,
  // since the latest grade is for other files.
  gb.record(make_result("alice", "hash-2"), "2026-11-03T00:00:00.000Z");
  EXPECT_FALSE(gb.is_up_to_date("alice", "hash-1", "2026.11"));
  EXPECT_TRUE(gb.is_up_to_date("alice", "hash-2", "2026.11"));

  // A lesson the grader itself failed to run is worth another try.
  SubmissionResult broken = make_result("carol", "hash-3");
  broken.lessons[1].status = LessonStatus::internal_error;
  gb.record(broken);
  EXPECT_FALSE(gb.is_up_to_date("carol", "hash-3", "2026.11"));
}

// --------------------------------------------------------------- atomicity

TEST_F(GradebookTest, AFailureInTheMiddleOfRecordLeavesNothing) {
  Gradebook gb = Gradebook::open(file("gb.db"));
  gb.record(make_result("bob", "hash-b"), "2026-11-01T00:00:00.000Z");
  const auto before = rows(file("gb.db"), "SELECT count(*) FROM test_results");

  // The second lesson repeats the first one's id: the student, the submission,
  // the first lesson and its tests are written before the key clash.
  SubmissionResult clash = make_result("alice", "hash-1");
  clash.lessons[1] = clash.lessons[0];
  try {
    gb.record(clash);
    FAIL() << "a duplicate lesson was accepted";
  } catch (const GradebookError& e) {
    EXPECT_NE(std::string(e.what()).find("nothing was recorded"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("UNIQUE constraint failed"), std::string::npos) << e.what();
  }
  EXPECT_EQ(gb.students(), std::vector<std::string>{"bob"});
  EXPECT_EQ(count(file("gb.db"), "submissions"), 1);
  EXPECT_EQ(count(file("gb.db"), "lesson_results"), 2);
  EXPECT_EQ(rows(file("gb.db"), "SELECT count(*) FROM test_results"), before);
  EXPECT_FALSE(gb.latest("alice").has_value());

  // A NaN score violates NOT NULL (SQLite stores NaN as NULL) deep in the tests.
  SubmissionResult nan = make_result("carol", "hash-c");
  nan.lessons[1].tests[0].score = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(gb.record(nan), GradebookError);
  EXPECT_EQ(count(file("gb.db"), "submissions"), 1);
  EXPECT_EQ(count(file("gb.db"), "students"), 1);
}

TEST_F(GradebookTest, RecordWithoutStudentIsRefused) {
  Gradebook gb = Gradebook::open(file("gb.db"));
  EXPECT_THROW(gb.record(make_result("", "hash")), GradebookError);
  EXPECT_EQ(count(file("gb.db"), "submissions"), 0);
}

// ------------------------------------------------------------------- merge

const char* kDumpStudents = "SELECT id, first_seen FROM students ORDER BY id";
const char* kDumpSubmissions =
    "SELECT student, source, content_hash, submitted_at, graded_at, course_version, grader_version, score, "
    "max_score, seconds, ignored_files, rejected_files FROM submissions ORDER BY student, graded_at, content_hash";
const char* kDumpLessons =
    "SELECT s.student, s.graded_at, s.content_hash, l.position, l.lesson, l.status, l.detail, l.score, l.max_score, "
    "l.seconds FROM lesson_results l JOIN submissions s ON s.id = l.submission ORDER BY 1, 2, 3, 4";
const char* kDumpTests =
    "SELECT s.student, s.graded_at, s.content_hash, t.lesson, t.position, t.exercise, t.name, t.hidden, "
    "t.visibility, t.show_details, t.status, t.score, t.max_score, t.message, t.public_message, t.seconds "
    "FROM test_results t JOIN submissions s ON s.id = t.submission ORDER BY 1, 2, 3, 4, 5";
// graded_at of a manual grade is the time of import, which differs between files.
const char* kDumpManual =
    "SELECT s.student, s.graded_at, s.content_hash, m.lesson, m.exercise, m.question, m.answer, m.score, "
    "m.max_score, m.comment FROM manual_grades m JOIN submissions s ON s.id = m.submission ORDER BY 1, 2, 3, 4, 5, 6";

TEST_F(GradebookTest, MergingShardsEqualsGradingEverythingInOneGradebook) {
  const SubmissionResult a = make_result("alice", "hash-a");
  const SubmissionResult b = make_result("bob", "hash-b");
  const SubmissionResult c = make_result("carol", "hash-c");
  SubmissionResult a2 = make_result("alice", "hash-a2");
  a2.score = 6;

  Gradebook shard1 = Gradebook::open(file("shard1.db"));
  shard1.record(a, "2026-11-01T10:00:00.000Z");
  shard1.record(b, "2026-11-01T11:00:00.000Z");

  Gradebook shard2 = Gradebook::open(file("shard2.db"));
  shard2.record(c, "2026-11-01T12:00:00.000Z");
  shard2.record(a, "2026-11-01T10:00:00.000Z");  // graded on both machines
  shard2.record(a2, "2026-11-02T10:00:00.000Z");
  shard2.import_manual_grades(graded_csv(shard2.export_pending_reviews(), "carol", "1", "Close."));

  Gradebook whole = Gradebook::open(file("whole.db"));
  whole.record(a, "2026-11-01T10:00:00.000Z");
  whole.record(b, "2026-11-01T11:00:00.000Z");
  whole.record(c, "2026-11-01T12:00:00.000Z");
  whole.record(a2, "2026-11-02T10:00:00.000Z");
  whole.import_manual_grades(graded_csv(whole.export_pending_reviews(), "carol", "1", "Close."));

  const auto report = shard1.merge(file("shard2.db"));
  EXPECT_EQ(report.copied, 2);
  EXPECT_EQ(report.skipped, 1);
  for (const char* dump : {kDumpStudents, kDumpSubmissions, kDumpLessons, kDumpTests, kDumpManual}) {
    SCOPED_TRACE(dump);
    const auto merged = rows(file("shard1.db"), dump);
    EXPECT_FALSE(merged.empty());
    EXPECT_EQ(merged, rows(file("whole.db"), dump));
  }
  EXPECT_EQ(shard1.latest("alice")->result.score, 6);
  EXPECT_EQ(shard1.latest("carol")->result.score, 3) << "the manual grade came along";
  EXPECT_TRUE(shard1.check_integrity().ok());

  const auto again = shard1.merge(file("shard2.db"));
  EXPECT_EQ(again.copied, 0);
  EXPECT_EQ(again.skipped, 3);
  EXPECT_THROW(shard1.merge(file("shard1.db")), GradebookError);
  EXPECT_THROW(shard1.merge(file("missing.db")), GradebookError);
  EXPECT_FALSE(fs::exists(file("missing.db"))) << "a mistyped path must not create an empty shard";
}

// ------------------------------------------------------------ manual grades

TEST_F(GradebookTest, PendingReviewsExportAsCsvWithTheAnswer) {
  Gradebook gb = Gradebook::open(file("gb.db"));
  const auto id = gb.record(make_result("alice", "hash-1"));
  const std::string csv = gb.export_pending_reviews();
  const auto table = grader::report::parse_csv(csv);
  ASSERT_EQ(table.size(), 2u) << csv;
  EXPECT_EQ(table[0], (std::vector<std::string>{"student", "lesson", "exercise", "question", "answer", "score",
                                                "max_score", "comment", "submission"}));
  EXPECT_EQ(table[1], (std::vector<std::string>{"alice", "review", "review-questions", "q1",
                                                "The angle grows, with \"position\", over many frequencies.", "", "2",
                                                "", std::to_string(id)}));
}

TEST_F(GradebookTest, ImportedManualGradesChangeScoresStatusAndTotals) {
  Gradebook gb = Gradebook::open(file("gb.db"));
  gb.record(make_result("alice", "hash-1"));
  gb.record(make_result("bob", "hash-2"));
  const std::string exported = gb.export_pending_reviews();

  auto outcome = gb.import_manual_grades(graded_csv(exported, "alice", "1.5", "Name the frequencies."));
  EXPECT_EQ(outcome.applied, 1);
  EXPECT_EQ(outcome.left_blank, 1);  // bob's row
  auto alice = gb.latest("alice")->result;
  const TestResult& q = alice.lessons[1].tests[0];
  EXPECT_EQ(q.score, 1.5);
  EXPECT_EQ(q.status, TestStatus::failed) << "partial credit is not a pass";
  EXPECT_EQ(alice.lessons[1].score, 1.5);
  EXPECT_EQ(alice.score, 3.5);
  EXPECT_NE(q.message.find("Reviewer's comment: Name the frequencies."), std::string::npos);
  EXPECT_EQ(gb.latest("bob")->result.score, 2) << "an empty score leaves the answer pending";

  // Grading the same answer again moves the totals by the difference only.
  outcome = gb.import_manual_grades(graded_csv(exported, "alice", "2", "Good."));
  EXPECT_EQ(outcome.applied, 1);
  alice = gb.latest("alice")->result;
  EXPECT_EQ(alice.lessons[1].tests[0].status, TestStatus::passed);
  EXPECT_EQ(alice.lessons[1].score, 2);
  EXPECT_EQ(alice.score, 4);
  const std::string& message = alice.lessons[1].tests[0].message;
  EXPECT_EQ(message.find("Name the frequencies"), std::string::npos) << message;
  EXPECT_NE(message.find("Reviewer's comment: Good."), std::string::npos) << message;
  EXPECT_EQ(rows(file("gb.db"), "SELECT student, score, comment FROM manual_grades"),
            std::vector<std::string>{"alice|2.0|Good."});

  const auto table = grader::report::parse_csv(gb.export_pending_reviews());
  ASSERT_EQ(table.size(), 2u);
  EXPECT_EQ(table[1][0], "bob");
}

TEST_F(GradebookTest, ABadRowImportsNothing) {
  Gradebook gb = Gradebook::open(file("gb.db"));
  gb.record(make_result("alice", "hash-1"));
  gb.record(make_result("bob", "hash-2"));
  const std::string exported = gb.export_pending_reviews();
  // alice's row is fine and comes first; bob's score is above the maximum.
  const std::string csv = graded_csv(graded_csv(exported, "alice", "2", ""), "bob", "3", "");
  try {
    gb.import_manual_grades(csv);
    FAIL() << "a score above max_score was accepted";
  } catch (const GradebookError& e) {
    EXPECT_NE(std::string(e.what()).find("row 3: score 3 is outside 0 to 2"), std::string::npos) << e.what();
  }
  EXPECT_EQ(gb.latest("alice")->result.score, 2);
  EXPECT_EQ(gb.latest("alice")->result.lessons[1].tests[0].status, TestStatus::pending_review);
  EXPECT_EQ(count(file("gb.db"), "manual_grades"), 0);

  EXPECT_THROW(gb.import_manual_grades(graded_csv(exported, "alice", "two", "")), GradebookError);
  EXPECT_THROW(gb.import_manual_grades("student,lesson,exercise,question,score\nalice,review,review-questions,q9,1\n"),
               GradebookError);
  EXPECT_THROW(gb.import_manual_grades("student,lesson,exercise,question,score\nalice,positional-encoding,pe-formula,"
                                       "PeFormula.Shape,1\n"),
               GradebookError)
      << "automatically graded tests take no manual score";
  EXPECT_THROW(gb.import_manual_grades("student,lesson,question,score\nalice,review,q1,1\n"), GradebookError);
}

TEST_F(GradebookTest, ImportRefusesGradesForAnOutdatedSubmission) {
  Gradebook gb = Gradebook::open(file("gb.db"));
  gb.record(make_result("alice", "hash-1"), "2026-11-01T00:00:00.000Z");
  const std::string exported = gb.export_pending_reviews();
  gb.record(make_result("alice", "hash-2"), "2026-11-02T00:00:00.000Z");
  try {
    gb.import_manual_grades(graded_csv(exported, "alice", "2", ""));
    FAIL() << "a grade for an older submission was applied to the newer one";
  } catch (const GradebookError& e) {
    EXPECT_NE(std::string(e.what()).find("newer submission"), std::string::npos) << e.what();
  }
}

// ---------------------------------------------------- integrity and schema

TEST_F(GradebookTest, IntegrityCheckFindsDanglingRowsAndUnknownNames) {
  {
    Gradebook gb = Gradebook::open(file("gb.db"));
    gb.record(make_result("alice", "hash-1"));
    const auto report = gb.check_integrity();
    EXPECT_TRUE(report.ok()) << report.problems.front();
  }
  {
    SQLite::Database raw(file("gb.db").string(), SQLite::OPEN_READWRITE);
    raw.exec("PRAGMA foreign_keys = OFF");
    raw.exec("INSERT INTO test_results VALUES (999, 'ghost', 0, 'e', 'T.t', 0, 'sometimes', 1, 'bogus', 0, 1, '', '', "
             "0)");
  }
  Gradebook gb = Gradebook::open(file("gb.db"));
  const auto report = gb.check_integrity();
  EXPECT_FALSE(report.ok());
  std::string all;
  for (const auto& p : report.problems) all += p + "\n";
  EXPECT_NE(all.find("table test_results row"), std::string::npos) << all;
  EXPECT_NE(all.find("\"bogus\""), std::string::npos) << all;
  EXPECT_NE(all.find("\"sometimes\""), std::string::npos) << all;
}

TEST_F(GradebookTest, SchemaIsVersionedAndWal) {
  {
    Gradebook gb = Gradebook::open(file("gb.db"));
    gb.record(make_result("alice", "hash-1"));
  }
  EXPECT_EQ(rows(file("gb.db"), "PRAGMA user_version"), std::vector<std::string>{"3"});
  EXPECT_EQ(rows(file("gb.db"), "SELECT value FROM meta WHERE key = 'schema_version'"),
            std::vector<std::string>{"3"});
  EXPECT_EQ(rows(file("gb.db"), "PRAGMA journal_mode"), std::vector<std::string>{"wal"});
  Gradebook reopened = Gradebook::open(file("gb.db"));
  EXPECT_EQ(reopened.schema_version(), grader::gradebook::kSchemaVersion);
  EXPECT_TRUE(reopened.latest("alice").has_value());
}

TEST_F(GradebookTest, RefusesNewerSchemasAndForeignFiles) {
  { Gradebook gb = Gradebook::open(file("newer.db")); }
  {
    SQLite::Database raw(file("newer.db").string(), SQLite::OPEN_READWRITE);
    raw.exec("PRAGMA user_version = 99");
  }
  try {
    Gradebook::open(file("newer.db"));
    FAIL() << "a newer schema was opened";
  } catch (const GradebookError& e) {
    EXPECT_NE(std::string(e.what()).find("newer"), std::string::npos) << e.what();
  }

  {
    SQLite::Database raw(file("other.db").string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec("CREATE TABLE invoices(id INTEGER)");
  }
  try {
    Gradebook::open(file("other.db"));
    FAIL() << "an unrelated database was taken for a gradebook";
  } catch (const GradebookError& e) {
    EXPECT_NE(std::string(e.what()).find("not a gradebook"), std::string::npos) << e.what();
  }

  std::ofstream(file("text.db")) << "this is not a database, just text that is long enough to have a header\n";
  EXPECT_THROW(Gradebook::open(file("text.db")), GradebookError);
}

// -------------------------------------------------------- parallel graders

TEST_F(GradebookTest, ParallelWritersAllSucceed) {
  constexpr int kWriters = 4;
  constexpr int kEach = 10;
  std::vector<std::thread> writers;
  std::vector<std::string> errors(kWriters);
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([&, w] {
      try {
        // Each writer opens the (possibly still missing) file itself, as
        // separate grader processes would.
        Gradebook gb = Gradebook::open(file("shared.db"));
        for (int i = 0; i < kEach; ++i)
          gb.record(make_result("student-" + std::to_string(w), "hash-" + std::to_string(i)));
      } catch (const std::exception& e) {
        errors[static_cast<std::size_t>(w)] = e.what();
      }
    });
  }
  for (auto& t : writers) t.join();
  for (const auto& e : errors) EXPECT_EQ(e, "");
  EXPECT_EQ(count(file("shared.db"), "submissions"), kWriters * kEach);
  EXPECT_EQ(count(file("shared.db"), "students"), kWriters);
}

// ------------------------------------------------------------ source paths

// Paths are kept as a list: whatever bytes a path holds (line breaks, tabs,
// carriage returns, quotes), it reads back as exactly one path, itself.
TEST_F(GradebookTest, SourcePathsAreStoredAsAListAndReadBackExactly) {
  const std::vector<std::string> hostile = {"/export/mallory.zip\nalice.zip", "/export/tab\there.zip", "/export/cr\rhere",
                                            "/export/quote\"and\\backslash", "/export/../alice/alice.zip"};
  Gradebook gb = Gradebook::open(file("gb.db"));
  for (std::size_t i = 0; i < hostile.size(); ++i) {
    SubmissionResult r = make_result("s" + std::to_string(i), "hash");
    r.source = hostile[i];
    r.source_paths = {{hostile[i], ""}};
    gb.record(r);
    const auto back = gb.latest("s" + std::to_string(i))->result;
    ASSERT_EQ(back.source_paths.size(), 1u) << hostile[i];
    EXPECT_EQ(back.source_paths[0].path, hostile[i]);
    EXPECT_EQ(back.source, hostile[i]);
  }
  SubmissionResult parts = make_result("1019", "hash");
  parts.source_paths = {{"/export/smithsam_1019_1_part1.zip", ""}, {"/export/smithsam_1019_2_softmax.cpp", "softmax.cpp"}};
  gb.record(parts);
  EXPECT_EQ(gb.latest("1019")->result.source_paths, parts.source_paths);
  // In the file: a JSON array of objects, the path a JSON string.
  EXPECT_EQ(rows(file("gb.db"), "SELECT source_paths FROM submissions WHERE student = '1019'"),
            std::vector<std::string>{R"([{"path":"/export/smithsam_1019_1_part1.zip"},)"
                                     R"({"path":"/export/smithsam_1019_2_softmax.cpp","uploaded":"softmax.cpp"}])"});
  EXPECT_EQ(rows(file("gb.db"), "SELECT json_array_length(source_paths), json_extract(source_paths, '$[0].path') "
                                "FROM submissions WHERE student = 's0'"),
            std::vector<std::string>{"1|/export/mallory.zip\nalice.zip"});
  // A path that is not UTF-8 is left out rather than recorded as another path.
  SubmissionResult bad = make_result("bad", "hash");
  bad.source_paths = {{"/export/\xff.zip", ""}};
  gb.record(bad);
  EXPECT_TRUE(gb.latest("bad")->result.source_paths.empty());
  // Not a list: refused by the table itself.
  SQLite::Database raw(file("gb.db").string(), SQLite::OPEN_READWRITE);
  EXPECT_THROW(raw.exec("UPDATE submissions SET source_paths = '/export/a.zip' WHERE student = 's0'"), SQLite::Exception);
  EXPECT_THROW(raw.exec("UPDATE submissions SET source_paths = '{\"path\": \"/a\"}' WHERE student = 's0'"), SQLite::Exception);
}

TEST_F(GradebookTest, MergeCopiesSourcePaths) {
  {
    Gradebook shard = Gradebook::open(file("shard.db"));
    SubmissionResult r = make_result("alice", "hash");
    r.source_paths = {{"/export/alice\n.zip", ""}};
    shard.record(r);
  }
  Gradebook gb = Gradebook::open(file("gb.db"));
  gb.merge(file("shard.db"));
  ASSERT_EQ(gb.latest("alice")->result.source_paths.size(), 1u);
  EXPECT_EQ(gb.latest("alice")->result.source_paths[0].path, "/export/alice\n.zip");
}

// A version 2 file (paths joined by line breaks in `source`) is migrated in
// place: its rows keep their `source` and get an empty list, which `grader
// regrade` reads by the old rule, refusing what a name could have forged.
TEST_F(GradebookTest, AVersionTwoGradebookIsMigratedAndItsOldSourcesReadSafely) {
  {
    SQLite::Database raw(file("v2.db").string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec(grader::util::read_file(fs::path(TEST_SOURCE_DIR) / "grader/gradebook_schema_v2.sql"));
    raw.exec("INSERT INTO meta VALUES ('schema_version', '2');");
    for (const auto& [student, source] : std::vector<std::pair<std::string, std::string>>{
             {"alice", "/export/alice.zip"},
             {"1019", "/export/smithsam_1019_1_part1.zip\n/export/smithsam_1019_2_softmax.cpp"},
             {"mallory", "/export/mallory.zip\nalice.zip"},
             {"bob", "export/bob"}}) {
      SQLite::Statement s(raw, "INSERT INTO students VALUES (?, '2026-11-01T00:00:00Z')");
      s.bind(1, student);
      s.exec();
      SQLite::Statement sub(raw,
                            "INSERT INTO submissions(student, source, content_hash, graded_at, course_version, "
                            "grader_version, score, max_score, seconds) VALUES (?, ?, 'h', '2026-11-01T00:00:00Z', 'v', "
                            "'g', 7, 10, 1)");
      sub.bind(1, student);
      sub.bind(2, source);
      sub.exec();
    }
    raw.exec("PRAGMA user_version = 2;");
  }
  Gradebook gb = Gradebook::open(file("v2.db"));
  EXPECT_EQ(gb.schema_version(), 3);
  EXPECT_TRUE(gb.check_integrity().ok());
  EXPECT_EQ(rows(file("v2.db"), "SELECT DISTINCT source_paths FROM submissions"), std::vector<std::string>{"[]"});
  EXPECT_EQ(rows(file("v2.db"), "SELECT source FROM submissions WHERE student = 'mallory'"),
            std::vector<std::string>{"/export/mallory.zip\nalice.zip"});
  std::string why;
  auto alice = grader::batch::entry_from_recorded(gb.latest("alice")->result, why);
  ASSERT_TRUE(alice) << why;
  EXPECT_EQ(alice->path, "/export/alice.zip");
  EXPECT_TRUE(alice->parts.empty());
  auto parts = grader::batch::entry_from_recorded(gb.latest("1019")->result, why);
  ASSERT_TRUE(parts) << why;
  ASSERT_EQ(parts->parts.size(), 2u);
  EXPECT_EQ(parts->parts[1].uploaded, "softmax.cpp");
  EXPECT_FALSE(grader::batch::entry_from_recorded(gb.latest("mallory")->result, why));
  EXPECT_NE(why.find("not one folder's parts"), std::string::npos) << why;
  EXPECT_FALSE(grader::batch::entry_from_recorded(gb.latest("bob")->result, why));
  EXPECT_NE(why.find("relative"), std::string::npos) << why;
  // A regrade writes the new form; the old row stays as history.
  SubmissionResult again = make_result("alice", "hash-2");
  again.source_paths = {{"/export/alice.zip", ""}};
  gb.record(again);
  EXPECT_EQ(gb.history("alice").front().result.source_paths.size(), 0u);
  EXPECT_EQ(gb.latest("alice")->result.source_paths.size(), 1u);
}

}  // namespace
