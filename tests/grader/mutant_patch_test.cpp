// Mutants as patches (grader/validate/patch.hpp, mutant_workspace.hpp): the
// strict unified-diff applier on patches written by hand and by diff(1), each
// refusal with its message, and every mutant of the real course applying to
// today's references.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "grader/course/loader.hpp"
#include "grader/util/files.hpp"
#include "grader/validate/mutant_workspace.hpp"
#include "grader/validate/patch.hpp"

namespace {

namespace fs = std::filesystem;
namespace gv = grader::validate;

void write(const fs::path& p, const std::string& bytes) {
  fs::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << bytes;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// A solutions/ folder to patch, in a scratch directory.
class PatchTest : public ::testing::Test {
 protected:
  fs::path base() const { return dir_.path() / "solutions"; }
  void file(const std::string& rel, const std::string& bytes) { write(base() / rel, bytes); }

  std::map<std::string, std::string> apply(const std::string& patch) {
    return gv::apply_patch_text(patch, base(), "change.patch");
  }

  // The PatchError message of applying `patch`, or "" when it applied.
  std::string refusal(const std::string& patch) {
    try {
      apply(patch);
    } catch (const gv::PatchError& e) {
      return e.what();
    }
    return "";
  }

  grader::util::TempDir dir_{"mutant-patch-test"};
};

const std::string kSoftmax =
    "#include <cmath>\n"
    "\n"
    "float softmax_one(float x, float max) {\n"
    "  // subtract the max so exp never overflows\n"
    "  return std::exp(x - max);\n"
    "}\n"
    "\n"
    "float scale(int d) {\n"
    "  return 1.0f / std::sqrt(static_cast<float>(d));\n"
    "}\n";

TEST_F(PatchTest, OneHunkChangesOneLine) {
  file("attention/softmax.cpp", kSoftmax);
  const auto out = apply(
      "--- a/attention/softmax.cpp\n"
      "+++ b/attention/softmax.cpp\n"
      "@@ -3,4 +3,4 @@\n"
      " float softmax_one(float x, float max) {\n"
      "   // subtract the max so exp never overflows\n"
      "-  return std::exp(x - max);\n"
      "+  return std::exp(x);\n"
      " }\n");
  ASSERT_EQ(out.size(), 1u);
  std::string want = kSoftmax;
  want.replace(want.find("x - max"), 7, "x");
  EXPECT_EQ(out.at("attention/softmax.cpp"), want);
  // The original is only read.
  EXPECT_EQ(grader::util::read_file(base() / "attention/softmax.cpp"), kSoftmax);
}

TEST_F(PatchTest, SeveralHunksAndFilesWithGitHeaders) {
  file("attention/softmax.cpp", kSoftmax);
  file("attention/masks.cpp", "int causal(int i, int j) {\n  return j > i;\n}\n");
  const auto out = apply(
      "diff --git a/attention/softmax.cpp b/attention/softmax.cpp\n"
      "index 1111111..2222222 100644\n"
      "--- a/attention/softmax.cpp\n"
      "+++ b/attention/softmax.cpp\n"
      "@@ -1,2 +1,3 @@\n"
      " #include <cmath>\n"
      "+#include <cstdio>\n"
      " \n"
      "@@ -8,3 +9,3 @@ float softmax_one(float x, float max) {\n"
      " float scale(int d) {\n"
      "-  return 1.0f / std::sqrt(static_cast<float>(d));\n"
      "+  return 1.0f / static_cast<float>(d);\n"
      " }\n"
      "diff --git a/attention/masks.cpp b/attention/masks.cpp\n"
      "--- a/attention/masks.cpp\n"
      "+++ b/attention/masks.cpp\n"
      "@@ -1,3 +1,3 @@\n"
      " int causal(int i, int j) {\n"
      "-  return j > i;\n"
      "+  return j >= i;\n"
      " }\n");
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out.at("attention/masks.cpp"), "int causal(int i, int j) {\n  return j >= i;\n}\n");
  const std::string& softmax = out.at("attention/softmax.cpp");
  EXPECT_EQ(softmax.rfind("#include <cmath>\n#include <cstdio>\n\nfloat softmax_one", 0), 0u) << softmax;
  EXPECT_TRUE(contains(softmax, "  return 1.0f / static_cast<float>(d);\n}\n")) << softmax;
  EXPECT_FALSE(contains(softmax, "std::sqrt")) << softmax;
}

TEST_F(PatchTest, AHunkIsFoundAtAnOffsetFromItsStatedLine) {
  // The reference gained three lines at the top and lost one in the middle since the patch was written.
  std::string moved = "// line a\n// line b\n// line c\n" + kSoftmax;
  moved.erase(moved.find("\nfloat scale"), 1);
  file("attention/softmax.cpp", moved);
  const auto out = apply(
      "--- a/attention/softmax.cpp\n"
      "+++ b/attention/softmax.cpp\n"
      "@@ -4,2 +4,2 @@\n"
      "   // subtract the max so exp never overflows\n"
      "-  return std::exp(x - max);\n"
      "+  return std::exp(x);\n"
      "@@ -8,3 +8,3 @@\n"
      " float scale(int d) {\n"
      "-  return 1.0f / std::sqrt(static_cast<float>(d));\n"
      "+  return 1.0f;\n"
      " }\n");
  std::string want = moved;
  want.replace(want.find("x - max"), 7, "x");
  want.replace(want.find("1.0f / std::sqrt(static_cast<float>(d))"), 39, "1.0f");
  EXPECT_EQ(out.at("attention/softmax.cpp"), want);
}

TEST_F(PatchTest, NewFilesFromDevNull) {
  file("attention/softmax.cpp", kSoftmax);
  const auto out = apply(
      "--- /dev/null\n"
      "+++ b/attention/extra/scale.hpp\n"
      "@@ -0,0 +1,2 @@\n"
      "+#pragma once\n"
      "+int scale_of(int d);\n"
      "--- /dev/null\t2026-01-01 00:00:00.000000000 +0000\n"
      "+++ b/attention/notes.txt\t2026-01-01 00:00:00.000000000 +0000\n"
      "@@ -0,0 +1 @@\n"
      "+no newline here\n"
      "\\ No newline at end of file\n");
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out.at("attention/extra/scale.hpp"), "#pragma once\nint scale_of(int d);\n");
  EXPECT_EQ(out.at("attention/notes.txt"), "no newline here");
}

