// Student ids from LMS export names (Canvas, Moodle), duplicate ids, and
// batch entries that are links (grader/batch/submissions).
#include "grader/batch/submissions.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

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
  std::vector<Entry> entries = {{"/export/smithjane_12345_1_a.zip", "12345", true, ""},
                                {"/export/bobby_22222_2_b.zip", "22222", true, ""},
                                {"/export/eve_12345_3_c.zip", "12345", true, ""}};
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
  EXPECT_THROW(grader::batch::check_unique_students({{"/e/Alice", "Alice", true, ""}, {"/e/alice.zip", "alice", true, ""}}), std::invalid_argument);
  EXPECT_NO_THROW(grader::batch::check_unique_students({{"/e/a", "1", true, ""}, {"/e/b", "2", true, ""}}));
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

TEST_F(Discover, WorkspaceSearchNeverEntersALinkedFolder) {
  fs::create_directories(exp() / "bob/wrap");
  fs::create_directory_symlink(exp() / "alice", exp() / "bob/wrap/inner");
  submission("alice");
  EXPECT_EQ(grader::batch::find_workspace_root(course, exp() / "bob"), exp() / "bob");
  EXPECT_FALSE(grader::batch::is_submission_folder(course, exp() / "bob"));
}

}  // namespace
