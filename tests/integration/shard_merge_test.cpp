// Grading past one machine: a class graded in three shards (one with
// --shard, one as a Slurm array task, one as a Kubernetes indexed job), the
// shard gradebooks merged with `grader merge`, must equal the same class
// graded in one run, row for row. Only what depends on the clock (when
// something was graded, how long it took) may differ.
#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>
#include <string>
#include <vector>

#include "integration/grader_run.hpp"

namespace {

namespace fs = std::filesystem;
using namespace grader_test;

const fs::path kCourse = COURSE_SOURCE_DIR;
const std::string kLesson = "positional-encoding";

// Every column but timestamps and durations, in an order that does not
// depend on the order of grading.
const char* const kDumps[] = {
    "SELECT id FROM students ORDER BY id",
    "SELECT student, source, content_hash, submitted_at, course_version, grader_version, score, max_score, "
    "ignored_files, rejected_files FROM submissions ORDER BY student, content_hash",
    "SELECT s.student, s.content_hash, l.position, l.lesson, l.status, l.detail, l.score, l.max_score "
    "FROM lesson_results l JOIN submissions s ON s.id = l.submission ORDER BY 1, 2, 3",
    "SELECT s.student, s.content_hash, t.lesson, t.position, t.exercise, t.name, t.hidden, t.visibility, "
    "t.show_details, t.status, t.score, t.max_score, t.message, t.public_message "
    "FROM test_results t JOIN submissions s ON s.id = t.submission ORDER BY 1, 2, 3, 4",
};

std::vector<std::string> rows(const fs::path& db, const char* query) {
  SQLite::Database book(db.string(), SQLite::OPEN_READONLY);
  SQLite::Statement q(book, query);
  std::vector<std::string> out;
  while (q.executeStep()) {
    std::string row;
    for (int c = 0; c < q.getColumnCount(); ++c) row += q.getColumn(c).getString() + " | ";
    out.push_back(row);
  }
  return out;
}

int count_submissions(const fs::path& db) { return static_cast<int>(rows(db, "SELECT id FROM submissions").size()); }

// A class of seven: three correct (each a little different), and one each
// with a wrong formula, a compile error, a crash and the untouched starter.
fs::path make_class(const fs::path& into) {
  fs::create_directories(into);
  for (int i = 1; i <= 3; ++i) {
    fs::path s = into / ("student-0" + std::to_string(i));
    fs::copy(kCourse / "solutions", s, fs::copy_options::recursive);
    write_text(s / kLesson / "notes.txt", "student " + std::to_string(i) + "\n");
    fs::path pe = s / kLesson / "positional_encoding.cpp";
    write_text(pe, read_text(pe) + "// handed in by student " + std::to_string(i) + "\n");
  }
  overlay_submission(kCourse, into / "student-04", "pe-wrong-formula");
  overlay_submission(kCourse, into / "student-05", "pe-does-not-compile");
  overlay_submission(kCourse, into / "student-06", "pe-segfault");
  fs::copy(kCourse / "solutions", into / "student-07", fs::copy_options::recursive);
  fs::copy(kCourse / "starter" / kLesson, into / "student-07" / kLesson,
           fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  return into;
}

TEST(ShardedBatch, ThreeShardsMergedEqualOneUnshardedRun) {
  ScratchDir scratch;
  const fs::path batch = make_class(scratch.path() / "class");
  const int students = 7;
  auto grade = [&](const fs::path& book, std::vector<std::string> extra, std::vector<std::string> env = {}) {
    std::vector<std::string> args = {"-j", "2", "grade", batch.string(), "--lesson", kLesson, "--gradebook", book.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    GraderRun run = run_grader(args, std::chrono::seconds(900), env);
    EXPECT_EQ(run.exit_code, 0) << book.filename() << ": " << describe(run);
    return run;
  };

  const fs::path whole = scratch.path() / "whole.db";
  grade(whole, {});
  ASSERT_EQ(count_submissions(whole), students);

  // The three ways a shard is chosen, one per shard.
  const fs::path shard1 = scratch.path() / "shard-1.db", shard2 = scratch.path() / "shard-2.db",
                 shard3 = scratch.path() / "shard-3.db";
  grade(shard1, {"--shard", "1/3"});
  grade(shard2, {"--shard-from-env"}, {"SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_COUNT=3"});
  grade(shard3, {"--shard-from-env"}, {"JOB_COMPLETION_INDEX=2", "GRADER_SHARD_COUNT=3"});
  int graded = 0;
  std::vector<std::string> seen;
  for (const auto& shard : {shard1, shard2, shard3}) {
    auto students_in_shard = rows(shard, "SELECT student FROM submissions");
    EXPECT_FALSE(students_in_shard.empty()) << shard.filename() << " graded nobody";
    graded += static_cast<int>(students_in_shard.size());
    seen.insert(seen.end(), students_in_shard.begin(), students_in_shard.end());
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(graded, students) << "the shards do not partition the class";
  EXPECT_EQ(std::adjacent_find(seen.begin(), seen.end()), seen.end()) << "a student was graded in two shards";

  const fs::path merged = scratch.path() / "merged.db";
  GraderRun merge = run_grader({"merge", merged.string(), shard1.string(), shard2.string(), shard3.string()});
  ASSERT_EQ(merge.exit_code, 0) << describe(merge);
  for (const char* dump : kDumps) {
    SCOPED_TRACE(dump);
    auto expected = rows(whole, dump);
    EXPECT_FALSE(expected.empty());
    EXPECT_EQ(rows(merged, dump), expected);
  }
  GraderRun check = run_grader({"gradebook-check", merged.string()});
  EXPECT_EQ(check.exit_code, 0) << describe(check);

  // Merging a shard twice adds nothing.
  GraderRun again = run_grader({"merge", merged.string(), shard2.string()});
  ASSERT_EQ(again.exit_code, 0) << describe(again);
  EXPECT_EQ(count_submissions(merged), students);
}

}  // namespace