TEST_F(PatchTest, NoNewlineMarkersOnEitherSide) {
  file("a/last.txt", "one\ntwo");  // no newline at the end
  EXPECT_EQ(apply("--- a/a/last.txt\n+++ b/a/last.txt\n@@ -1,2 +1,2 @@\n one\n-two\n\\ No newline at end of file\n+TWO\n")
                .at("a/last.txt"),
            "one\nTWO\n");
  EXPECT_EQ(apply("--- a/a/last.txt\n+++ b/a/last.txt\n@@ -1,2 +1,2 @@\n one\n-two\n\\ No newline at end of file\n"
                  "+TWO\n\\ No newline at end of file\n")
                .at("a/last.txt"),
            "one\nTWO");
  // A marker on a context line: both sides end without a newline.
  EXPECT_EQ(apply("--- a/a/last.txt\n+++ b/a/last.txt\n@@ -1,2 +1,2 @@\n-one\n+ONE\n two\n\\ No newline at end of file\n")
                .at("a/last.txt"),
            "ONE\ntwo");
  // Without the marker the file's last line ("two" without newline) is not the patch's "two\n".
  const std::string message = refusal("--- a/a/last.txt\n+++ b/a/last.txt\n@@ -1,2 +1,2 @@\n-one\n+ONE\n two\n");
  EXPECT_TRUE(contains(message, "line 2 of a/last.txt is \"two\" (no newline at end of file) where the patch expects \"two\""))
      << message;
}

