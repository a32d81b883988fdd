// Which exercises a submission left as the starter shipped them
// (grader/runner/lesson/untouched.hpp): byte for byte, every file of the
// exercise, read from the course's pristine starter.
#include "grader/runner/lesson/untouched.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "grader/course/model.hpp"
#include "grader/util/files.hpp"

namespace {

namespace fs = std::filesystem;
using grader::runner::untouched_exercises;
using Files = std::vector<std::pair<std::string, std::string>>;

class Untouched : public ::testing::Test {
 protected:
  void SetUp() override {
    starter("l/repair.cpp", "int f() { return 1; }  // buggy\n");
    starter("l/two_a.cpp", "// a\n");
    starter("l/two_b.cpp", "// b\n");
    repair_.id = "repair";
    repair_.files = {"l/repair.cpp"};
    two_files_.id = "two";
    two_files_.files = {"l/two_a.cpp", "l/two_b.cpp"};
    no_files_.id = "none";
    exercises_ = {{"repair", &repair_}, {"two", &two_files_}, {"none", &no_files_}};
  }
  void starter(const std::string& rel, const std::string& text) {
    fs::create_directories((root_.path() / "starter" / rel).parent_path());
    std::ofstream(root_.path() / "starter" / rel) << text;
  }
  std::vector<std::string> of(const Files& files) { return untouched_exercises(root_.path(), exercises_, files); }

  grader::util::TempDir root_{"untouched-test"};
  grader::course::Exercise repair_, two_files_, no_files_;
  grader::runner::SelectedExercises exercises_;
};

TEST_F(Untouched, EveryFileAsShippedIsUntouched) {
  EXPECT_EQ(of({{"l/repair.cpp", "int f() { return 1; }  // buggy\n"}, {"l/two_a.cpp", "// a\n"}, {"l/two_b.cpp", "// b\n"}}),
            (std::vector<std::string>{"repair", "two"}));
}

TEST_F(Untouched, OneChangedByteOrOneChangedFileIsWork) {
  EXPECT_EQ(of({{"l/repair.cpp", "int f() { return 1; }  // buggy \n"}, {"l/two_a.cpp", "// a\n"}, {"l/two_b.cpp", "// B\n"}}),
            std::vector<std::string>{});
}

TEST_F(Untouched, AFileMissingFromTheSubmissionOrFromTheStarterIsNotUntouched) {
  EXPECT_EQ(of({{"l/two_a.cpp", "// a\n"}, {"l/two_b.cpp", "// b\n"}}), (std::vector<std::string>{"two"}));
  fs::remove(root_.path() / "starter/l/two_b.cpp");
  EXPECT_EQ(of({{"l/two_a.cpp", "// a\n"}, {"l/two_b.cpp", ""}}), std::vector<std::string>{});
}

// A handout's pristine copy (.grader/starter) is the starter there, not the
// student's starter/ folder, which is their workspace.
TEST_F(Untouched, AHandoutComparesWithItsCopyOfTheStarter) {
  fs::create_directories(root_.path() / ".grader/starter/l");
  std::ofstream(root_.path() / ".grader/starter/l/repair.cpp") << "shipped\n";
  starter("l/repair.cpp", "edited by the student\n");
  EXPECT_EQ(of({{"l/repair.cpp", "shipped\n"}}), (std::vector<std::string>{"repair"}));
  EXPECT_EQ(of({{"l/repair.cpp", "edited by the student\n"}}), std::vector<std::string>{});
}

}  // namespace
