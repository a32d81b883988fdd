// `grader validate` on a course whose mutants no longer fit it: in a copy of
// the course, one reference line inside a mutant's hunk is edited and another
// mutant folder still holds a full copy of a solution file. Both are failed
// checks naming the patch (and the hunk and the line that differs), and every
// other mutant of the lesson is still graded. The review quiz is the lesson:
// its mutants are graded without compiling anything.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "integration/grader_run.hpp"

namespace {

namespace fs = std::filesystem;
using namespace grader_test;

const fs::path kCourse = COURSE_SOURCE_DIR;
const std::string kAnswers = "review-quiz/answers.yaml";
const std::string kStale = "encoding-concatenated";  // its second hunk's context holds kEditedLine
const std::string kCopied = "sin-cos-swapped";       // gets a full copy of the answers besides its patch
const std::string kEditedLine = "#   d) Only inside the attention scores; the embeddings are left untouched.";

// The course with real copies of solutions/ and tests/ (to edit) and links to everything else.
class EditableCourse {
 public:
  EditableCourse() {
    for (const auto& entry : fs::directory_iterator(kCourse)) {
      const std::string name = entry.path().filename().string();
      if (name.rfind("build", 0) == 0 || name == ".git") continue;
      if (name == "solutions" || name == "tests") fs::copy(entry.path(), root() / name, fs::copy_options::recursive);
      else if (entry.is_directory()) fs::create_directory_symlink(entry.path(), root() / name);
      else fs::create_symlink(entry.path(), root() / name);
    }
  }
  fs::path root() const { return scratch_.path(); }

 private:
  ScratchDir scratch_;
};

// The lines of `text` that report on `subject` ("mutant  review-quiz/x ..."), with the detail line under each.
std::vector<std::string> rows_of(const std::string& text, const std::string& subject) {
  std::vector<std::string> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.find(" " + subject) == std::string::npos) continue;
    std::string detail;
    if (in.peek() == ' ') std::getline(in, detail);
    rows.push_back(line + "\n" + detail);
  }
  return rows;
}

TEST(ValidatePatches, AMutantThatNoLongerAppliesFailsItsCheckAndTheOthersAreStillGraded) {
  EditableCourse course;
  // One reference line inside kStale's second hunk changes (a comment: the reference still scores full marks).
  const fs::path answers = course.root() / "solutions" / kAnswers;
  std::string text = read_text(answers);
  const auto at = text.find(kEditedLine + "\n");
  ASSERT_NE(at, std::string::npos) << "the reference answers no longer hold the line this test edits";
  const auto line_number = std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1;
  const std::string stale_patch = read_text(course.root() / "tests/mutants/review-quiz" / kStale / "change.patch");
  ASSERT_NE(stale_patch.find("\n " + kEditedLine + "\n"), std::string::npos)
      << kStale << "'s patch no longer holds the edited line as context";
  // Its second hunk's header and where it stands in the patch.
  std::smatch second;
  ASSERT_TRUE(std::regex_search(stale_patch, second, std::regex(R"(\n@@[^\n]*@@[^\n]*\n(?:[^\n]*\n)*?(@@ [^\n]* @@))")));
  const std::string second_header = second[1].str();
  const auto second_line =
      std::count(stale_patch.begin(), stale_patch.begin() + second.position(1), '\n') + 1;
  text.replace(at, kEditedLine.size(), "#   d) Only inside the attention scores (the embeddings stay as they are).");
  write_text(answers, text);
  // Another mutant still carries a full copy, from before mutants were patches.
  write_text(course.root() / "tests/mutants/review-quiz" / kCopied / kAnswers, read_text(kCourse / "solutions" / kAnswers));

  GraderRun run = run_grader({"--course", course.root().string(), "--no-color", "validate", "review-quiz"},
                             std::chrono::seconds(900));
  EXPECT_EQ(run.exit_code, 1) << describe(run);

  auto rows = rows_of(run.out, "review-quiz/" + kStale);
  ASSERT_EQ(rows.size(), 1u) << describe(run);
  EXPECT_NE(rows[0].find("patch error"), std::string::npos) << rows[0];
  EXPECT_NE(rows[0].find("PROBLEM"), std::string::npos) << rows[0];
  const std::string hunk = "tests/mutants/review-quiz/" + kStale + "/change.patch: hunk 2 of " + kAnswers +
                           " (" + second_header + ", line " + std::to_string(second_line) + ") does not apply: line " + std::to_string(line_number) + " of " +
                           kAnswers + " is \"#   d) Only inside the attention scores (the embeddings stay as they are).\" "
                           "where the patch expects \"" + kEditedLine + "\"";
  EXPECT_NE(rows[0].find(hunk), std::string::npos) << rows[0] << "\nwanted: " << hunk;

  rows = rows_of(run.out, "review-quiz/" + kCopied);
  ASSERT_EQ(rows.size(), 1u) << describe(run);
  EXPECT_NE(rows[0].find("patch error"), std::string::npos) << rows[0];
  EXPECT_NE(rows[0].find("holds 'review-quiz' besides mutant.yaml and change.patch"), std::string::npos) << rows[0];
  EXPECT_NE(rows[0].find("scripts/mutants_to_patches.sh"), std::string::npos) << rows[0];

  // Every other mutant and variant of the lesson was graded and is caught (or keeps full marks).
  int others = 0;
  for (const auto& dir : fs::directory_iterator(kCourse / "tests/mutants/review-quiz")) {
    const std::string name = dir.path().filename().string();
    if (name == kStale || name == kCopied) continue;
    rows = rows_of(run.out, "review-quiz/" + name);
    ASSERT_EQ(rows.size(), 1u) << name << "\n" << describe(run);
    EXPECT_TRUE(std::regex_search(rows[0], std::regex(R"((caught, |full marks +)\d+(\.\d+)?/\d+.* ok\n)"))) << rows[0];
    ++others;
  }
  EXPECT_GE(others, 5);
  // The references themselves are unaffected by the edited comment.
  EXPECT_TRUE(std::regex_search(run.out, std::regex(R"(reference +review-quiz/review-quiz +full marks .* ok\n)"))) << run.out;
}

}  // namespace