TEST_F(PatchTest, CrlfLinesAreMatchedAndKeptAsTheyAre) {
  file("w/dos.cpp", "int a = 1;\r\nint b = 2;\r\nint c = 3;\r\n");
  const auto out = apply("--- a/w/dos.cpp\r\n+++ b/w/dos.cpp\r\n@@ -1,3 +1,3 @@\r\n int a = 1;\r\n-int b = 2;\r\n+int b = 20;\r\n int c = 3;\r\n");
  EXPECT_EQ(out.at("w/dos.cpp"), "int a = 1;\r\nint b = 20;\r\nint c = 3;\r\n");
  // A patch written with LF lines does not match CRLF lines: no silent conversion.
  const std::string message = refusal("--- a/w/dos.cpp\n+++ b/w/dos.cpp\n@@ -1,2 +1,2 @@\n int a = 1;\n-int b = 2;\n+int b = 20;\n");
  EXPECT_TRUE(contains(message, "line 1 of w/dos.cpp is \"int a = 1;\\r\" where the patch expects \"int a = 1;\"")) << message;
}

TEST_F(PatchTest, TheCountsDecideWhatIsAHunkLineNotItsLook) {
  // A removed "-- x" and an added "++ y" read like "---" and "+++" headers.
  file("q/n.sql", "-- a comment\nselect 1;\n");
  const auto out = apply("--- a/q/n.sql\n+++ b/q/n.sql\n@@ -1,2 +1,2 @@\n--- a comment\n+++ another\n select 1;\n");
  EXPECT_EQ(out.at("q/n.sql"), "++ another\nselect 1;\n");
}

// What diff -u writes for pairs of files, applied back: the applier and the
// tool authors use agree on every shape of edit.
TEST_F(PatchTest, WhatDiffWritesAppliesBackExactly) {
  const std::string lines = "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nl11\nl12\nl13\nl14\nl15\n";
  const std::vector<std::pair<std::string, std::string>> edits = {
      {lines, "changed first\n" + lines.substr(3)},
      {lines, lines + "appended\n"},
      {lines, "prepended\n" + lines},
      {lines, lines.substr(0, lines.size() - 4)},                                          // last line removed
      {lines, "l1\nl2\nX\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nl11\nl12\nY\nl14\nl15\n"},          // two hunks
      {lines, "l1\nl2\nX\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nl11\nl12\nl13\nl14\nl15"},          // newline dropped too
      {"a\nb\nc", "a\nB\nc"},                                                              // neither ends with one
      {"a\nb\nc", "a\nb\nc\n"},                                                            // one added
      {"a\r\nb\r\nc\r\n", "a\r\nbb\r\nc\r\n"},                                             // CRLF
      {"only\n", "\n"},
  };
  int n = 0;
  for (const auto& [before, after] : edits) {
    SCOPED_TRACE("edit " + std::to_string(n));
    const std::string rel = "e/f" + std::to_string(n++) + ".txt";
    file(rel, before);
    write(dir_.path() / "edited" / rel, after);
    const fs::path patch = dir_.path() / "edit.patch";
    const std::string command = "diff -u --label a/" + rel + " --label b/" + rel + " '" + (base() / rel).string() + "' '" +
                                (dir_.path() / "edited" / rel).string() + "' > '" + patch.string() + "'";
    ASSERT_EQ(std::system(command.c_str()) >> 8, 1) << command;
    const auto out = apply(grader::util::read_file(patch));
    EXPECT_EQ(out.at(rel), after) << grader::util::read_file(patch);
  }
}

// ---- refusals ----

const std::string kMasks = "int causal(int i, int j) {\n  return j > i;\n}\n";
const std::string kMasksHunk = "@@ -1,3 +1,3 @@\n int causal(int i, int j) {\n-  return j > i;\n+  return j >= i;\n }\n";

