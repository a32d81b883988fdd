// Student ids from LMS export names (Canvas, Moodle), duplicate ids, and
// batch entries that are links (grader/batch/submissions).
#include "grader/batch/submissions.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>

#include "grader/report/sanitize.hpp"
#include "grader/util/files.hpp"

namespace {
namespace fs = std::filesystem;
using grader::batch::Entry;
using grader::batch::StudentIdPattern;

std::string id_of(const StudentIdPattern& p, const std::string& name) {
  auto id = p.student_of(fs::path("/export") / name);
  return id ? *id : "<none>";
}

TEST(StudentIds, CanvasNames) {
  for (const char* kind : {"canvas", "lms"}) {
    StudentIdPattern p(kind);
    EXPECT_EQ(id_of(p, "smithjane_12345_67890_positional_encoding.zip"), "12345") << kind;
    EXPECT_EQ(id_of(p, "smithjane_LATE_12345_67890_submission.zip"), "12345") << kind;
    EXPECT_EQ(id_of(p, "smithjane_late_12345_67890_submission.tar.gz"), "12345") << kind;
    EXPECT_EQ(id_of(p, "obrienpat_555_9001_hw-1.zip"), "555") << kind;
    // The uploaded file's own name is free text after the fixed parts: its
    // digits are never the id.
    EXPECT_EQ(id_of(p, "malloryeve_44444_11111_x_12345_67890_y.zip"), "44444") << kind;
    EXPECT_EQ(id_of(p, "malloryeve_LATE_44444_11111_LATE_12345_1_z.zip"), "44444") << kind;
  }
}

TEST(StudentIds, CanvasNameWithDigitsOrUnderscoresIsNotTakenApart) {
  StudentIdPattern p("canvas");
  // A name part holding "_<digits>_" is not Canvas's form: no id rather than a wrong one.
  EXPECT_EQ(id_of(p, "eve_12345_x_44444_11111_file.zip"), "<none>");
  EXPECT_EQ(id_of(p, "eve12345_44444_11111_file.zip"), "<none>");
  EXPECT_EQ(id_of(p, "smithjane_12345_file.zip"), "<none>");  // no submission id
  std::string why;
  EXPECT_FALSE(p.student_of("eve_12345_x_44444_11111_file.zip", why));
  EXPECT_NE(why.find("Canvas"), std::string::npos) << why;
}

TEST(StudentIds, MoodleNames) {
  for (const char* kind : {"moodle", "lms"}) {
    StudentIdPattern p(kind);
    EXPECT_EQ(id_of(p, "Jane Smith_123456_assignsubmission_file_"), "123456") << kind;
    EXPECT_EQ(id_of(p, "Jane Smith_123456_assignsubmission_onlinetext_"), "123456") << kind;
    EXPECT_EQ(id_of(p, "José Núñez-Ortega_98765_assignsubmission_file_"), "98765") << kind;
    // Files downloaded without folders: the uploaded name follows the marker.
    EXPECT_EQ(id_of(p, "Jane Smith_123456_assignsubmission_file_work.zip"), "123456") << kind;
    // A display name holding "_<digits>_" does not take that number's place.
    EXPECT_EQ(id_of(p, "Eve_654321_Mallory_777777_assignsubmission_file_"), "777777") << kind;
    EXPECT_EQ(id_of(p, "Eve_654321_777777_assignsubmission_file_"), "777777") << kind;
  }
}

TEST(StudentIds, MoodleMarkerTwiceIsAmbiguous) {
  StudentIdPattern p("moodle");
  std::string why;
  EXPECT_FALSE(p.student_of("Eve_654321_assignsubmission_file__777777_assignsubmission_file_", why));
  EXPECT_NE(why.find("ambiguous"), std::string::npos) << why;
  EXPECT_FALSE(p.student_of("Eve_777777_assignsubmission_file_x_654321_assignsubmission_file_.zip", why));
  EXPECT_NE(why.find("ambiguous"), std::string::npos) << why;
}

TEST(StudentIds, NameFittingBothLmsFormsIsAmbiguous) {
  StudentIdPattern p("lms");
  std::string why;
  // A Canvas entry whose uploaded file name imitates Moodle's marker.
  EXPECT_FALSE(p.student_of("malloryeve_44444_11111_x_12345_assignsubmission_file_.zip", why));
  EXPECT_NE(why.find("ambiguous"), std::string::npos) << why;
  // Canvas alone reads it by its fixed parts.
  EXPECT_EQ(id_of(StudentIdPattern("canvas"), "malloryeve_44444_11111_x_12345_assignsubmission_file_.zip"), "44444");
}

TEST(StudentIds, DefaultAndRegex) {
  EXPECT_EQ(id_of(StudentIdPattern(""), "alice.tar.gz"), "alice");
  EXPECT_EQ(id_of(StudentIdPattern(R"(^s(\d+)\.zip$)"), "s42.zip"), "42");
  EXPECT_EQ(id_of(StudentIdPattern(R"(^s(\d+)\.zip$)"), "t42.zip"), "<none>");
  EXPECT_THROW(StudentIdPattern("(unclosed"), std::invalid_argument);
}

TEST(StudentIds, TwoEntriesWithOneIdAreRefusedNamingBoth) {
  std::vector<Entry> entries = {{"/export/smithjane_12345_1_a.zip", "12345", true, "", {}},
                                {"/export/bobby_22222_2_b.zip", "22222", true, "", {}},
                                {"/export/eve_12345_3_c.zip", "12345", true, "", {}}};
  try {
    grader::batch::check_unique_students(entries);
    FAIL() << "duplicate ids were accepted";
  } catch (const std::invalid_argument& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("student '12345' has 2 entries"), std::string::npos) << what;
    EXPECT_NE(what.find("smithjane_12345_1_a.zip"), std::string::npos) << what;
    EXPECT_NE(what.find("eve_12345_3_c.zip"), std::string::npos) << what;
    EXPECT_EQ(what.find("bobby"), std::string::npos) << what;
  }
  // Ids differing only in case are the same student.
  EXPECT_THROW(grader::batch::check_unique_students({{"/e/Alice", "Alice", true, "", {}}, {"/e/alice.zip", "alice", true, "", {}}}), std::invalid_argument);
  EXPECT_NO_THROW(grader::batch::check_unique_students({{"/e/a", "1", true, "", {}}, {"/e/b", "2", true, "", {}}}));
}

