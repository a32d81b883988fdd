// The precompiled lesson headers student files are compiled with
// (cmake/StudentPch.cmake, WorkerBuilder::forced_include): used when current
// and a probe compile of an empty file shows GCC uses it, refused with a note
// when missing, stale or rejected by the compiler, and a
// student file means the same on every path: the lesson's headers are read
// before its first line.
//
// Uses the course's real build: its toolchain manifest, headers and worker
// libraries. Each build compiles one student file.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "grader/build/worker_builder.hpp"
#include "grader/util/files.hpp"
#include "support/timeouts.hpp"

namespace {

namespace fs = std::filesystem;
namespace gb = grader::build;

const fs::path kCourse = COURSE_SOURCE_DIR;
const std::string kLesson = "positional-encoding";
const std::string kEdited = "positional-encoding/positional_encoding.cpp";

void put(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

bool has(const std::vector<std::string>& flags, const std::string& flag) {
  return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

// The solutions' files of the lesson, `kEdited` replaced by `edited`.
std::vector<gb::SourceFile> lesson_sources(const std::string& edited) {
  std::vector<gb::SourceFile> out;
  for (const char* rel : {"positional-encoding/positional_encoding.cpp", "positional-encoding/positional_encoding_loop.cpp"})
    out.push_back({rel, rel == kEdited ? edited : grader::util::read_file(kCourse / "solutions" / rel)});
  return out;
}

// Includes nothing: compiles only because the lesson's header is forced in
// first. Defines a macro before Eigen's header that would make Eigen's
// matrices row-major had Eigen not been read already: it has been, so they
// stay column-major (the documented behaviour, docs/architecture.md).
const std::string kNoIncludes = R"(#define EIGEN_DEFAULT_TO_ROW_MAJOR 1
#include <Eigen/Dense>
static_assert(!Eigen::MatrixXd::IsRowMajor, "the course headers were read before this file's first line");
#include <cmath>
namespace course {
MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  MatrixXd pe(seq_len, d_model);
  for (Index pos = 0; pos < seq_len; ++pos)
    for (Index i = 0; i < d_model; ++i) {
      const double angle = static_cast<double>(pos) / std::pow(base, static_cast<double>(2 * (i / 2)) / static_cast<double>(d_model));
      pe(pos, i) = i % 2 == 0 ? std::sin(angle) : std::cos(angle);
    }
  return pe;
}
}  // namespace course
)";

class StudentPch : public ::testing::Test {
 protected:
  void SetUp() override {
    manifest_ = gb::default_toolchain_path();
    // The test binary lives next to the grader, in build/bin.
    ASSERT_TRUE(fs::exists(manifest_)) << manifest_ << ": build the course first";
    toolchain_ = gb::load_toolchain(manifest_);
    const auto* lesson = toolchain_.lesson(kLesson);
    ASSERT_NE(lesson, nullptr);
    if (!lesson->precompiled_header || lesson->precompiled_header->gch.empty())
      GTEST_SKIP() << "the course was built without precompiled headers (COURSE_STUDENT_PCH=OFF)";
  }

  // The toolchain with the lesson's .gch path replaced by `gch`.
  gb::Toolchain with_gch(const fs::path& gch) const {
    gb::Toolchain t = toolchain_;
    auto& pch = *t.lessons.at(kLesson).precompiled_header;
    // A header of our own next to the fake .gch, so GCC finds that one.
    fs::path header = gch;
    header.replace_extension();
    put(header, grader::util::read_file(pch.header));
    pch.header = header.string();
    pch.gch = gch.string();
    return t;
  }

  gb::BuildResult build(const gb::Toolchain& t, const std::string& edited) const {
    gb::WorkerBuilder builder(t, cache_.path());
    grader::util::TempDir work("student-pch-work");
    return builder.build(kLesson, lesson_sources(edited), work.path(), {course_test::scaled_seconds(120), 2048});
  }

