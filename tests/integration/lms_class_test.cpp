// A class as an LMS exports it, graded end to end: Canvas and Moodle names,
// loose files, archives in two parts (one pair conflicting), late flags in
// both cases, a stray file; then the history of a student, a regrade from
// the recorded paths, and the similarity hints, from the gradebook and from
// the export folder.
#include <archive.h>
#include <archive_entry.h>
#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "integration/grader_run.hpp"
#include "support/zip_files.hpp"

namespace {

namespace fs = std::filesystem;
using namespace grader_test;

const fs::path kCourse = COURSE_SOURCE_DIR;
const std::string kLesson = "positional-encoding";
const std::string kPe = "positional-encoding/positional_encoding.cpp";
const std::string kLoop = "positional-encoding/positional_encoding_loop.cpp";

std::string solution(const std::string& rel) { return read_text(kCourse / "solutions" / rel); }

using course_test::write_zip;

std::map<std::string, std::string> latest_scores(const fs::path& db) {
  SQLite::Database book(db.string(), SQLite::OPEN_READONLY);
  SQLite::Statement q(book, "SELECT student, score, max_score FROM latest_submissions ORDER BY student");
  std::map<std::string, std::string> out;
  while (q.executeStep()) out[q.getColumn(0).getString()] = q.getColumn(1).getString() + "/" + q.getColumn(2).getString();
  return out;
}

std::string detail_of(const fs::path& db, const std::string& student) {
  SQLite::Database book(db.string(), SQLite::OPEN_READONLY);
  SQLite::Statement q(book,
                      "SELECT group_concat(l.detail, ' | ') FROM lesson_results l JOIN latest_submissions s ON s.id = "
                      "l.submission WHERE s.student = ?");
  q.bind(1, student);
  return q.executeStep() && !q.getColumn(0).isNull() ? q.getColumn(0).getString() : "";
}

std::string rejected_of(const fs::path& db, const std::string& student) {
  SQLite::Database book(db.string(), SQLite::OPEN_READONLY);
  SQLite::Statement q(book, "SELECT rejected_files || ignored_files FROM latest_submissions WHERE student = ?");
  q.bind(1, student);
  return q.executeStep() ? q.getColumn(0).getString() : "";
}

class LmsClass : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(exp());
    const std::string wrong = read_text(kCourse / "tests/submissions/pe-wrong-formula" / kPe);
    // Canvas, loose files: one per course file, and a note the course does not name.
    write_text(exp() / "smithsam_1019_4471_positional_encoding.cpp", solution(kPe));
    // Canvas's name for a file uploaded a second time: graded as the course file.
    write_text(exp() / "smithsam_1019_4472_positional_encoding_loop-1.cpp", solution(kLoop));
    write_text(exp() / "smithsam_1019_4473_notes.txt", "I worked alone.\n");
    // Canvas, two archives, late flags in two cases: one submission.
    write_zip(exp() / "jonesann_LATE_1025_4480_part1.zip", {{"work/" + kPe, solution(kPe) + "// mine\n"}});
    write_zip(exp() / "jonesann_late_1025_4481_part2.zip", {{"work/" + kLoop, solution(kLoop)}});
    // Canvas, two archives holding one file twice, differently: refused, naming both.
    write_zip(exp() / "doejohn_5005_4490_part1.zip", {{kPe, solution(kPe)}, {kLoop, solution(kLoop)}});
    write_zip(exp() / "doejohn_5005_4491_part2.zip", {{kPe, wrong}});
    // Moodle: a folder, and a loose file.
    write_text(exp() / "Pat Lee_3003_assignsubmission_file_" / kPe, wrong);
    write_text(exp() / "Pat Lee_3003_assignsubmission_file_" / kLoop, solution(kLoop));
    write_text(exp() / "Kim Roe_4004_assignsubmission_file_positional_encoding.cpp", solution(kPe));
    // Neither LMS's name: skipped, and said so.
    write_text(exp() / "grading-notes.txt", "for the TAs\n");
  }
  fs::path exp() const { return scratch.path() / "export"; }
  fs::path book() const { return scratch.path() / "class.db"; }
  GraderRun grade(std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"-j", "2", "grade", exp().string(), "--id-pattern", "lms", "--lesson", kLesson,
                                     "--gradebook", book().string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_grader(args, std::chrono::seconds(400));
  }
  ScratchDir scratch;
};