class Discover : public ::testing::Test {
 protected:
  void SetUp() override {
    course.root = tmp.path() / "course";
    fs::create_directories(course.root);
    grader::course::Lesson lesson;
    lesson.id = "positional-encoding";
    grader::course::Exercise e;
    e.id = "pe";
    e.files = {"positional-encoding/positional_encoding.cpp"};
    lesson.exercises.push_back(e);
    course.lessons.push_back(lesson);
    fs::create_directories(exp());
  }
  fs::path exp() const { return tmp.path() / "export"; }
  void submission(const std::string& name) {
    fs::create_directories(exp() / name / "positional-encoding");
    std::ofstream(exp() / name / "positional-encoding/positional_encoding.cpp") << "// code\n";
  }
  grader::util::TempDir tmp{"discover-test"};
  grader::course::Course course;
};

TEST_F(Discover, CraftedDisplayNameCannotTakeAnotherStudentsId) {
  submission("Jane Smith_123456_assignsubmission_file_");
  submission("Eve_123456_x_777777_assignsubmission_file_");
  std::vector<std::string> unmatched;
  auto entries = grader::batch::discover(course, {exp()}, StudentIdPattern("lms"), unmatched);
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].student, "777777");
  EXPECT_EQ(entries[1].student, "123456");
  EXPECT_TRUE(unmatched.empty());
}

TEST_F(Discover, DuplicateIdsRefuseTheBatch) {
  submission("smithjane_12345_67890_a");
  submission("smithjane_LATE_12345_67891_b");
  std::vector<std::string> unmatched;
  try {
    grader::batch::discover(course, {exp()}, StudentIdPattern("canvas"), unmatched);
    FAIL() << "two entries of student 12345 were accepted";
  } catch (const std::invalid_argument& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("smithjane_12345_67890_a"), std::string::npos) << what;
    EXPECT_NE(what.find("smithjane_LATE_12345_67891_b"), std::string::npos) << what;
  }
}

TEST_F(Discover, LinkedEntryIsRefusedNotFollowed) {
  submission("alice");
  fs::create_directory_symlink(exp() / "alice", exp() / "mallory");
  fs::create_directory_symlink(course.root, exp() / "trudy");  // a folder that is not even a submission
  std::vector<std::string> unmatched;
  auto entries = grader::batch::discover(course, {exp()}, StudentIdPattern(""), unmatched);
  ASSERT_EQ(entries.size(), 3u);
  EXPECT_EQ(entries[0].student, "alice");
  EXPECT_EQ(entries[0].refused, "");
  EXPECT_TRUE(entries[0].listed);
  EXPECT_EQ(entries[1].student, "mallory");
  EXPECT_NE(entries[1].refused.find("mallory is a symbolic link: never followed"), std::string::npos) << entries[1].refused;
  EXPECT_NE(entries[2].refused.find("trudy is a symbolic link"), std::string::npos) << entries[2].refused;
  // The instructor's own command-line path is trusted, link or not.
  fs::create_directory_symlink(exp() / "alice", tmp.path() / "alice-link");
  auto direct = grader::batch::discover(course, {tmp.path() / "alice-link"}, StudentIdPattern(""), unmatched);
  ASSERT_EQ(direct.size(), 1u);
  EXPECT_EQ(direct[0].refused, "");
  EXPECT_FALSE(direct[0].listed);
}

