// The out-of-date check of the course build (grader/build/staleness): a suite
// or worker library older than a source it compiles, than a course header
// that source includes (however deep), or missing a test file added to its
// folder, is named with the command that rebuilds it; an up-to-date build,
// and a newer file the piece does not include, are not.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>

#include "grader/build/staleness.hpp"
#include "grader/util/files.hpp"

namespace {

namespace fs = std::filesystem;
namespace gb = grader::build;
using namespace std::chrono_literals;

class Staleness : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = dir_.path() / "course";
    build_ = dir_.path() / "build";
    write("lessons/pe/pe.hpp", "#pragma once\n#include \"common/tensor.hpp\"\n");
    write("lessons/common/tensor.hpp", "#pragma once\n#include <vector>\n#include \"common/shape.hpp\"\n");
    write("lessons/common/shape.hpp", "#pragma once\n#include \"common/tensor.hpp\"  // a cycle must end\n");
    write("lessons/common/unused.hpp", "#pragma once\n");
    write("tests/public/pe/pe_test.cpp", "#include \"pe/pe.hpp\"\n#include \"fixture.hpp\"\n");
    write("tests/public/pe/fixture.hpp", "#pragma once\n// #include \"common/unused.hpp\" is only a comment here\n");
    write("tests/public/pe/README.md", "notes are not tests\n");
    suite_ = (build_ / "suites/suite_pe_public").string();
    write_absolute(suite_, "binary");

    toolchain_.course_root = root_;
    toolchain_.include_dirs = {(root_ / "lessons").string()};
    toolchain_.manifest_path = build_ / "bin/grader-toolchain.json";
    toolchain_.build_inputs[suite_] = {(root_ / "tests/public/pe/pe_test.cpp").string()};
    toolchain_.test_folders[suite_] = (root_ / "tests/public/pe").string();
    // Every source a day old, the suite an hour old: up to date.
    for (const auto& entry : fs::recursive_directory_iterator(root_))
      if (entry.is_regular_file()) age(entry.path(), 24h);
    age(suite_, 1h);
  }

  void write(const std::string& rel, const std::string& text) { write_absolute(root_ / rel, text); }
  static void write_absolute(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    grader::util::write_file_atomically(path, text);
  }
  static void age(const fs::path& path, std::chrono::hours by) {
    fs::last_write_time(path, fs::file_time_type::clock::now() - by);
  }
  std::optional<gb::StaleBuild> check() const { return gb::find_stale_build(toolchain_, {suite_}); }

  grader::util::TempDir dir_{"staleness-test"};
  fs::path root_, build_;
  std::string suite_;
  gb::Toolchain toolchain_;
};

TEST_F(Staleness, AnUpToDateBuildIsNotStale) { EXPECT_FALSE(check().has_value()); }

TEST_F(Staleness, ASourceChangedAfterTheBuildIsNamedWithTheRebuildCommand) {
  age(root_ / "tests/public/pe/pe_test.cpp", 0h);
  const auto stale = check();
  ASSERT_TRUE(stale.has_value());
  EXPECT_EQ(stale->artifact, suite_);
  EXPECT_NE(stale->message.find("tests/public/pe/pe_test.cpp changed after"), std::string::npos) << stale->message;
  EXPECT_NE(stale->message.find("cmake --build " + build_.string()), std::string::npos) << stale->message;
}

TEST_F(Staleness, AHeaderIncludedFromTheTestFolderCounts) {
  age(root_ / "tests/public/pe/fixture.hpp", 0h);
  const auto stale = check();
  ASSERT_TRUE(stale.has_value());
  EXPECT_EQ(fs::path(stale->source).filename(), "fixture.hpp");
}

TEST_F(Staleness, AHeaderIncludedTwoLevelsDownThroughTheIncludeFolderCounts) {
  age(root_ / "lessons/common/shape.hpp", 0h);
  const auto stale = check();
  ASSERT_TRUE(stale.has_value());
  EXPECT_NE(stale->message.find("lessons/common/shape.hpp"), std::string::npos) << stale->message;
}

TEST_F(Staleness, ANewerFileThatIsNotIncludedDoesNotCount) {
  age(root_ / "lessons/common/unused.hpp", 0h);  // named only in a comment
  age(root_ / "tests/public/pe/README.md", 0h);
  EXPECT_FALSE(check().has_value());
}

TEST_F(Staleness, ANewerFileOutsideTheCourseDoesNotCount) {
  write_absolute(dir_.path() / "system/vector.hpp", "");
  toolchain_.include_dirs.push_back((dir_.path() / "system").string());
  write("lessons/pe/pe.hpp", "#pragma once\n#include \"vector.hpp\"\n");
  age(root_ / "lessons/pe/pe.hpp", 24h);
  EXPECT_FALSE(check().has_value());
}