TEST_F(LmsClass, GradedWholeWithSkippedEntriesListedHistoryRegradeAndSimilarity) {
  GraderRun run = grade();
  // The stray file is skipped: a line in the summary and exit 1.
  EXPECT_EQ(run.exit_code, 1) << describe(run);
  EXPECT_NE(run.out.find("skipped 'grading-notes.txt'"), std::string::npos) << describe(run);
  EXPECT_NE(run.err.find("--allow-skipped"), std::string::npos) << describe(run);
  // The summary lists the lesson's exercises in the course's order.
  EXPECT_LT(run.out.find("pe-formula"), run.out.find("pe-repair")) << run.out;

  auto scores = latest_scores(book());
  ASSERT_EQ(scores.size(), 5u) << describe(run);
  std::string full = scores["1019"];
  EXPECT_EQ(full.substr(0, full.find('/')), full.substr(full.find('/') + 1)) << "loose files: " << full;
  EXPECT_EQ(scores["1025"], full) << "two archives, combined";
  EXPECT_EQ(scores["4004"].substr(scores["4004"].find('/')), full.substr(full.find('/')));
  EXPECT_NE(scores["3003"], full) << "the wrong formula lost points";
  EXPECT_EQ(scores["5005"].substr(0, scores["5005"].find('/')), "0.0") << scores["5005"];
  const std::string conflict = detail_of(book(), "5005");
  EXPECT_NE(conflict.find("doejohn_5005_4490_part1.zip"), std::string::npos) << conflict;
  EXPECT_NE(conflict.find("doejohn_5005_4491_part2.zip"), std::string::npos) << conflict;
  EXPECT_NE(conflict.find(kPe), std::string::npos) << conflict;
  // The note the course does not name is listed as ignored.
  EXPECT_NE(rejected_of(book(), "1019").find("notes.txt"), std::string::npos);
  // Both said in the batch summary, not only on the student's page.
  EXPECT_NE(run.out.find("1019: notes.txt ignored: not a course file"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("1019: positional_encoding_loop-1.cpp graded as " + kLoop), std::string::npos) << run.out;

  // Again with --allow-skipped: exit 0, nothing regraded.
  GraderRun again = grade({"--allow-skipped"});
  EXPECT_EQ(again.exit_code, 0) << describe(again);
  EXPECT_NE(again.out.find("skipped 'grading-notes.txt'"), std::string::npos) << describe(again);
  EXPECT_NE(again.out.find("0 graded now"), std::string::npos) << describe(again);

  // Similarity, from the gradebook: 1019, 1025 and 4004 handed in the same code.
  GraderRun similar = run_grader({"similarity", book().string(), "--exercise", "pe-formula", "--format", "json"});
  ASSERT_EQ(similar.exit_code, 0) << describe(similar);
  const auto hints = nlohmann::json::parse(similar.out);
  ASSERT_FALSE(hints["pairs"].empty()) << similar.out.substr(0, 2000);
  const auto& top = hints["pairs"][0];
  EXPECT_EQ(top["file"], kPe);
  EXPECT_GE(top["score"].get<double>(), 0.99);
  const std::set<std::string> same = {"1019", "1025", "4004"};
  EXPECT_TRUE(same.count(top["a"].get<std::string>()) && same.count(top["b"].get<std::string>())) << top.dump();
  ASSERT_FALSE(top["regions"].empty());
  EXPECT_FALSE(top["regions"][0]["a"]["lines"].empty());
  // From the export folder, as text: the same pairs, side by side.
  GraderRun text = run_grader({"similarity", exp().string(), "--id-pattern", "lms", "--exercise", "pe-formula"});
  ASSERT_EQ(text.exit_code, 0) << describe(text);
  EXPECT_NE(text.out.find(kPe + " (exercise pe-formula)"), std::string::npos) << text.out.substr(0, 3000);
  EXPECT_NE(text.out.find("1019 and 1025: 100%"), std::string::npos) << text.out.substr(0, 3000);
  EXPECT_NE(text.out.find(" | "), std::string::npos);

  // Sam replaces the loose file in place; regrade reads the recorded paths.
  write_text(exp() / "smithsam_1019_4471_positional_encoding.cpp",
             read_text(kCourse / "tests/submissions/pe-wrong-formula" / kPe));
  GraderRun regrade = run_grader({"-j", "2", "regrade", "1019", "1025", "--lesson", kLesson, "--gradebook", book().string()},
                                 std::chrono::seconds(400));
  EXPECT_EQ(regrade.exit_code, 0) << describe(regrade);
  EXPECT_NE(regrade.out.find("Graded 2 submissions (2 graded now) in "), std::string::npos) << describe(regrade);
  EXPECT_EQ(regrade.out.find("--force"), std::string::npos) << "a regrade skips nothing\n" << describe(regrade);
  EXPECT_EQ(regrade.out.find("Exercises fully solved"), std::string::npos) << "two students are not the class\n"
                                                                         << describe(regrade);
  scores = latest_scores(book());
  EXPECT_NE(scores["1019"], full);
  EXPECT_EQ(scores["1025"], full);

  GraderRun history = run_grader({"history", "1019", "--gradebook", book().string()});
  ASSERT_EQ(history.exit_code, 0) << describe(history);
  EXPECT_NE(history.out.find("History of 1019: 2 graded versions"), std::string::npos) << history.out;
  EXPECT_NE(history.out.find("#2"), std::string::npos) << history.out;
  EXPECT_NE(history.out.find("(changed)"), std::string::npos) << history.out;
  EXPECT_NE(history.out.find("pe-formula"), std::string::npos) << history.out;
  EXPECT_NE(history.out.find(" -> "), std::string::npos) << history.out;
  GraderRun unchanged = run_grader({"history", "1025", "--gradebook", book().string()});
  EXPECT_NE(unchanged.out.find("(same files)"), std::string::npos) << unchanged.out;

  // Unknown students and vanished files: a clear message, nothing regraded.
  GraderRun unknown = run_grader({"regrade", "9999", "--gradebook", book().string()});
  EXPECT_EQ(unknown.exit_code, 2) << describe(unknown);
  EXPECT_NE(unknown.err.find("9999: not in the gradebook"), std::string::npos) << describe(unknown);
  fs::remove(exp() / "Kim Roe_4004_assignsubmission_file_positional_encoding.cpp");
  GraderRun vanished = run_grader({"regrade", "4004", "--gradebook", book().string()});
  EXPECT_EQ(vanished.exit_code, 2) << describe(vanished);
  EXPECT_NE(vanished.err.find("no longer exists"), std::string::npos) << describe(vanished);
  GraderRun nobody = run_grader({"history", "9999", "--gradebook", book().string()});
  EXPECT_EQ(nobody.exit_code, 2) << describe(nobody);
}

}  // namespace