TEST(StudentIds, LateFlagInAnyCaseAndTheUploadedName) {
  StudentIdPattern canvas("canvas");
  for (const char* flag : {"LATE", "late", "Late", "lAtE"}) {
    const std::string name = std::string("smithsam_") + flag + "_1019_4471_softmax.cpp";
    EXPECT_EQ(id_of(canvas, name), "1019") << name;
    EXPECT_EQ(canvas.uploaded_name(fs::path("/export") / name).value_or("<none>"), "softmax.cpp") << name;
  }
  EXPECT_EQ(canvas.uploaded_name("/e/smithsam_1019_4471_part1.zip").value_or("<none>"), "part1.zip");
  StudentIdPattern moodle("moodle");
  EXPECT_EQ(moodle.uploaded_name("/e/Sam Smith_1019_assignsubmission_file_softmax.cpp").value_or("<none>"), "softmax.cpp");
  EXPECT_FALSE(moodle.uploaded_name("/e/Sam Smith_1019_assignsubmission_file_").has_value());  // a folder's name
  // Patterns without an uploaded part: no name, so no loose files.
  EXPECT_FALSE(StudentIdPattern("").uploaded_name("/e/softmax.cpp").has_value());
  EXPECT_FALSE(StudentIdPattern(R"(^s(\d+))").uploaded_name("/e/s42_softmax.cpp").has_value());
  EXPECT_FALSE(canvas.uploaded_name("/e/smithsam_softmax.cpp").has_value());
}

grader::runner::SubmissionResult recorded_as(const std::string& student, const std::string& legacy_source,
                                             std::vector<grader::runner::SourcePath> paths = {}) {
  grader::runner::SubmissionResult r;
  r.student = student;
  r.source = legacy_source;
  r.source_paths = std::move(paths);
  return r;
}

TEST(Sources, PartsAreRecordedAsAListAndReadBack) {
  Entry e;
  e.path = "/export/smithsam_1019_1_part1.zip";
  e.student = "1019";
  e.parts = {{"/export/smithsam_1019_1_part1.zip", ""}, {"/export/smithsam_1019_2_softmax.cpp", "softmax.cpp"}};
  const auto paths = grader::batch::source_paths_of(e);
  ASSERT_EQ(paths.size(), 2u);
  EXPECT_EQ(paths[1].path, "/export/smithsam_1019_2_softmax.cpp");
  EXPECT_EQ(paths[1].uploaded, "softmax.cpp");
  EXPECT_EQ(grader::batch::source_of(e), "/export/smithsam_1019_1_part1.zip");  // shown, never parsed
  std::string why;
  auto back = grader::batch::entry_from_recorded(recorded_as("1019", grader::batch::source_of(e), paths), why);
  ASSERT_TRUE(back) << why;
  ASSERT_EQ(back->parts.size(), 2u);
  EXPECT_EQ(back->parts[0].path, e.parts[0].path);
  EXPECT_EQ(back->parts[0].uploaded, "");
  EXPECT_EQ(back->parts[1].uploaded, "softmax.cpp");
  EXPECT_EQ(back->student, "1019");
  EXPECT_TRUE(back->listed);  // never followed if it became a link since

  // One archive whose name holds a line break stays one path: nothing splits it.
  Entry forged;
  forged.path = "/export/mallory.zip\nalice.zip";
  forged.student = "mallory";
  auto single = grader::batch::entry_from_recorded(recorded_as("mallory", "", grader::batch::source_paths_of(forged)), why);
  ASSERT_TRUE(single) << why;
  EXPECT_TRUE(single->parts.empty());
  EXPECT_EQ(single->path, forged.path);
  // One loose file is a submission in parts, not a folder.
  auto loose = grader::batch::entry_from_recorded(recorded_as("1019", "", {{"/export/smithsam_1019_2_softmax.cpp", "softmax.cpp"}}), why);
  ASSERT_TRUE(loose) << why;
  ASSERT_EQ(loose->parts.size(), 1u);
  EXPECT_EQ(loose->parts[0].uploaded, "softmax.cpp");
}

TEST(Sources, ARecordedPathThatIsNotAbsoluteIsRefused) {
  for (const std::string path : {"alice.zip", "../alice/alice.zip", "export/../alice.zip", "./alice"}) {
    std::string why;
    EXPECT_FALSE(grader::batch::entry_from_recorded(recorded_as("mallory", "", {{path, ""}}), why)) << path;
    EXPECT_NE(why.find("not absolute"), std::string::npos) << why;
    // The same in a row of the old format.
    EXPECT_FALSE(grader::batch::entry_from_recorded(recorded_as("mallory", path), why)) << path;
    EXPECT_NE(why.find("relative to the folder it ran in"), std::string::npos) << why;
  }
}