TEST_F(Staleness, ATestFileAddedAfterTheBuildIsNamed) {
  write("tests/public/pe/pe_more_test.cpp", "int x;\n");
  age(root_ / "tests/public/pe/pe_more_test.cpp", 48h);  // even with an old time: it is not built in
  const auto stale = check();
  ASSERT_TRUE(stale.has_value());
  EXPECT_NE(stale->message.find("tests/public/pe/pe_more_test.cpp is not built into"), std::string::npos)
      << stale->message;
}

TEST_F(Staleness, AMissingPieceIsNamedAsTheCourseBuildsNotTheStudents) {
  fs::remove(suite_);
  const auto stale = check();
  ASSERT_TRUE(stale.has_value());
  EXPECT_NE(stale->message.find(suite_ + " is missing"), std::string::npos) << stale->message;
  EXPECT_NE(stale->message.find("not from your files"), std::string::npos) << stale->message;
}

TEST_F(Staleness, APieceWithoutRecordedInputsIsOnlyCheckedToExist) {
  const std::string library = (build_ / "lessons/libcourse_pe_worker_table.a").string();
  write_absolute(library, "archive");
  age(library, 100h);
  EXPECT_FALSE(gb::find_stale_build(toolchain_, {library}).has_value());
  EXPECT_TRUE(gb::find_stale_build(toolchain_, {library + ".gone"}).has_value());
}

TEST(IncludeClosure, FollowsQuotedIncludesOnceEachAndEndsOnCycles) {
  grader::util::TempDir dir("closure-test");
  const fs::path root = dir.path();
  grader::util::write_file_atomically(root / "a.cpp", "#include \"b.hpp\"\n  #  include \"b.hpp\"\n#include <c.hpp>\n");
  grader::util::write_file_atomically(root / "b.hpp", "#include \"a.cpp\"\n#include \"missing.hpp\"\n");
  grader::util::write_file_atomically(root / "c.hpp", "");
  gb::Toolchain toolchain;
  toolchain.course_root = root;
  const auto closure = gb::include_closure(toolchain, {(root / "a.cpp").string()});
  ASSERT_EQ(closure.size(), 2u);
  EXPECT_EQ(fs::path(closure[0]).filename(), "a.cpp");
  EXPECT_EQ(fs::path(closure[1]).filename(), "b.hpp");
}

}  // namespace

// Grading with hidden tests in a build that holds only the student's part
// (./run.sh check builds target course_student): the first missing hidden or
// serving suite of the lessons asked for, with the command that builds it;
// nothing when they are all there, or when only other lessons lack theirs.
class GradingBuild : public Staleness {
 protected:
  void SetUp() override {
    Staleness::SetUp();
    for (const char* lesson : {"pe", "mha"}) {
      auto& built = toolchain_.lessons[lesson];
      for (const char* variant : {"public", "hidden"})
        built.suites[variant] = (build_ / "suites" / (std::string("suite_") + lesson + "_" + variant)).string();
    }
    toolchain_.lessons["mha"].suites["public_serving"] = (build_ / "suites/suite_mha_public_serving").string();
    for (const auto& [id, built] : toolchain_.lessons)
      for (const auto& [variant, path] : built.suites) write_absolute(path, "binary");
  }
};

TEST_F(GradingBuild, ACompleteBuildHasNothingMissing) {
  EXPECT_FALSE(gb::find_missing_grading_build(toolchain_, "grade", {}).has_value());
}

TEST_F(GradingBuild, AMissingHiddenOrServingSuiteIsNamedWithTheCommandThatBuildsIt) {
  for (const char* variant : {"hidden", "public_serving"}) {
    SCOPED_TRACE(variant);
    const std::string suite = toolchain_.lessons["mha"].suites[variant];
    fs::remove(suite);
    const auto missing = gb::find_missing_grading_build(toolchain_, "validate", {});
    ASSERT_TRUE(missing.has_value());
    EXPECT_EQ(missing->artifact, suite);
    EXPECT_NE(missing->message.find("validate needs the hidden tests"), std::string::npos) << missing->message;
    EXPECT_NE(missing->message.find(suite + " is missing"), std::string::npos) << missing->message;
    EXPECT_NE(missing->message.find("build them with: cmake --build " + build_.string() + " "), std::string::npos)
        << missing->message;
    EXPECT_NE(missing->message.find("./run.sh validate builds them itself"), std::string::npos) << missing->message;
    write_absolute(suite, "binary");
  }
}

TEST_F(GradingBuild, OnlyTheLessonsAskedForCount) {
  fs::remove(toolchain_.lessons["mha"].suites["hidden"]);
  EXPECT_FALSE(gb::find_missing_grading_build(toolchain_, "grade", {"pe"}).has_value());
  EXPECT_TRUE(gb::find_missing_grading_build(toolchain_, "grade", {"pe", "mha"}).has_value());
}

TEST_F(GradingBuild, AMissingPublicSuiteIsLeftToTheStalenessCheck) {
  // The public suite is the student's build: its absence is find_stale_build's (per lesson, when graded).
  fs::remove(toolchain_.lessons["pe"].suites["public"]);
  EXPECT_FALSE(gb::find_missing_grading_build(toolchain_, "grade", {}).has_value());
}