TEST_F(PatchTest, PathsThatLeaveSolutionsAreRefused) {
  file("attention/masks.cpp", kMasks);
  write(dir_.path() / "outside.cpp", kMasks);
  for (const auto& [old_path, new_path, why] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"/etc/passwd", "/etc/passwd", "absolute path '/etc/passwd'"},
           {"a/../outside.cpp", "b/../outside.cpp", "leaves solutions/"},
           {"a/attention/../../outside.cpp", "b/attention/../../outside.cpp", "leaves solutions/"},
           {"a/attention//masks.cpp", "b/attention//masks.cpp", "leaves solutions/ or is not plain"},
           {"a/./attention/masks.cpp", "b/./attention/masks.cpp", "is not plain"},
           {"attention/masks.cpp", "attention/masks.cpp", "does not start with 'a/'"},
           {"a/attention/masks.cpp", "attention/masks.cpp", "does not start with 'b/'"},
           {"\"a/attention/masks.cpp\"", "\"b/attention/masks.cpp\"", "quoted path"},
       }) {
    const std::string message = refusal("--- " + old_path + "\n+++ " + new_path + "\n" + kMasksHunk);
    EXPECT_TRUE(contains(message, why)) << old_path << ": " << message;
    EXPECT_EQ(message.rfind("change.patch:", 0), 0u) << message;
  }
  EXPECT_EQ(grader::util::read_file(dir_.path() / "outside.cpp"), kMasks);
}

TEST_F(PatchTest, SymbolicLinksOutOfSolutionsAreRefused) {
  file("attention/masks.cpp", kMasks);
  write(dir_.path() / "elsewhere/masks.cpp", kMasks);
  fs::create_directory_symlink(dir_.path() / "elsewhere", base() / "linked");
  fs::create_symlink(dir_.path() / "elsewhere/masks.cpp", base() / "attention/link.cpp");
  for (const std::string rel : {"linked/masks.cpp", "attention/link.cpp"}) {
    std::string message = refusal("--- a/" + rel + "\n+++ b/" + rel + "\n" + kMasksHunk);
    EXPECT_TRUE(contains(message, "goes through the symbolic link")) << message;
    // Nor may a new file be written through one.
    message = refusal("--- /dev/null\n+++ b/linked/new.cpp\n@@ -0,0 +1 @@\n+int x;\n");
    EXPECT_TRUE(contains(message, "goes through the symbolic link")) << message;
  }
}

TEST_F(PatchTest, MissingAndAlreadyExistingFilesAreRefused) {
  file("attention/masks.cpp", kMasks);
  std::string message = refusal("--- a/attention/gone.cpp\n+++ b/attention/gone.cpp\n" + kMasksHunk);
  EXPECT_TRUE(contains(message, "changes attention/gone.cpp, which does not exist in")) << message;
  message = refusal("--- /dev/null\n+++ b/attention/masks.cpp\n@@ -0,0 +1 @@\n+int x;\n");
  EXPECT_TRUE(contains(message, "creates attention/masks.cpp (from /dev/null), which already exists")) << message;
  message = refusal("--- a/attention/masks.cpp\n+++ /dev/null\n@@ -1,3 +0,0 @@\n-int causal(int i, int j) {\n-  return j > i;\n-}\n");
  EXPECT_TRUE(contains(message, "deletes attention/masks.cpp")) << message;
  message = refusal("--- a/attention/masks.cpp\n+++ b/attention/other.cpp\n" + kMasksHunk);
  EXPECT_TRUE(contains(message, "renames attention/masks.cpp to attention/other.cpp")) << message;
  message = refusal("--- a/attention/masks.cpp\n+++ b/attention/masks.cpp\n" + kMasksHunk +
                    "--- a/attention/masks.cpp\n+++ b/attention/masks.cpp\n" + kMasksHunk);
  EXPECT_TRUE(contains(message, "attention/masks.cpp appears twice")) << message;
}