// Rows written before schema 3: their `source` joined the paths with line
// breaks, so an entry named "mallory.zip<LF>alice.zip" was recorded exactly
// like two parts. What a name can forge is refused; real parts still read.
TEST(Sources, AnOldRowIsReadOnlyWhenNoNameCanHaveForgedIt) {
  std::string why;
  auto parts = grader::batch::entry_from_recorded(
      recorded_as("1019", "/export/smithsam_1019_1_part1.zip\n/export/smithsam_1019_2_softmax.cpp"), why);
  ASSERT_TRUE(parts) << why;
  ASSERT_EQ(parts->parts.size(), 2u);
  EXPECT_EQ(parts->parts[0].uploaded, "");
  EXPECT_EQ(parts->parts[1].uploaded, "softmax.cpp");
  auto single = grader::batch::entry_from_recorded(recorded_as("alice", "/export/alice.zip"), why);
  ASSERT_TRUE(single) << why;
  EXPECT_TRUE(single->parts.empty());
  EXPECT_EQ(single->path, "/export/alice.zip");

  for (const std::string forged :
       {"/export/mallory.zip\nalice.zip", "/export/mallory.zip\n../alice/alice.zip", "/export/mallory.zip\n/elsewhere/alice.zip",
        "mallory.zip\nalice.zip", "./mallory.zip\nalice.zip", "/export/mallory.zip\n\nalice.zip"}) {
    EXPECT_FALSE(grader::batch::entry_from_recorded(recorded_as("mallory", forged), why)) << forged;
    EXPECT_FALSE(why.empty());
  }
  EXPECT_FALSE(grader::batch::entry_from_recorded(recorded_as("mallory", "/export/mallory.zip\nalice.zip"), why));
  EXPECT_NE(why.find("not one folder's parts"), std::string::npos) << why;
  EXPECT_FALSE(grader::batch::entry_from_recorded(recorded_as("nobody", ""), why));
}

// Names that could forge a record or a report: a control character or a
// byte that is not UTF-8, in an entry of every kind. Each is refused with the
// reason, and the batch goes on with the honest entry.
const std::vector<std::pair<std::string, std::string>>& forging_characters() {
  static const std::vector<std::pair<std::string, std::string>> table = {
      {"\n", "a line break (\\n)"},        {"\t", "a tab (\\t)"},
      {"\r", "a carriage return (\\r)"},   {"\x1b[2J", "an escape character (\\x1b)"},
      {"\x7f", "a delete character (\\x7f)"}, {"\xc2\x9b", "the control character U+009B"},
      {"\xff", "the byte \\xff, which is not UTF-8"}, {"\xc3", "the byte \\xc3, which is not UTF-8"},
      {"\x01", "the control character \\x01"},
  };
  return table;
}

TEST_F(Discover, ANameWithAControlCharacterOrNotUtf8IsRefusedWhateverItsKind) {
  for (const auto& [bad, reason] : forging_characters()) {
    fs::remove_all(exp());
    fs::create_directories(exp());
    submission("honest");
    submission("mallory" + bad + "alice");                                   // folder
    std::ofstream(exp() / ("mallory" + bad + "alice.zip")) << "PK";          // zip archive
    std::ofstream(exp() / ("mallory.zip" + bad + "alice.tar.gz")) << "x";    // tar archive
    std::ofstream(exp() / ("smithsam_1019_4471_pe" + bad + ".cpp")) << "x";  // loose file
    fs::create_directory_symlink("honest", exp() / ("link" + bad));          // link
    for (const char* pattern : {"", "lms"}) {
      std::vector<std::string> unmatched;
      auto entries = grader::batch::discover(course, {exp()}, StudentIdPattern(pattern), unmatched);
      if (std::string(pattern).empty()) {
        ASSERT_EQ(entries.size(), 1u) << bad;
        EXPECT_EQ(entries[0].student, "honest");
        EXPECT_TRUE(entries[0].path.is_absolute());
      }
      for (const auto& e : entries)
        EXPECT_EQ(e.path.filename().string().find(bad), std::string::npos) << "an entry with " << reason << ": " << e.path;
      int refused = 0;
      for (const auto& u : unmatched)
        if (u.find(bad) != std::string::npos) {
          ++refused;
          EXPECT_NE(u.find("its name holds " + reason), std::string::npos) << u;
          EXPECT_NE(u.find("rename it"), std::string::npos) << u;
        }
      EXPECT_EQ(refused, 5) << reason << " with pattern '" << pattern << "'";
    }
  }
}

