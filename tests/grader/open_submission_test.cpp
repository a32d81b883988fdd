// A batch opens each submission once (grader/batch/batch.hpp,
// open_submission): a folder, an archive and archives in parts holding the
// same student files give the same files and the same content hash, the one
// value that the gradebook's "unchanged", grading and similarity all use.
#include <archive.h>
#include <archive_entry.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "grader/batch/batch.hpp"
#include "grader/build/toolchain.hpp"
#include "grader/runner/grader.hpp"
#include "grader/util/files.hpp"
#include "support/zip_files.hpp"

namespace {
namespace fs = std::filesystem;
using grader::batch::Entry;

const std::string kPe = "positional-encoding/positional_encoding.cpp";
const std::string kLoop = "positional-encoding/positional_encoding_loop.cpp";

using course_test::write_zip;

void write_folder(const fs::path& folder, const std::map<std::string, std::string>& files) {
  for (const auto& [rel, content] : files) {
    fs::create_directories((folder / rel).parent_path());
    std::ofstream(folder / rel, std::ios::binary) << content;
  }
}

class BatchOpensOnce : public ::testing::Test {
 protected:
  void SetUp() override {
    course.root = tmp.path() / "course";
    grader::course::Lesson lesson;
    lesson.id = "positional-encoding";
    lesson.folder = "lessons/positional-encoding";
    grader::course::Exercise e;
    e.id = "pe";
    e.files = {kPe, kLoop};
    lesson.exercises.push_back(e);
    course.lessons.push_back(lesson);
    write_folder(course.root / "starter", {{kPe, "// starter pe\n"}, {kLoop, "// starter loop\n"}});
    fs::create_directories(exports());
  }
  fs::path exports() const { return tmp.path() / "export"; }
  Entry entry(const fs::path& path) const { return Entry{path, "sam", false, "", {}}; }

  const std::map<std::string, std::string> files{{kPe, "double pe() { return 1; }\n"},
                                                 {kLoop, "double loop() { return 2; }\n"}};
  grader::util::TempDir tmp{"open-submission-test"};
  grader::course::Course course;
  grader::build::Toolchain toolchain;
  grader::runner::Grader grader{course, toolchain, tmp.path() / "cache"};
};

TEST_F(BatchOpensOnce, FolderArchiveAndPartsGiveTheSameFilesAndHash) {
  write_folder(exports() / "folder", files);
  write_zip(exports() / "sam.zip", {{"wrapped/" + kPe, files.at(kPe)}, {"wrapped/" + kLoop, files.at(kLoop)}});
  write_zip(exports() / "part1.zip", {{kPe, files.at(kPe)}});
  write_zip(exports() / "part2.zip", {{kLoop, files.at(kLoop)}});
  Entry parts = entry(exports() / "part1.zip");
  parts.parts = {{exports() / "part1.zip", ""}, {exports() / "part2.zip", ""}};

  const auto folder = grader::batch::open_submission(grader, entry(exports() / "folder"));
  const auto archive = grader::batch::open_submission(grader, entry(exports() / "sam.zip"));
  const auto combined = grader::batch::open_submission(grader, parts);
  for (const auto* opened : {&folder, &archive, &combined}) {
    EXPECT_EQ(opened->error, "");
    EXPECT_TRUE(opened->refused.empty());
    EXPECT_EQ(opened->files.files, (std::vector<std::pair<std::string, std::string>>(files.begin(), files.end())));
    EXPECT_TRUE(opened->files.missing.empty());
  }
  EXPECT_EQ(folder.files.content_hash.size(), 64u);
  EXPECT_EQ(archive.files.content_hash, folder.files.content_hash);
  EXPECT_EQ(combined.files.content_hash, folder.files.content_hash);
  // The same value the grader's own collection gives (one definition of the hash).
  EXPECT_EQ(grader.collect(exports() / "folder").content_hash, folder.files.content_hash);
  // Opening again gives the same value (nothing of the unpacked copy is in it).
  EXPECT_EQ(grader::batch::open_submission(grader, entry(exports() / "sam.zip")).files.content_hash,
            archive.files.content_hash);
  std::string error;
  EXPECT_EQ(grader::batch::submitted_files(grader, entry(exports() / "sam.zip"), error),
            (std::map<std::string, std::string>(files.begin(), files.end())));
  EXPECT_EQ(error, "");
}

TEST_F(BatchOpensOnce, HashFollowsEveryFileAndTheStarterStandIn) {
  write_folder(exports() / "a", files);
  auto changed = files;
  changed[kLoop] += " ";
  write_folder(exports() / "b", changed);
  write_folder(exports() / "c", {{kPe, files.at(kPe)}});  // loop missing: the starter's is taken
  write_folder(exports() / "d", {{kPe, files.at(kPe)}, {kLoop, "// starter loop\n"}});
  const auto a = grader::batch::open_submission(grader, entry(exports() / "a"));
  const auto b = grader::batch::open_submission(grader, entry(exports() / "b"));
  const auto c = grader::batch::open_submission(grader, entry(exports() / "c"));
  const auto d = grader::batch::open_submission(grader, entry(exports() / "d"));
  EXPECT_NE(a.files.content_hash, b.files.content_hash);
  EXPECT_NE(a.files.content_hash, c.files.content_hash);
  EXPECT_EQ(c.files.missing, std::vector<std::string>{kLoop});
  // What is graded is what is hashed: the starter stand-in hashes like the same file submitted.
  EXPECT_EQ(c.files.content_hash, d.files.content_hash);
}

TEST_F(BatchOpensOnce, GradingUsesTheOpenedHashNotASecondOne) {
  write_folder(exports() / "a", files);
  auto opened = grader::batch::open_submission(grader, entry(exports() / "a"));
  opened.files.content_hash = "the-one-value";
  grader::runner::GradeOptions options;
  options.lessons = {"no-such-lesson"};  // nothing to build: only what the result records
  const auto result = grader.grade(opened.files, options);
  EXPECT_EQ(result.content_hash, "the-one-value");
  EXPECT_TRUE(result.lessons.empty());
}

TEST_F(BatchOpensOnce, RefusedEntriesAndUnreadableArchivesAreReported) {
  write_zip(exports() / "bad-entry.zip", {{kPe, files.at(kPe)}, {kLoop, files.at(kLoop)}, {"../escape.cpp", "x"}});
  const auto partly = grader::batch::open_submission(grader, entry(exports() / "bad-entry.zip"));
  EXPECT_EQ(partly.error, "");
  ASSERT_EQ(partly.refused.size(), 1u);
  EXPECT_NE(partly.refused[0].find("escape.cpp"), std::string::npos) << partly.refused[0];
  EXPECT_EQ(partly.files.files.size(), 2u);

  std::ofstream(exports() / "broken.zip") << "this is not a zip archive";
  const auto broken = grader::batch::open_submission(grader, entry(exports() / "broken.zip"));
  EXPECT_EQ(broken.error.rfind("archive refused: ", 0), 0u) << broken.error;
  EXPECT_TRUE(broken.files.files.empty());
  EXPECT_EQ(broken.files.content_hash, "");

  const auto gone = grader::batch::open_submission(grader, entry(exports() / "nothing-here"));
  EXPECT_NE(gone.error, "");
}

}  // namespace