TEST_F(PatchTest, MalformedHunkHeadersAreRefused) {
  file("attention/masks.cpp", kMasks);
  for (const std::string header : {"@@ -1,3 +1,3", "@@ 1,3 1,3 @@", "@@ -a,3 +1,3 @@", "@@ -1,3 +1,3@@", "@@@ -1,3 +1,3 @@@",
                                   "@@ -1,99999999999 +1,3 @@"}) {
    const std::string message = refusal("--- a/attention/masks.cpp\n+++ b/attention/masks.cpp\n" + header +
                                        "\n int causal(int i, int j) {\n-  return j > i;\n+  return j >= i;\n }\n");
    EXPECT_TRUE(contains(message, "change.patch:3: malformed hunk header")) << header << ": " << message;
  }
  const std::string message = refusal("--- a/attention/masks.cpp\n+++ b/attention/masks.cpp\n@@ -0,3 +1,3 @@\n"
                                      " int causal(int i, int j) {\n-  return j > i;\n+  return j >= i;\n }\n");
  EXPECT_TRUE(contains(message, "starts a non-empty side at line 0")) << message;
  EXPECT_TRUE(contains(refusal("@@ -1,3 +1,3 @@\n x\n"), "a hunk before any '--- a/PATH'"));
  EXPECT_TRUE(contains(refusal("+++ b/attention/masks.cpp\n"), "'+++' line without the '---' line"));
  EXPECT_TRUE(contains(refusal("--- a/attention/masks.cpp\nint x;\n"), "'---' line without a '+++' line"));
  EXPECT_TRUE(contains(refusal("--- a/attention/masks.cpp\n+++ b/attention/masks.cpp\n"), "has no hunk"));
}

TEST_F(PatchTest, CountsThatDoNotAddUpAreRefused) {
  file("attention/masks.cpp", kMasks);
  const std::string head = "--- a/attention/masks.cpp\n+++ b/attention/masks.cpp\n";
  // Too few lines for the header: the next hunk or file, or the end, comes early.
  std::string message = refusal(head + "@@ -1,4 +1,4 @@\n int causal(int i, int j) {\n-  return j > i;\n+  return j >= i;\n }\n");
  EXPECT_TRUE(contains(message, "hunk 1 of attention/masks.cpp (@@ -1,4 +1,4 @@, line 3) ends early")) << message;
  EXPECT_TRUE(contains(message, "1 old and 1 new are missing")) << message;
  // Too many: a hunk line after the counted ones.
  message = refusal(head + "@@ -1,2 +1,2 @@\n int causal(int i, int j) {\n-  return j > i;\n+  return j >= i;\n }\n");
  EXPECT_TRUE(contains(message, "change.patch:7: \" }\" is a hunk line outside any hunk")) << message;
  // A side overrun in the middle.
  message = refusal(head + "@@ -1,3 +1,2 @@\n int causal(int i, int j) {\n-  return j > i;\n+  return j >= i;\n+}\n }\n");
  EXPECT_TRUE(contains(message, "more '+' lines than hunk 1")) << message;
  message = refusal(head + "@@ -1,3 +1,3 @@\n int causal(int i, int j) {\n*  return j > i;\n }\n");
  EXPECT_TRUE(contains(message, "is not a hunk line")) << message;
}

TEST_F(PatchTest, PatchesThatChangeNothingAreRefused) {
  file("attention/masks.cpp", kMasks);
  EXPECT_TRUE(contains(refusal(""), "holds no change")) << refusal("");
  EXPECT_TRUE(contains(refusal("just some text\n"), "holds no change"));
  std::string message = refusal("--- a/attention/masks.cpp\n+++ b/attention/masks.cpp\n@@ -1,3 +1,3 @@\n"
                                " int causal(int i, int j) {\n   return j > i;\n }\n");
  EXPECT_TRUE(contains(message, "changes nothing (no '-' or '+' line)")) << message;
  message = refusal("--- a/attention/masks.cpp\n+++ b/attention/masks.cpp\n@@ -1,3 +1,3 @@\n"
                    " int causal(int i, int j) {\n-  return j > i;\n+  return j > i;\n }\n");
  EXPECT_TRUE(contains(message, "leaves attention/masks.cpp as it was")) << message;
}