TEST_F(Discover, AnIdWithAnInvisibleFormatCharacterIsRefused) {
  const std::vector<std::pair<std::string, std::string>> invisible = {
      {"\xe2\x80\x8b", "U+200B"}, {"\xe2\x80\x8c", "U+200C"}, {"\xe2\x80\x8d", "U+200D"},
      {"\xe2\x81\xa0", "U+2060"}, {"\xef\xbb\xbf", "U+FEFF"}, {"\xe2\x80\xae", "U+202E"},
      {"\xe2\x81\xa6", "U+2066"}, {"\xe2\x80\x8f", "U+200F"}, {"\xc2\xad", "U+00AD"},
      {"\xf3\xa0\x81\xa1", "U+E0061"},
  };
  for (const auto& [cf, code] : invisible) {
    fs::remove_all(exp());
    fs::create_directories(exp());
    submission("honest");
    submission("bob" + cf);
    std::ofstream(exp() / ("carol" + cf + ".zip")) << "PK";
    std::ofstream(exp() / ("dave" + cf + ".tar.gz")) << "x";
    std::vector<std::string> unmatched;
    auto entries = grader::batch::discover(course, {exp()}, StudentIdPattern(""), unmatched);
    ASSERT_EQ(entries.size(), 1u) << code;
    EXPECT_EQ(entries[0].student, "honest");
    ASSERT_EQ(unmatched.size(), 3u) << code;
    for (const auto& u : unmatched) EXPECT_NE(u.find("holds the invisible format character " + code), std::string::npos) << u;
    // Outside the id (a Canvas loose file's uploaded name) such characters
    // are legitimate in some scripts (U+200C in Persian): the entry stays,
    // and every report shows them escaped.
    fs::remove_all(exp());
    fs::create_directories(exp());
    std::ofstream(exp() / ("smithsam_1019_4471_pe" + cf + ".cpp")) << "x";
    unmatched.clear();
    auto loose = grader::batch::discover(course, {exp()}, StudentIdPattern("canvas"), unmatched);
    ASSERT_EQ(loose.size(), 1u) << code;
    EXPECT_EQ(loose[0].student, "1019");
  }
}

TEST_F(Discover, IdsThatDifferOnlyInCaseFormOrInvisibleCharactersAreRefusedTogether) {
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"alice", "alice\xe2\x80\x8b"},             // zero width space
      {"alice", "\xef\xbb\xbf" "alice"},            // BOM
      {"alice", "al\xe2\x81\xa0ice"},               // word joiner
      {"alice", "ALICE"},                           // case
      {"\xc3\xa9lise", "e\xcc\x81lise"},             // NFC and NFD of élise
      {"\xc3\x89LISE", "e\xcc\x81lise"},             // case and form at once
      {"stra\xc3\x9f" "e", "STRASSE"},              // full case folding
  };
  for (const auto& [a, b] : pairs) {
    fs::remove_all(exp());
    fs::create_directories(exp());
    submission(a);
    submission(b);
    submission("honest");
    std::vector<std::string> unmatched;
    try {
      grader::batch::discover(course, {exp()}, StudentIdPattern(""), unmatched);
      ADD_FAILURE() << "look-alike ids accepted: " << grader::report::plain_line(a) << " and " << grader::report::plain_line(b);
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(grader::report::plain_line((exp() / a).string())), std::string::npos) << what;
      EXPECT_NE(what.find(grader::report::plain_line((exp() / b).string())), std::string::npos) << what;
      EXPECT_EQ(what.find("honest"), std::string::npos) << what;
    }
  }
}

TEST_F(Discover, IdsAreStoredInNfc) {
  submission("e\xcc\x81lise");  // NFD, as macOS writes names
  submission("\xc3\xa9mile");   // NFC already
  std::vector<std::string> unmatched;
  auto entries = grader::batch::discover(course, {exp()}, StudentIdPattern(""), unmatched);
  ASSERT_EQ(entries.size(), 2u);
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.student < b.student; });
  EXPECT_EQ(entries[1].student, "\xc3\xa9mile");
  EXPECT_EQ(entries[0].student, "\xc3\xa9lise");
  EXPECT_EQ(entries[0].path.filename().string(), "e\xcc\x81lise");  // the path stays as it is on disk
}