  fs::path manifest_;
  gb::Toolchain toolchain_;
  grader::util::TempDir cache_{"student-pch-cache"};
  grader::util::TempDir scratch_{"student-pch"};
};

TEST_F(StudentPch, CurrentHeaderIsGivenToTheCompiler) {
  gb::WorkerBuilder builder(toolchain_, cache_.path());
  auto forced = builder.forced_include(kLesson, {kEdited, ""});
  const auto& pch = *toolchain_.lesson(kLesson)->precompiled_header;
  EXPECT_EQ(forced.gch, pch.gch);
  EXPECT_TRUE(forced.note.empty()) << forced.note;
  EXPECT_TRUE(has(forced.flags, pch.header));
  EXPECT_TRUE(has(forced.flags, "-Winvalid-pch"));
}

TEST_F(StudentPch, AFileOfAnotherLessonUsesItsOwnLessonsHeader) {
  // order-matters compiles attention's files: with attention's header, so
  // their objects are the ones attention's own worker uses.
  gb::WorkerBuilder builder(toolchain_, cache_.path());
  auto forced = builder.forced_include("order-matters", {"attention/softmax.cpp", ""});
  EXPECT_EQ(forced.gch, toolchain_.lesson("attention")->precompiled_header->gch);
  auto own = builder.forced_include("order-matters", {"order-matters/tokens.cpp", ""});
  EXPECT_EQ(own.gch, toolchain_.lesson("order-matters")->precompiled_header->gch);
  EXPECT_NE(forced.identity, own.identity);
}

TEST_F(StudentPch, MissingHeaderFallsBackToTheSameHeadersFromSource) {
  gb::Toolchain t = with_gch(scratch_.path() / "missing" / "lesson.hpp.gch");
  fs::remove(scratch_.path() / "missing" / "lesson.hpp.gch");
  gb::WorkerBuilder builder(t, cache_.path());
  auto forced = builder.forced_include(kLesson, {kEdited, ""});
  EXPECT_TRUE(forced.gch.empty());
  EXPECT_NE(forced.note.find("is missing"), std::string::npos) << forced.note;
  EXPECT_NE(forced.note.find("cmake --build"), std::string::npos) << forced.note;
  // The lesson's API header by its own path in lessons/, never the wrapper next to a .gch.
  EXPECT_TRUE(has(forced.flags, (kCourse / "lessons" / "positional-encoding" / "positional_encoding.hpp").string()))
      << ::testing::PrintToString(forced.flags);
  EXPECT_FALSE(has(forced.flags, t.lessons.at(kLesson).precompiled_header->header));
  auto built = build(t, kNoIncludes);
  EXPECT_TRUE(built.ok) << built.diagnostics;
}

TEST_F(StudentPch, HeaderOlderThanTheCourseHeadersIsNotUsed) {
  fs::path gch = scratch_.path() / "stale" / "lesson.hpp.gch";
  gb::Toolchain t = with_gch(gch);
  put(gch, "not really a precompiled header");
  fs::last_write_time(gch, fs::file_time_type::clock::now() - std::chrono::hours(24 * 365 * 20));
  gb::WorkerBuilder builder(t, cache_.path());
  auto forced = builder.forced_include(kLesson, {kEdited, ""});
  EXPECT_TRUE(forced.gch.empty());
  EXPECT_NE(forced.note.find("older than the course headers"), std::string::npos) << forced.note;
}

TEST_F(StudentPch, HeaderTheCompilerRefusesIsNotUsedAndTheFileStillCompiles) {
  fs::path gch = scratch_.path() / "bad" / "lesson.hpp.gch";
  gb::Toolchain t = with_gch(gch);
  put(gch, "not really a precompiled header");  // newer than every course header
  gb::WorkerBuilder builder(t, cache_.path());
  auto forced = builder.forced_include(kLesson, {kEdited, ""});
  EXPECT_TRUE(forced.gch.empty()) << "the probe compile found that GCC does not use it";
  EXPECT_NE(forced.note.find("the compiler refused the precompiled course header"), std::string::npos) << forced.note;
  EXPECT_FALSE(has(forced.flags, t.lessons.at(kLesson).precompiled_header->header));
  auto built = build(t, kNoIncludes);
  EXPECT_TRUE(built.ok) << built.diagnostics;
}

TEST_F(StudentPch, HeaderBuiltWithOtherFlagsIsRefusedWithGccsReason) {
  // The real .gch, asked for with -O0: GCC refuses it ("__OPTIMIZE__ not defined").
  gb::Toolchain t = toolchain_;
  std::replace(t.compile_flags.begin(), t.compile_flags.end(), std::string("-O2"), std::string("-O0"));
  ASSERT_NE(t.compile_flags, toolchain_.compile_flags) << "the course's flags have no -O2 to change";
  gb::WorkerBuilder builder(t, cache_.path());
  auto forced = builder.forced_include(kLesson, {kEdited, ""});
  EXPECT_TRUE(forced.gch.empty());
  // The note names the .gch as the other notes do; GCC's reason, in the
  // parentheses after it, has the course's folders hidden.
  const std::string named = "the compiler refused the precompiled course header " +
                            toolchain_.lesson(kLesson)->precompiled_header->gch + " (";
  ASSERT_EQ(forced.note.rfind(named, 0), 0u) << forced.note;
  const std::string reason = forced.note.substr(named.size());
  EXPECT_NE(reason.find("not used because"), std::string::npos) << forced.note;
  EXPECT_NE(reason.find("<course"), std::string::npos) << forced.note;  // <course>/build/... or <course build>/...
  EXPECT_EQ(reason.find(toolchain_.course_root.string() + "/"), std::string::npos)
      << "GCC's reason is shown with the course's folders hidden: " << forced.note;
}

// The probe's verdict is kept in the cache folder for the next process, by
// a key of the compiler, flags and .gch: one file per .gch, saying what GCC did.
std::vector<std::string> probe_verdicts(const fs::path& cache) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(cache / "pch-probes", ec)) out.push_back(grader::util::read_file(e.path()));
  return out;
}

