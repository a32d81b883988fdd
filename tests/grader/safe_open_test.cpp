// Opening submission files without following links (grader/util/safe_open):
// a link as the last or a middle component, absolute and relative links, a
// link inside the same submission, "..", hard links to files the student
// does not own, FIFOs and devices, and a file swapped for a link while it is
// being read.
#include "grader/util/safe_open.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>

#include "grader/util/files.hpp"

namespace {
namespace fs = std::filesystem;
using grader::util::Fd;
using grader::util::Listed;
using grader::util::open_beneath;
using grader::util::read_beneath;
using grader::util::ReadRules;

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// A grading area: a "course" with a secret, and a student's submission.
class SafeOpen : public ::testing::Test {
 protected:
  void SetUp() override {
    write(course() / "solutions/lesson/answer.cpp", "secret reference\n");
    write(sub() / "lesson/own.cpp", "student code\n");
    write(sub() / "other/file.cpp", "other folder\n");
    root_fd = grader::util::open_trusted_directory(sub());
    ASSERT_TRUE(root_fd);
  }
  fs::path course() const { return tmp.path() / "course"; }
  fs::path sub() const { return tmp.path() / "submission"; }
  grader::util::ReadResult read(const std::string& rel, ReadRules rules = {}) const {
    return read_beneath(root_fd.get(), rel, rules);
  }
  grader::util::TempDir tmp{"safe-open-test"};
  Fd root_fd;
};

TEST_F(SafeOpen, ReadsARegularFile) {
  auto r = read("lesson/own.cpp");
  EXPECT_TRUE(r.present);
  EXPECT_EQ(r.refused, "");
  EXPECT_EQ(r.content, "student code\n");
  auto missing = read("lesson/none.cpp");
  EXPECT_FALSE(missing.present);
  EXPECT_EQ(missing.refused, "");
  EXPECT_FALSE(read("nolesson/none.cpp").present);
}

TEST_F(SafeOpen, LinkAsLastComponentIsRefused) {
  fs::create_symlink(course() / "solutions/lesson/answer.cpp", sub() / "lesson/linked.cpp");
  auto r = read("lesson/linked.cpp");
  EXPECT_TRUE(r.present);
  EXPECT_EQ(r.content, "");
  EXPECT_EQ(r.refused, "lesson/linked.cpp is a symbolic link: never followed");
  EXPECT_EQ(r.component, "lesson/linked.cpp");
}

TEST_F(SafeOpen, AbsoluteLinkAsMiddleComponentIsRefusedNamingIt) {
  fs::remove_all(sub() / "lesson");
  fs::create_directory_symlink(course() / "solutions/lesson", sub() / "lesson");
  auto r = read("lesson/answer.cpp");
  EXPECT_TRUE(r.present);
  EXPECT_EQ(r.content, "");
  EXPECT_EQ(r.refused, "lesson/ is a symbolic link: never followed");
  EXPECT_EQ(r.component, "lesson");
}

TEST_F(SafeOpen, RelativeDotDotLinkIsRefused) {
  fs::remove_all(sub() / "lesson");
  fs::create_directory_symlink("../course/solutions/lesson", sub() / "lesson");
  ASSERT_TRUE(fs::exists(sub() / "lesson/answer.cpp"));  // the link works for anyone who follows it
  auto r = read("lesson/answer.cpp");
  EXPECT_EQ(r.content, "");
  EXPECT_EQ(r.refused, "lesson/ is a symbolic link: never followed");
}

TEST_F(SafeOpen, DeepLinkedComponentIsNamed) {
  write(sub() / "a/b/c.cpp", "x");
  fs::remove_all(sub() / "a/b");
  fs::create_directory_symlink(course() / "solutions", sub() / "a/b");
  auto r = read("a/b/lesson/answer.cpp");
  EXPECT_EQ(r.refused, "a/b/ is a symbolic link: never followed");
  EXPECT_EQ(r.component, "a/b");
}

TEST_F(SafeOpen, LinkToAFolderInsideTheSameSubmissionIsRefusedToo) {
  fs::create_directory_symlink("other", sub() / "mirror");
  auto r = read("mirror/file.cpp");
  EXPECT_EQ(r.content, "");
  EXPECT_EQ(r.refused, "mirror/ is a symbolic link: never followed");
}

TEST_F(SafeOpen, DotDotAndAbsoluteNamesAreRefused) {
  auto up = read("lesson/../../course/solutions/lesson/answer.cpp");
  EXPECT_EQ(up.content, "");
  EXPECT_NE(up.refused.find("(..)"), std::string::npos) << up.refused;
  auto abs = read((course() / "solutions/lesson/answer.cpp").string());
  EXPECT_EQ(abs.content, "");
  EXPECT_NE(abs.refused.find("absolute path"), std::string::npos) << abs.refused;
  auto o = open_beneath(root_fd.get(), "..", O_RDONLY | O_DIRECTORY);
  EXPECT_FALSE(o.fd);
  EXPECT_NE(o.refused.find("(..)"), std::string::npos);
}

TEST_F(SafeOpen, FileInsteadOfFolderIsNamed) {
  auto o = open_beneath(root_fd.get(), "lesson/own.cpp/x", O_RDONLY);
  EXPECT_FALSE(o.fd);
  EXPECT_NE(o.refused.find("not a folder"), std::string::npos) << o.refused;
}

TEST_F(SafeOpen, OpensFoldersWithoutLinks) {
  auto ok = open_beneath(root_fd.get(), "lesson", O_RDONLY | O_DIRECTORY);
  EXPECT_TRUE(ok.fd);
  fs::create_directory_symlink(course(), sub() / "linked");
  auto refused = open_beneath(root_fd.get(), "linked", O_RDONLY | O_DIRECTORY);
  EXPECT_FALSE(refused.fd);
  EXPECT_EQ(refused.refused, "linked/ is a symbolic link: never followed");
}

TEST_F(SafeOpen, FifoIsRefusedWithoutWaiting) {
  ASSERT_EQ(::mkfifo((sub() / "lesson/pipe.cpp").c_str(), 0600), 0);
  auto r = read("lesson/pipe.cpp");  // would block forever if it were opened for reading normally
  EXPECT_TRUE(r.present);
  EXPECT_NE(r.refused.find("FIFO"), std::string::npos) << r.refused;
}

TEST_F(SafeOpen, DeviceIsRefused) {
  if (::geteuid() != 0) GTEST_SKIP() << "creating a device file needs root";
  ASSERT_EQ(::mknod((sub() / "lesson/zero.cpp").c_str(), S_IFCHR | 0600, makedev(1, 5)), 0);
  auto r = read("lesson/zero.cpp");
  EXPECT_NE(r.refused.find("device"), std::string::npos) << r.refused;
}

TEST_F(SafeOpen, SizeCapAndHead) {
  write(sub() / "lesson/big.cpp", std::string(5000, 'x'));
  ReadRules small;
  small.max_bytes = 4096;
  EXPECT_NE(read("lesson/big.cpp", small).refused.find("larger than 4 KiB"), std::string::npos);
  small.head_only = true;
  auto head = read("lesson/big.cpp", small);
  EXPECT_EQ(head.refused, "");
  EXPECT_EQ(head.content.size(), 4096u);
}

TEST_F(SafeOpen, HardLinkToACourseFileIsRefused) {
  std::error_code ec;
  fs::create_hard_link(course() / "solutions/lesson/answer.cpp", sub() / "lesson/answer.cpp", ec);
  if (ec) GTEST_SKIP() << "cannot create the hard link here: " << ec.message();
  auto course_files = grader::util::file_identities(course() / "solutions");
  ReadRules rules;
  rules.foreign = &course_files;
  auto r = read("lesson/answer.cpp", rules);
  EXPECT_EQ(r.content, "");
  EXPECT_EQ(r.refused, "lesson/answer.cpp is a hard link to a file of the course: never read");
  // A hard link between the student's own files is fine.
  fs::create_hard_link(sub() / "lesson/own.cpp", sub() / "lesson/own2.cpp");
  struct stat st {};
  ASSERT_EQ(::fstat(root_fd.get(), &st), 0);
  rules.owner = st.st_uid;
  EXPECT_EQ(read("lesson/own2.cpp", rules).content, "student code\n");
}

TEST_F(SafeOpen, HardLinkToAFileOwnedBySomeoneElseIsRefused) {
  if (::geteuid() != 0) GTEST_SKIP() << "giving a file to another user needs root";
  write(tmp.path() / "elsewhere/secret.txt", "another user's file\n");
  ASSERT_EQ(::chown((tmp.path() / "elsewhere/secret.txt").c_str(), 4242, 4242), 0);
  fs::create_hard_link(tmp.path() / "elsewhere/secret.txt", sub() / "lesson/stolen.cpp");
  ReadRules rules;
  rules.owner = 0;  // the submission root's owner
  auto r = read("lesson/stolen.cpp", rules);
  EXPECT_EQ(r.content, "");
  EXPECT_EQ(r.refused, "lesson/stolen.cpp is a hard link to a file owned by another user (uid 4242): never read");
  // With one link only, a file another user wrote into the folder is just a file.
  write(sub() / "lesson/given.cpp", "given\n");
  ASSERT_EQ(::chown((sub() / "lesson/given.cpp").c_str(), 4242, 4242), 0);
  EXPECT_EQ(read("lesson/given.cpp", rules).content, "given\n");
}

TEST_F(SafeOpen, ListingNeverFollowsLinks) {
  fs::create_directory_symlink(course(), sub() / "linked-course");
  fs::create_symlink("/etc/passwd", sub() / "lesson/passwd");
  auto listed = grader::util::list_beneath(root_fd.get(), true);
  std::vector<std::string> names;
  for (const auto& l : listed) {
    names.push_back(l.rel);
    EXPECT_EQ(l.rel.find("linked-course/"), std::string::npos) << "descended into a link: " << l.rel;
  }
  auto kind_of = [&](const std::string& rel) {
    for (const auto& l : listed)
      if (l.rel == rel) return l.kind;
    ADD_FAILURE() << rel << " not listed";
    return Listed::Kind::other;
  };
  EXPECT_EQ(kind_of("linked-course"), Listed::Kind::symlink);
  EXPECT_EQ(kind_of("lesson/passwd"), Listed::Kind::symlink);
  EXPECT_EQ(kind_of("lesson"), Listed::Kind::directory);
  EXPECT_EQ(kind_of("lesson/own.cpp"), Listed::Kind::file);
}

// TOCTOU: the checks are made on the descriptor the walk opened (fstat), and
// every component is opened with O_NOFOLLOW from the folder before it, so
// there is no moment between "checked" and "used" for a swap to slip into.
// A thread swaps the file and a link to the secret as fast as it can; every
// read must give the student's text or a refusal, never the secret.
TEST_F(SafeOpen, FileSwappedForALinkWhileReadingNeverYieldsTheTarget) {
  const fs::path file = sub() / "lesson/own.cpp", link = sub() / "lesson/link.tmp", real = sub() / "lesson/real.tmp";
  const fs::path dir = sub() / "lesson", dir_link = sub() / "lesson-link.tmp", dir_real = sub() / "lesson-real.tmp";
  fs::create_directory_symlink(course() / "solutions/lesson", dir_link);
  std::atomic<bool> stop{false};
  std::thread swapper([&] {
    const fs::path secret = course() / "solutions/lesson/answer.cpp";
    while (!stop) {
      // The last component: a regular file, then a link, renamed over it.
      write(real, "student code\n");
      ::rename(real.c_str(), file.c_str());
      ::symlink(secret.c_str(), link.c_str());
      ::rename(link.c_str(), file.c_str());
      // A middle component: the folder, then a link to the course's.
      ::rename(dir.c_str(), dir_real.c_str());
      ::rename(dir_link.c_str(), dir.c_str());
      ::rename(dir.c_str(), dir_link.c_str());
      ::rename(dir_real.c_str(), dir.c_str());
    }
  });
  int refused = 0, read_ok = 0;
  for (int i = 0; i < 3000; ++i) {
    auto r = read("lesson/own.cpp");
    ASSERT_EQ(r.content.find("secret"), std::string::npos) << "read through a link at iteration " << i;
    if (!r.refused.empty()) ++refused;
    else if (!r.content.empty()) ++read_ok;
  }
  stop = true;
  swapper.join();
  SUCCEED() << read_ok << " reads, " << refused << " refusals";
}

// --- Writing state beneath a workspace (the hints-seen file) ---

TEST_F(SafeOpen, AFolderIsMadeWhenMissingButNeverReachedThroughALink) {
  auto made = grader::util::open_or_make_folder_beneath(root_fd.get(), ".state");
  ASSERT_TRUE(made.fd) << made.refused;
  EXPECT_TRUE(fs::is_directory(sub() / ".state"));
  auto again = grader::util::open_or_make_folder_beneath(root_fd.get(), ".state");
  EXPECT_TRUE(again.fd) << again.refused;
  // A link to a folder, to a file, and a dangling one: refused, nothing made where they point.
  fs::create_directory_symlink(course() / "solutions", sub() / "to-folder");
  fs::create_symlink(course() / "solutions/lesson/answer.cpp", sub() / "to-file");
  fs::create_symlink(tmp.path() / "nowhere", sub() / "dangling");
  for (const std::string name : {"to-folder", "to-file", "dangling"}) {
    auto r = grader::util::open_or_make_folder_beneath(root_fd.get(), name);
    EXPECT_FALSE(r.fd) << name;
    EXPECT_NE(r.refused.find(name + "/ is a symbolic link"), std::string::npos) << r.refused;
    EXPECT_TRUE(fs::is_symlink(sub() / name)) << name;
  }
  EXPECT_FALSE(fs::exists(tmp.path() / "nowhere"));
  write(sub() / "plain", "a file\n");
  EXPECT_NE(grader::util::open_or_make_folder_beneath(root_fd.get(), "plain").refused.find("not a folder"),
            std::string::npos);
}

TEST_F(SafeOpen, WritingReplacesARegularFileAndNeverALinkOrItsTarget) {
  auto dir = grader::util::open_or_make_folder_beneath(root_fd.get(), "state");
  ASSERT_TRUE(dir.fd);
  EXPECT_EQ(grader::util::write_beneath_atomically(dir.fd.get(), "s.json", "{}\n"), "");
  EXPECT_EQ(grader::util::read_file(sub() / "state/s.json"), "{}\n");
  EXPECT_EQ(grader::util::write_beneath_atomically(dir.fd.get(), "s.json", "{\"a\": 1}\n"), "");
  EXPECT_EQ(grader::util::read_file(sub() / "state/s.json"), "{\"a\": 1}\n");

  const fs::path target = course() / "solutions/lesson/answer.cpp";
  fs::create_symlink(target, sub() / "state/link.json");
  fs::create_symlink(tmp.path() / "made-through-link", sub() / "state/dangling.json");
  for (const std::string name : {"link.json", "dangling.json"}) {
    std::string why = grader::util::write_beneath_atomically(dir.fd.get(), name, "overwritten\n");
    EXPECT_NE(why.find(name + " is a symbolic link"), std::string::npos) << why;
    EXPECT_TRUE(fs::is_symlink(sub() / "state" / name));
  }
  EXPECT_EQ(grader::util::read_file(target), "secret reference\n");
  EXPECT_FALSE(fs::exists(tmp.path() / "made-through-link"));
  // A link planted at the temporary name is removed, not written through.
  fs::create_symlink(target, sub() / ("state/s.json.tmp." + std::to_string(::getpid())));
  EXPECT_EQ(grader::util::write_beneath_atomically(dir.fd.get(), "s.json", "[]\n"), "");
  EXPECT_EQ(grader::util::read_file(sub() / "state/s.json"), "[]\n");
  EXPECT_EQ(grader::util::read_file(target), "secret reference\n");
  // A FIFO or a folder is not replaced either.
  ASSERT_EQ(::mkfifo((sub() / "state/fifo.json").c_str(), 0644), 0);
  fs::create_directory(sub() / "state/dir.json");
  EXPECT_NE(grader::util::write_beneath_atomically(dir.fd.get(), "fifo.json", "x").find("not a regular file"),
            std::string::npos);
  EXPECT_NE(grader::util::write_beneath_atomically(dir.fd.get(), "dir.json", "x").find("not a regular file"),
            std::string::npos);
  EXPECT_TRUE(fs::is_directory(sub() / "state/dir.json"));
}

TEST_F(SafeOpen, OversizedIsSaidApartFromOtherRefusals) {
  write(sub() / "big.txt", std::string(3000, 'x'));
  ReadRules small;
  small.max_bytes = 2048;
  EXPECT_TRUE(read("big.txt", small).oversized);
  fs::create_symlink(sub() / "big.txt", sub() / "big-link.txt");
  auto link = read("big-link.txt", small);
  EXPECT_FALSE(link.oversized);
  EXPECT_NE(link.refused, "");
  EXPECT_FALSE(read("lesson/own.cpp", small).oversized);
}

}  // namespace