TEST_F(Discover, AnExportOfOneStudentIsThatStudentWithAnIdPattern) {
  submission("smithjane_12345_67890_submission");
  std::vector<std::string> unmatched;
  for (const char* pattern : {"canvas", "lms", R"(^[a-z]+_(\d+)_)"}) {
    auto entries = grader::batch::discover(course, {exp()}, StudentIdPattern(pattern), unmatched);
    ASSERT_EQ(entries.size(), 1u) << pattern;
    EXPECT_EQ(entries[0].student, "12345") << pattern;
    EXPECT_EQ(entries[0].path, exp() / "smithjane_12345_67890_submission") << pattern;
  }
  // Without a pattern (or with one the folder inside does not match) it is
  // one submission wrapped in a folder, as before.
  for (const char* pattern : {"", "moodle"}) {
    auto entries = grader::batch::discover(course, {exp()}, StudentIdPattern(pattern), unmatched);
    if (std::string(pattern).empty()) {
      ASSERT_EQ(entries.size(), 1u);
      EXPECT_EQ(entries[0].student, "export");
    } else {
      EXPECT_TRUE(entries.empty());  // "export" is no Moodle name
    }
  }
  // A folder holding the lesson folders itself is one submission, whatever
  // else is in it: here its own name must then match the pattern.
  fs::path direct = tmp.path() / "direct";
  fs::create_directories(direct / "positional-encoding");
  fs::create_directories(direct / "smithjane_12345_67890_x");
  unmatched.clear();
  auto entries = grader::batch::discover(course, {direct}, StudentIdPattern(R"(^[a-z]+_(\d+)_)"), unmatched);
  EXPECT_TRUE(entries.empty());
  ASSERT_EQ(unmatched.size(), 1u);
  EXPECT_NE(unmatched[0].find("'direct'"), std::string::npos) << unmatched[0];
}

TEST_F(Discover, CommandLinePathsAreRecordedAbsolute) {
  submission("alice");
  submission("bob");
  const fs::path real = fs::canonical(exp());
  const fs::path before = fs::current_path();
  fs::current_path(exp());
  std::vector<std::string> unmatched;
  auto listed = grader::batch::discover(course, {"."}, StudentIdPattern(""), unmatched);
  auto single = grader::batch::discover(course, {"alice"}, StudentIdPattern(""), unmatched);
  auto up = grader::batch::discover(course, {"../export/bob"}, StudentIdPattern(""), unmatched);
  fs::current_path(before);
  ASSERT_EQ(listed.size(), 2u);
  for (const auto& e : listed) {
    EXPECT_TRUE(e.path.is_absolute()) << e.path;
    EXPECT_EQ(e.path.parent_path(), real) << e.path;
  }
  ASSERT_EQ(single.size(), 1u);
  EXPECT_EQ(single[0].path, real / "alice");
  EXPECT_EQ(grader::batch::source_paths_of(single[0]).at(0).path, (real / "alice").string());
  ASSERT_EQ(up.size(), 1u);
  EXPECT_EQ(up[0].path, real / "bob");  // no ".." left in what is recorded
  EXPECT_EQ(up[0].student, "bob");
}

TEST_F(Discover, LooseFilesOfAStudentBecomeOneEntry) {
  for (const char* f : {"smithsam_1019_4471_positional_encoding.cpp", "smithsam_1019_4472_notes.txt",
                        "jonesann_LATE_1025_4480_positional_encoding.cpp"})
    std::ofstream(exp() / f) << "// code\n";
  submission("brownbob_1030_4490_folder");
  std::ofstream(exp() / ".DS_Store") << "x";
  std::vector<std::string> unmatched;
  auto entries = grader::batch::discover(course, {exp()}, StudentIdPattern("canvas"), unmatched);
  EXPECT_TRUE(unmatched.empty()) << unmatched.front();
  ASSERT_EQ(entries.size(), 3u);
  std::map<std::string, const Entry*> by_id;
  for (const auto& e : entries) by_id[e.student] = &e;
  ASSERT_TRUE(by_id.count("1019"));
  ASSERT_EQ(by_id["1019"]->parts.size(), 2u);
  EXPECT_EQ(by_id["1019"]->parts[0].uploaded, "positional_encoding.cpp");
  EXPECT_EQ(by_id["1019"]->parts[1].uploaded, "notes.txt");
  ASSERT_TRUE(by_id.count("1025"));
  ASSERT_EQ(by_id["1025"]->parts.size(), 1u);  // one loose file is a submission too
  ASSERT_TRUE(by_id.count("1030"));
  EXPECT_TRUE(by_id["1030"]->parts.empty());
  // Without an LMS pattern a loose file cannot be placed: listed, not silently passed over.
  unmatched.clear();
  auto plain = grader::batch::discover(course, {exp()}, StudentIdPattern(""), unmatched);
  EXPECT_EQ(plain.size(), 1u);
  ASSERT_EQ(unmatched.size(), 3u);
  EXPECT_NE(unmatched[0].find("a loose file"), std::string::npos) << unmatched[0];
  EXPECT_NE(unmatched[0].find("--id-pattern canvas, moodle or lms"), std::string::npos) << unmatched[0];
}