TEST_F(StudentPch, TheProbesVerdictIsKeptForTheNextProcess) {
  // An include folder of its own makes a key no other test of this process probed.
  gb::Toolchain own = toolchain_;
  own.system_include_dirs.push_back((scratch_.path() / "empty-include").string());
  fs::create_directories(scratch_.path() / "empty-include");
  gb::WorkerBuilder builder(own, cache_.path());
  EXPECT_FALSE(builder.forced_include(kLesson, {kEdited, ""}).gch.empty());
  EXPECT_EQ(probe_verdicts(cache_.path()), std::vector<std::string>{"used\n"});

  grader::util::TempDir other_cache("student-pch-cache");
  fs::path gch = scratch_.path() / "refused" / "lesson.hpp.gch";
  gb::Toolchain t = with_gch(gch);
  put(gch, "not really a precompiled header");
  gb::WorkerBuilder refusing(t, other_cache.path());
  EXPECT_TRUE(refusing.forced_include(kLesson, {kEdited, ""}).gch.empty());
  const auto verdicts = probe_verdicts(other_cache.path());
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].rfind("refused\n", 0), 0u) << verdicts[0];
  EXPECT_GT(verdicts[0].size(), std::string("refused\n\n").size()) << "GCC's reason is kept with it";
}

TEST_F(StudentPch, AFilePrintingTheRefusalDoesNotChangeTheDecision) {
  // The decision is the probe's, made before any student file compiles: a
  // file that prints GCC's refusal text (with the real path) leaves it.
  const auto& pch = *toolchain_.lesson(kLesson)->precompiled_header;
  const std::string forged = "#warning \"" + pch.gch + ": not used because `__OPTIMIZE__' not defined [-Winvalid-pch]\"\n" +
                             "#pragma message \"! " + pch.gch + "\"\n" + kNoIncludes;
  auto built = build(toolchain_, forged);
  EXPECT_TRUE(built.ok) << built.diagnostics;
  gb::WorkerBuilder builder(toolchain_, cache_.path());
  auto forced = builder.forced_include(kLesson, {kEdited, forged});
  EXPECT_EQ(forced.gch, pch.gch);
  EXPECT_TRUE(forced.note.empty()) << forced.note;
}

TEST_F(StudentPch, AFileMeansTheSameWithThePrecompiledHeader) {
  auto built = build(toolchain_, kNoIncludes);
  EXPECT_TRUE(built.ok) << built.diagnostics;
  // A file the compiler rejects still reports its own line.
  auto broken = build(toolchain_, "namespace course { int broken( { return 0; } }\n");
  EXPECT_FALSE(broken.ok);
  EXPECT_NE(broken.diagnostics.find("positional-encoding/positional_encoding.cpp:1:"), std::string::npos)
      << broken.diagnostics;
}

TEST_F(StudentPch, ObjectKeysDifferWithAndWithoutThePrecompiledHeader) {
  gb::WorkerBuilder with(toolchain_, cache_.path());
  gb::Toolchain t = with_gch(scratch_.path() / "gone" / "lesson.hpp.gch");
  gb::WorkerBuilder without(t, cache_.path());
  EXPECT_NE(with.forced_include(kLesson, {kEdited, ""}).identity, without.forced_include(kLesson, {kEdited, ""}).identity);
}

}  // namespace