TEST_F(PatchTest, AHunkWhoseContextChangedNamesTheHunkAndTheFirstLineThatDiffers) {
  // The reference was edited after the patch was written: the comment changed.
  std::string edited = kSoftmax;
  edited.replace(edited.find("so exp never overflows"), 22, "first (overflow)");
  file("attention/softmax.cpp", edited);
  const std::string message = refusal(
      "--- a/attention/softmax.cpp\n"
      "+++ b/attention/softmax.cpp\n"
      "@@ -1,2 +1,2 @@\n"
      "-#include <cmath>\n"
      "+#include <math.h>\n"
      " \n"
      "@@ -3,4 +3,4 @@\n"
      " float softmax_one(float x, float max) {\n"
      "   // subtract the max so exp never overflows\n"
      "-  return std::exp(x - max);\n"
      "+  return std::exp(x);\n"
      " }\n");
  EXPECT_TRUE(contains(message, "change.patch: hunk 2 of attention/softmax.cpp (@@ -3,4 +3,4 @@, line 7) does not apply"))
      << message;
  EXPECT_TRUE(contains(message, "line 4 of attention/softmax.cpp is \"  // subtract the max first (overflow)\" where the "
                                "patch expects \"  // subtract the max so exp never overflows\""))
      << message;
}

// ---- a mutant folder ----

TEST_F(PatchTest, AMutantFolderHoldsOnlyItsYamlAndItsPatch) {
  file("attention/masks.cpp", kMasks);
  const fs::path mutant = dir_.path() / "tests/mutants/attention/causal-diagonal";
  write(mutant / "mutant.yaml", "kind: mutant\nmust_fail: [X.Y]\n");
  std::string message;
  try {
    gv::mutant_files(base(), mutant);
  } catch (const gv::PatchError& e) {
    message = e.what();
  }
  EXPECT_EQ(message, "tests/mutants/attention/causal-diagonal/change.patch: missing; write the mutant as a patch against "
                     "solutions/ (diff -u)");
  write(mutant / gv::kMutantPatchFile, "--- a/attention/masks.cpp\n+++ b/attention/masks.cpp\n" + kMasksHunk);
  const fs::path ws = dir_.path() / "ws";
  gv::build_mutant_workspace(base(), mutant, ws);
  EXPECT_EQ(grader::util::read_file(ws / "attention/masks.cpp"), "int causal(int i, int j) {\n  return j >= i;\n}\n");
  // A full copy of a solution file from before patches is refused, not read.
  write(mutant / "attention/masks.cpp", "int causal(int i, int j) { return 0; }\n");
  message.clear();
  try {
    gv::mutant_files(base(), mutant);
  } catch (const gv::PatchError& e) {
    message = e.what();
  }
  EXPECT_TRUE(contains(message, "holds 'attention' besides mutant.yaml and change.patch")) << message;
  EXPECT_TRUE(contains(message, "scripts/mutants_to_patches.sh")) << message;
}

#ifdef COURSE_SOURCE_DIR
// Every mutant of the course applies to today's references and changes only
// student files of its own lesson (anything else a submission never carries).
TEST(CourseMutants, EveryPatchAppliesAndChangesOnlyItsLessonsStudentFiles) {
  const fs::path course_root = COURSE_SOURCE_DIR;
  if (!fs::is_directory(course_root / "tests/mutants") || !fs::is_directory(course_root / "solutions"))
    GTEST_SKIP() << "mutants and references are instructor-only";
  const auto course = grader::course::load_course(course_root / "course.yaml");
  int mutants = 0;
  for (const auto& lesson_dir : fs::directory_iterator(course_root / "tests/mutants")) {
    if (!lesson_dir.is_directory()) continue;
    const auto* lesson = course.find_lesson(lesson_dir.path().filename().string());
    ASSERT_NE(lesson, nullptr) << lesson_dir.path();
    std::set<std::string> student_files;
    for (const auto& e : lesson->exercises) student_files.insert(e.files.begin(), e.files.end());
    for (const auto& mutant : fs::directory_iterator(lesson_dir.path())) {
      SCOPED_TRACE(mutant.path().string());
      std::map<std::string, std::string> files;
      try {
        files = gv::mutant_files(course_root / "solutions", mutant.path());
      } catch (const gv::PatchError& e) {
        ADD_FAILURE() << e.what();
        continue;
      }
      EXPECT_FALSE(files.empty());
      for (const auto& [path, bytes] : files) EXPECT_TRUE(student_files.count(path)) << path << " is no student file of " << lesson->id;
      ++mutants;
    }
  }
  EXPECT_GE(mutants, 100);
}
#endif

}  // namespace