TEST_F(Discover, LooseFileGoesToTheCourseFileOfItsNameUnlessAmbiguous) {
  grader::course::Lesson other;
  other.id = "debugging";
  grader::course::Exercise e;
  e.id = "dbg";
  e.files = {"debugging/positional_encoding.cpp", "debugging/split_heads.cpp"};
  other.exercises.push_back(e);
  std::string why;
  EXPECT_EQ(grader::batch::loose_file_destination(course, "positional_encoding.cpp", why).value_or("<none>"),
            "positional-encoding/positional_encoding.cpp");
  EXPECT_EQ(grader::batch::loose_file_destination(course, "notes.txt", why).value_or("<none>"), "notes.txt");
  course.lessons.push_back(other);
  EXPECT_EQ(grader::batch::loose_file_destination(course, "split_heads.cpp", why).value_or("<none>"), "debugging/split_heads.cpp");
  EXPECT_FALSE(grader::batch::loose_file_destination(course, "positional_encoding.cpp", why).has_value());
  EXPECT_NE(why.find("debugging/positional_encoding.cpp, positional-encoding/positional_encoding.cpp"), std::string::npos) << why;
  EXPECT_NE(why.find("submit an archive"), std::string::npos) << why;
}

TEST_F(Discover, ArchivePartsAreCombinedWhateverTheListingOrder) {
  for (const char* f : {"smithsam_1019_4472_part2.zip", "smithsam_1019_4471_part1.zip", "Sam Jones_2020_assignsubmission_file_b.zip",
                        "Sam Jones_2020_assignsubmission_file_a.tar.gz"})
    std::ofstream(exp() / f) << "not read here";
  std::vector<std::string> unmatched;
  auto entries = grader::batch::discover(course, {exp()}, StudentIdPattern("lms"), unmatched);
  ASSERT_EQ(entries.size(), 2u);
  for (const auto& e : entries) {
    ASSERT_EQ(e.parts.size(), 2u) << e.student;
    EXPECT_LT(e.parts[0].path, e.parts[1].path) << e.student;  // by path, never by listing order
    EXPECT_EQ(e.path, e.parts[0].path);
    EXPECT_TRUE(e.parts[0].uploaded.empty());
  }
  // A folder and an archive of one student are still refused, naming both.
  submission("smithsam_1019_4473_folder");
  try {
    grader::batch::discover(course, {exp()}, StudentIdPattern("lms"), unmatched);
    FAIL() << "a folder and archives of one student were accepted";
  } catch (const std::invalid_argument& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("smithsam_1019_4473_folder"), std::string::npos) << what;
    EXPECT_NE(what.find("smithsam_1019_4471_part1.zip"), std::string::npos) << what;
  }
}

TEST_F(Discover, WorkspaceSearchNeverEntersALinkedFolder) {
  fs::create_directories(exp() / "bob/wrap");
  fs::create_directory_symlink(exp() / "alice", exp() / "bob/wrap/inner");
  submission("alice");
  EXPECT_EQ(grader::batch::find_workspace_root(course, exp() / "bob"), exp() / "bob");
  EXPECT_FALSE(grader::batch::is_submission_folder(course, exp() / "bob"));
}

}  // namespace

namespace {
using grader::batch::Shard;

// A Slurm environment as a map (the process environment stays untouched).
Shard slurm(const std::map<std::string, std::string>& vars) {
  return grader::batch::slurm_array_shard([&vars](const char* name) -> std::optional<std::string> {
    auto it = vars.find(name);
    if (it == vars.end()) return std::nullopt;
    return it->second;
  });
}

std::string slurm_error(const std::map<std::string, std::string>& vars) {
  try {
    Shard s = slurm(vars);
    return "accepted as " + std::to_string(s.index) + "/" + std::to_string(s.count);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
}

std::string text(const Shard& s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

TEST(SlurmShard, RangesFromZeroOrOneGiveTheSameShards) {
  // --array=1-3 and --array=0-2: tasks 1, 2, 3 of 3 either way.
  for (int first : {0, 1, 7}) {
    for (int k = 0; k < 3; ++k) {
      std::map<std::string, std::string> env = {{"SLURM_ARRAY_TASK_ID", std::to_string(first + k)},
                                                {"SLURM_ARRAY_TASK_MIN", std::to_string(first)},
                                                {"SLURM_ARRAY_TASK_MAX", std::to_string(first + 2)},
                                                {"SLURM_ARRAY_TASK_COUNT", "3"}};
      EXPECT_EQ(text(slurm(env)), std::to_string(k + 1) + "/3") << "array starting at " << first;
      env["SLURM_ARRAY_TASK_STEP"] = "1";
      EXPECT_EQ(text(slurm(env)), std::to_string(k + 1) + "/3") << "array starting at " << first << " with step 1";
    }
  }
}

TEST(SlurmShard, StepArraysAreRankedNotNumbered) {
  // --array=0-4:2 is tasks 0, 2, 4: shards 1/3, 2/3, 3/3 (not "5/3").
  for (auto [id, want] : std::vector<std::pair<int, std::string>>{{0, "1/3"}, {2, "2/3"}, {4, "3/3"}}) {
    EXPECT_EQ(text(slurm({{"SLURM_ARRAY_TASK_ID", std::to_string(id)},
                          {"SLURM_ARRAY_TASK_MIN", "0"},
                          {"SLURM_ARRAY_TASK_MAX", "4"},
                          {"SLURM_ARRAY_TASK_STEP", "2"},
                          {"SLURM_ARRAY_TASK_COUNT", "3"}})),
              want);
  }
  // --array=3-15:4: 3, 7, 11, 15.
  EXPECT_EQ(text(slurm({{"SLURM_ARRAY_TASK_ID", "11"}, {"SLURM_ARRAY_TASK_MIN", "3"}, {"SLURM_ARRAY_TASK_MAX", "15"},
                        {"SLURM_ARRAY_TASK_STEP", "4"}, {"SLURM_ARRAY_TASK_COUNT", "4"}})),
            "3/4");
  // An evenly spaced list without a step (--array=1,4,7) is ranked the same way.
  EXPECT_EQ(text(slurm({{"SLURM_ARRAY_TASK_ID", "4"}, {"SLURM_ARRAY_TASK_MIN", "1"}, {"SLURM_ARRAY_TASK_MAX", "7"},
                        {"SLURM_ARRAY_TASK_COUNT", "3"}})),
            "2/3");
}

TEST(SlurmShard, MissingMinIsDerivedFromMaxOrRefused) {
  // Task 2 of --array=1-3 without _MIN: from _MAX and the step, never "3/3".
  EXPECT_EQ(text(slurm({{"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_ARRAY_TASK_MAX", "3"}, {"SLURM_ARRAY_TASK_STEP", "1"},
                        {"SLURM_ARRAY_TASK_COUNT", "3"}})),
            "2/3");
  // Only _MIN and _COUNT (an older Slurm): a range of step 1.
  EXPECT_EQ(text(slurm({{"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_ARRAY_TASK_MIN", "1"}, {"SLURM_ARRAY_TASK_COUNT", "3"}})), "2/3");
  std::string why = slurm_error({{"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_ARRAY_TASK_COUNT", "3"}});
  EXPECT_NE(why.find("SLURM_ARRAY_TASK_MIN is not set"), std::string::npos) << why;
  EXPECT_NE(why.find("GRADER_SHARD"), std::string::npos) << why;
}

TEST(SlurmShard, InconsistentOrForeignTasksAreRefused) {
  const std::map<std::string, std::string> array = {{"SLURM_ARRAY_TASK_MIN", "0"}, {"SLURM_ARRAY_TASK_MAX", "4"},
                                                    {"SLURM_ARRAY_TASK_STEP", "2"}, {"SLURM_ARRAY_TASK_COUNT", "3"}};
  for (const char* id : {"1", "6", "-2"}) {
    auto env = array;
    env["SLURM_ARRAY_TASK_ID"] = id;
    EXPECT_NE(slurm_error(env).find("is not one of the array's 3 tasks"), std::string::npos) << id << ": " << slurm_error(env);
  }
  auto wrong_count = array;
  wrong_count["SLURM_ARRAY_TASK_ID"] = "2";
  wrong_count["SLURM_ARRAY_TASK_COUNT"] = "5";
  EXPECT_NE(slurm_error(wrong_count).find("disagree"), std::string::npos) << slurm_error(wrong_count);
  // --array=1,2,8: no step, and 1..8 cannot hold 3 evenly spaced tasks.
  std::string uneven = slurm_error({{"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_ARRAY_TASK_MIN", "1"}, {"SLURM_ARRAY_TASK_MAX", "8"},
                                    {"SLURM_ARRAY_TASK_COUNT", "3"}});
  EXPECT_NE(uneven.find("not evenly spaced"), std::string::npos) << uneven;
  // --array=1,2,7 looks like 1,4,7 from the environment: task 2 is refused, never given a wrong shard.
  std::string looks_even = slurm_error({{"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_ARRAY_TASK_MIN", "1"},
                                        {"SLURM_ARRAY_TASK_MAX", "7"}, {"SLURM_ARRAY_TASK_COUNT", "3"}});
  EXPECT_NE(looks_even.find("is not one of the array's 3 tasks"), std::string::npos) << looks_even;
  EXPECT_NE(slurm_error({{"SLURM_ARRAY_TASK_ID", "1"}}).find("SLURM_ARRAY_TASK_COUNT is not"), std::string::npos);
  EXPECT_NE(slurm_error({{"SLURM_ARRAY_TASK_ID", "x"}, {"SLURM_ARRAY_TASK_COUNT", "3"}}).find("is not a whole number"),
            std::string::npos);
}

}  // namespace
