// The student handout and the Gradescope bundle, piece by piece: the
// student's course.yaml, which files ship, the leak check, writing a handout
// whole or not at all, and the zip writer.
#include <archive.h>
#include <archive_entry.h>
#include <gtest/gtest.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <string_view>

#include "grader/course/loader.hpp"
#include "grader/release/bundle.hpp"
#include "grader/release/contents.hpp"
#include "grader/release/course_yaml.hpp"
#include "grader/release/instructor_notes.hpp"
#include "grader/release/output.hpp"
#include "grader/release/release.hpp"
#include "grader/util/files.hpp"

namespace {

namespace fs = std::filesystem;
namespace gc = grader::course;
namespace rel = grader::release;

std::string yaml(std::string_view text) {
  if (!text.empty() && text.front() == '\n') text.remove_prefix(1);
  return std::string(text);
}

gc::LoadOptions no_file_checks() {
  gc::LoadOptions o;
  o.check_files = false;
  o.check_hidden_files = false;
  return o;
}

gc::Course load_text(const std::string& text) {
  return gc::load_course_from_string(text, "course.yaml", fs::temp_directory_path(), no_file_checks());
}

// Every key anywhere in the tree, with its path ("lessons/exercises/tests/hidden").
void collect_keys(const YAML::Node& node, const std::string& path, std::vector<std::string>& out) {
  if (node.IsMap()) {
    for (const auto& e : node) {
      out.push_back(path + e.first.Scalar());
      collect_keys(e.second, path + e.first.Scalar() + "/", out);
    }
  } else if (node.IsSequence()) {
    for (const auto& e : node) collect_keys(e, path, out);
  }
}

bool has_key(const std::string& text, const std::string& key) {
  std::vector<std::string> keys;
  collect_keys(YAML::Load(text), "", keys);
  return std::any_of(keys.begin(), keys.end(), [&](const std::string& k) {
    return k == key || (k.size() > key.size() && k.compare(k.size() - key.size() - 1, std::string::npos, "/" + key) == 0);
  });
}

const std::string kCourse = yaml(R"(
# instructor comment that does not ship
format_version: 1
title: "A course: with a colon"
version: "2026.11"
welcome: |
  First line of the welcome.
  Second line, with "quotes" and a backslash \ here.
limits: {call_timeout_ms: 2000, memory_mb: 512}
tracks:
  - id: short
    title: "60-90 minutes"
    exercises: [b-one]
  - id: quiz-only
    title: Quiz
    exercises: [q]
lessons:
  - id: alpha
    title: Alpha lesson
    folder: lessons/alpha
    exercises:
      - id: a-one
        title: First of alpha
        files: [alpha/a.cpp]
        tests:
          public: [tests/public/alpha/a_test.cpp]
          hidden:
            files: [tests/hidden/alpha/a_hidden_test.cpp]
            visibility: after_due_date
            message: "A hidden check failed."
        points: 10
        hints:
          - "Use 2.0 * i / d, not 2 * i / d: \"integer\" division."
      - id: a-two
        title: Only hidden tests
        files: [alpha/a2.cpp]
        tests: {hidden: [tests/hidden/alpha/a2_hidden_test.cpp]}
        points_per_test: 1.5
  - id: beta
    title: Beta lesson
    folder: lessons/beta
    uses: [alpha]
    exercises:
      - id: b-one
        title: First of beta
        files: [beta/b.cpp]
        tests: {public: [tests/public/beta/b_test.cpp], hidden: [tests/hidden/beta/b_hidden_test.cpp]}
        points: 5
  - id: quiz
    title: Review
    folder: lessons/quiz
    exercises:
      - id: q
        title: Review questions
        kind: quiz
        files: [quiz/answers.yaml]
        answer_key: tests/hidden/quiz/answer_key.yaml
        points: 4
)");

TEST(StudentCourseYaml, RemovesEveryHiddenSuiteAndKeepsEverythingElse) {
  rel::StudentCourse student = rel::make_student_course_yaml(kCourse);
  EXPECT_FALSE(has_key(student.yaml, "hidden")) << student.yaml;
  EXPECT_EQ(student.yaml.find("tests/hidden/alpha"), std::string::npos) << student.yaml;
  EXPECT_EQ(student.yaml.find("instructor comment"), std::string::npos);
  EXPECT_EQ(student.hidden_removed, (std::vector<std::string>{"a-one", "a-two", "b-one"}));

  gc::Course before = load_text(kCourse);
  gc::Course after = load_text(student.yaml);
  EXPECT_EQ(after.title, before.title);
  EXPECT_EQ(after.version, "2026.11");
  EXPECT_EQ(after.welcome, before.welcome);
  EXPECT_EQ(after.limits.call_timeout_ms, 2000);
  ASSERT_EQ(after.lessons.size(), 3u);
  EXPECT_EQ(after.lessons[1].uses, std::vector<std::string>{"alpha"});
  const auto& a1 = after.lessons[0].exercises[0];
  EXPECT_EQ(a1.public_tests.files, before.lessons[0].exercises[0].public_tests.files);
  EXPECT_TRUE(a1.hidden_tests.files.empty());
  EXPECT_EQ(a1.hints, before.lessons[0].exercises[0].hints);
  EXPECT_EQ(a1.points, 10.0);
  // An exercise left with no tests loses the `tests` key rather than keep an empty mapping.
  const auto& a2 = after.lessons[0].exercises[1];
  EXPECT_TRUE(a2.public_tests.files.empty());
  EXPECT_EQ(a2.points_per_test, 1.5);
  EXPECT_EQ(after.tracks.size(), 2u);
}

TEST(StudentCourseYaml, QuizKeepsItsAnswerKeyPathBecauseTheLoaderRequiresIt) {
  rel::StudentCourse student = rel::make_student_course_yaml(kCourse);
  gc::Course after = load_text(student.yaml);
  const auto [lesson, quiz] = after.find_exercise("q");
  ASSERT_NE(quiz, nullptr);
  EXPECT_EQ(quiz->kind, gc::ExerciseKind::quiz);
  EXPECT_EQ(quiz->answer_key, "tests/hidden/quiz/answer_key.yaml");
}

TEST(StudentCourseYaml, QuizNamesItsQuestionFormsInsteadOfItsAnswerKey) {
  rel::StudentCourse student = rel::make_student_course_yaml(kCourse, "", {{"q", "lessons/quiz/q.questions.yaml"}});
  EXPECT_EQ(student.yaml.find("answer_key"), std::string::npos) << student.yaml;
  EXPECT_EQ(student.yaml.find("tests/hidden"), std::string::npos) << student.yaml;
  gc::Course after = load_text(student.yaml);
  const auto [lesson, quiz] = after.find_exercise("q");
  ASSERT_NE(quiz, nullptr);
  EXPECT_EQ(quiz->kind, gc::ExerciseKind::quiz);
  EXPECT_TRUE(quiz->answer_key.empty());
  EXPECT_EQ(quiz->question_forms, "lessons/quiz/q.questions.yaml");
}

TEST(StudentCourseYaml, QuotedAndPlainScalarsStayAsWritten) {
  // The loader reads `points: "10"` as text and `version: 2026.10` as "2026.10":
  // a rewrite that dropped quotes or re-printed numbers would change the course.
  const std::string text = yaml(R"(
format_version: 1
title: Plain title
version: 2026.10
lessons:
  - id: alpha
    title: "10"
    folder: lessons/alpha
    exercises:
      - id: a-one
        title: 'single quoted: yes'
        files: [alpha/a.cpp]
        points: 10
        hints: ["true", "null", "~", "- dash", "# hash"]
)");
  rel::StudentCourse student = rel::make_student_course_yaml(text);
  YAML::Node back = YAML::Load(student.yaml);
  EXPECT_EQ(back["version"].Scalar(), "2026.10");
  EXPECT_EQ(back["version"].Tag(), "?");
  EXPECT_EQ(back["lessons"][0]["title"].Tag(), "!");
  EXPECT_EQ(back["lessons"][0]["exercises"][0]["points"].Tag(), "?");
  gc::Course after = load_text(student.yaml);
  EXPECT_EQ(after.version, "2026.10");
  EXPECT_EQ(after.lessons[0].title, "10");
  EXPECT_EQ(after.lessons[0].exercises[0].title, "single quoted: yes");
  EXPECT_EQ(after.lessons[0].exercises[0].hints,
            (std::vector<std::string>{"true", "null", "~", "- dash", "# hash"}));
}

TEST(StudentCourseYaml, TrackKeepsItsExercisesAndTheLessonsTheyUseWhole) {
  rel::StudentCourse student = rel::make_student_course_yaml(kCourse, "short");
  EXPECT_EQ(student.lessons, (std::vector<std::string>{"alpha", "beta"}));
  // beta uses alpha, whose worker files beta compiles: alpha stays whole.
  EXPECT_EQ(student.exercises, (std::vector<std::string>{"a-one", "a-two", "b-one"}));
  ASSERT_EQ(student.notes.size(), 1u);
  EXPECT_NE(student.notes[0].find("'alpha'"), std::string::npos);
  gc::Course after = load_text(student.yaml);
  ASSERT_EQ(after.tracks.size(), 1u);
  EXPECT_EQ(after.tracks[0].id, "short");
  EXPECT_EQ(after.find_lesson("quiz"), nullptr);
  EXPECT_FALSE(has_key(student.yaml, "hidden"));
}

TEST(StudentCourseYaml, TrackWithoutUsesKeepsOnlyItsLesson) {
  rel::StudentCourse student = rel::make_student_course_yaml(kCourse, "quiz-only");
  EXPECT_EQ(student.lessons, std::vector<std::string>{"quiz"});
  EXPECT_EQ(student.exercises, std::vector<std::string>{"q"});
  EXPECT_TRUE(student.notes.empty());
  gc::Course after = load_text(student.yaml);
  EXPECT_EQ(after.lessons.size(), 1u);
}

TEST(StudentCourseYaml, TrackKeepsTheExercisesOfItsLessonThatItsExercisesUse) {
  // a-two calls a-one's function (an exercise's `uses`); a track of a-two
  // keeps a-one, whose file the handout's worker compiles for it.
  std::string text = kCourse;
  const std::string a_two = "      - id: a-two\n        title: Only hidden tests\n";
  ASSERT_NE(text.find(a_two), std::string::npos);
  text.replace(text.find(a_two), a_two.size(), a_two + "        uses: [{exercise: a-one, mode: reference}]\n");
  const std::string track = "    exercises: [q]\n";
  text.replace(text.find(track), track.size(), "    exercises: [a-two]\n");
  rel::StudentCourse student = rel::make_student_course_yaml(text, "quiz-only");
  EXPECT_EQ(student.exercises, (std::vector<std::string>{"a-one", "a-two"}));
  ASSERT_EQ(student.notes.size(), 1u);
  EXPECT_EQ(student.notes[0], "exercise 'a-one' is kept: exercise 'a-two' calls its functions (uses)");
  // The handout's course.yaml loads: the use names a kept exercise.
  const gc::Course after = load_text(student.yaml);
  ASSERT_NE(after.find_exercise("a-two").second, nullptr);
  EXPECT_EQ(after.find_exercise("a-two").second->uses, std::vector<std::string>{"a-one"});
}

TEST(StudentCourseYaml, UnknownTrackListsTheTracks) {
  try {
    rel::make_student_course_yaml(kCourse, "shrot");
    FAIL() << "an unknown track was accepted";
  } catch (const rel::UnknownTrack& e) {
    EXPECT_NE(std::string(e.what()).find("'shrot'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("short, quiz-only"), std::string::npos) << e.what();
  }
}

// ---------------------------------------------------------------------------
// A scratch course on disk, with the instructor-only folders a handout must
// never contain, and the templates copied from the real course.

class ScratchCourse {
 public:
  ScratchCourse() {
    static std::atomic<int> counter{0};
    root_ = fs::temp_directory_path() / ("release_unit_test_" + std::to_string(::getpid()) + "_" +
                                         std::to_string(counter++));
    fs::remove_all(root_);
    fs::create_directories(root_);
    file("course.yaml", kCourse);
    file("CMakeLists.txt", "cmake_minimum_required(VERSION 3.25)\n");
    file("run.sh", "#!/bin/sh\necho run\n");
    fs::permissions(root_ / "run.sh", fs::perms::owner_exec, fs::perm_options::add);
    file("scripts/deps.sh", "course_install_packages() { :; }\n");
    file("scripts/make_fixtures.py", "print('reference values')\n");
    file("scripts/mutants_to_patches.sh", "#!/bin/sh\necho authoring only\n");
    file("cmake/CourseLesson.cmake", "# lessons\n");
    file("grader/cli/main.cpp", "int main() {}\n");
    for (const char* l : {"alpha", "beta", "quiz"}) file(std::string("lessons/") + l + "/README.md", "# lesson\n");
    file("starter/alpha/a.cpp", "int a() { throw 1; }\n");
    file("starter/alpha/a2.cpp", "int a2() { throw 1; }\n");
    file("starter/beta/b.cpp", "int b() { throw 1; }\n");
    file("starter/quiz/answers.yaml", "q1: \"\"\n");
    file("solutions/alpha/a.cpp", "int a() {\n  // the reference\n  return 42;\n}\n");
    file("solutions/alpha/a2.cpp", "int a2() {\n  // the second reference\n  return 7;\n}\n");
    file("solutions/beta/b.cpp", "int b() {\n  // beta's reference\n  return 5;\n}\n");
    file("solutions/quiz/answers.yaml", "q1: b\n");
    file("tests/public/alpha/a_test.cpp", "// reads fixtures/shared-data/x.txt\nTEST(A, One) {}\n");
    file("tests/public/beta/b_test.cpp", "TEST(B, One) {}\n");
    file("tests/hidden/alpha/a_hidden_test.cpp", "// hidden\nTEST(AHidden, One) {\n  EXPECT_EQ(a(), 42);\n}\n");
    file("tests/hidden/alpha/a2_hidden_test.cpp", "// hidden\nTEST(A2Hidden, One) {\n  EXPECT_EQ(a2(), 7);\n}\n");
    file("tests/hidden/beta/b_hidden_test.cpp", "// hidden\nTEST(BHidden, One) {\n  EXPECT_EQ(b(), 5);\n}\n");
    file("tests/hidden/quiz/answer_key.yaml",
         "questions:\n  q1: {type: choice, options: [a, b], answer: b, points: 4, feedback: \"Re-read it.\"}\n");
    file("tests/mutants/alpha/off-by-one/mutant.yaml", "kind: mutant\nexercise: a\nmust_fail: [AHidden.One]\n");
    file("tests/mutants/alpha/off-by-one/change.patch",
         "--- a/alpha/a.cpp\n+++ b/alpha/a.cpp\n@@ -1,4 +1,4 @@\n int a() {\n   // the reference\n-  return 42;\n+  return 41;\n }\n");
    file("tests/fixtures/shared-data/x.txt", "1 2 3\n");
    file("tests/fixtures/hidden-data/golden.txt", "42 42 42\n");
    file("tests/grader/framework_test.cpp", "// the framework's own test\n");
    file("tests/CMakeLists.txt", "# framework tests\n");
    file("docs/instructors.md", "# staff only\n");
    file("bench/bench.cpp", "// benchmark\n");
    file("lessons/alpha/.notes.swp", "editor junk\n");
    for (const char* t : {"ci/release/README.md", "ci/release/test.sh", "ci/github/student-check.yml",
                          "ci/gradescope/setup.sh", "ci/gradescope/run_autograder"}) {
      fs::create_directories((root_ / t).parent_path());
      fs::copy_file(fs::path(COURSE_SOURCE_DIR) / t, root_ / t, fs::copy_options::overwrite_existing);
    }
  }
  ~ScratchCourse() {
    std::error_code ec;
    fs::remove_all(root_, ec);
    for (const auto& extra : extra_) fs::remove_all(extra, ec);
  }
  ScratchCourse(const ScratchCourse&) = delete;
  ScratchCourse& operator=(const ScratchCourse&) = delete;

  void file(const std::string& relative, const std::string& content) const {
    const fs::path path = root_ / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path) << content;
  }
  gc::Course load() const { return gc::load_course(root_ / "course.yaml"); }
  const fs::path& root() const { return root_; }
  /// A folder next to the course, removed with it.
  fs::path sibling(const std::string& name) {
    fs::path p = root_.parent_path() / (root_.filename().string() + "_" + name);
    fs::remove_all(p);
    extra_.push_back(p);
    return p;
  }

 private:
  fs::path root_;
  std::vector<fs::path> extra_;
};

std::vector<std::string> paths_of(const rel::Contents& c) {
  std::vector<std::string> out;
  for (const auto& i : c.items) out.push_back(i.path);
  std::sort(out.begin(), out.end());
  return out;
}

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

TEST(ReleaseContents, ShipsThePublicSliceAndNothingInstructorOnly) {
  ScratchCourse course;
  auto paths = paths_of(rel::student_contents(course.load()));
  for (const char* shipped : {"CMakeLists.txt", "run.sh", "scripts/deps.sh", "cmake/CourseLesson.cmake",
                              "grader/cli/main.cpp", "lessons/alpha/README.md", "starter/alpha/a.cpp",
                              "starter/quiz/answers.yaml", "tests/public/alpha/a_test.cpp",
                              "tests/fixtures/shared-data/x.txt"})
    EXPECT_TRUE(contains(paths, shipped)) << shipped;
  for (const auto& p : paths) {
    EXPECT_NE(p.rfind("solutions/", 0), 0u) << p;
    EXPECT_NE(p.rfind("tests/hidden/", 0), 0u) << p;
    EXPECT_NE(p.rfind("tests/mutants/", 0), 0u) << p;
    EXPECT_NE(p.rfind("tests/grader/", 0), 0u) << p;
    EXPECT_NE(p.rfind("docs/", 0), 0u) << p;
    EXPECT_NE(p.rfind("bench/", 0), 0u) << p;
    EXPECT_NE(p.rfind("ci/", 0), 0u) << p;
  }
  EXPECT_FALSE(contains(paths, "tests/fixtures/hidden-data/golden.txt"));
  EXPECT_FALSE(contains(paths, "tests/CMakeLists.txt"));
  EXPECT_FALSE(contains(paths, "scripts/make_fixtures.py"));
  EXPECT_FALSE(contains(paths, "scripts/mutants_to_patches.sh"));  // an authoring script, not the build's
  EXPECT_FALSE(contains(paths, "lessons/alpha/.notes.swp"));
  const auto* run = rel::student_contents(course.load()).find("run.sh");
  ASSERT_NE(run, nullptr);
  EXPECT_TRUE(run->executable);
}

// A lesson's folder is walked under lessons/ and as itself: what it leaves
// out is listed once (the count `grader release` prints is of files).
TEST(ReleaseContents, ListsEachLeftOutFileOnce) {
  ScratchCourse course;
  course.file("lessons/alpha/bridge/costs.hpp", "// cost estimates\n");
  // Hand-written stubs of an exercise served to another: they define the
  // student's functions as calls to the reference, which a handout has not.
  course.file("lessons/alpha/bridge/exercise_stubs/alpha-one.cpp", "// stubs\n");
  course.file("lessons/alpha/bridge/reference_server.cpp", "// server\n");
  const auto skipped = rel::student_contents(course.load()).skipped;
  for (const char* left_out : {"lessons/alpha/bridge/costs.hpp: ", "lessons/alpha/.notes.swp: ",
                               "lessons/alpha/bridge/exercise_stubs/alpha-one.cpp: ",
                               "lessons/alpha/bridge/reference_server.cpp: "})
    EXPECT_EQ(std::count_if(skipped.begin(), skipped.end(),
                            [&](const std::string& s) { return s.rfind(left_out, 0) == 0; }),
              1)
        << left_out;
}

// A lesson text ships without its "For instructors" sections: from the
// heading to the next heading of its level or higher, or to the end.
struct InstructorNotesCase {
  const char* name;
  const char* text;
  const char* shipped;
};
class InstructorNotes : public ::testing::TestWithParam<InstructorNotesCase> {};
TEST_P(InstructorNotes, AreLeftOutOfTheHandoutsText) {
  EXPECT_EQ(rel::without_instructor_sections(GetParam().text), GetParam().shipped);
}
INSTANTIATE_TEST_SUITE_P(
    Sections, InstructorNotes,
    ::testing::Values(
        InstructorNotesCase{"LastSection", "# L\n\ntext\n\n## For instructors\n\n- timing\n", "# L\n\ntext\n"},
        InstructorNotesCase{"MiddleSectionUpToTheNextOfItsLevel",
                            "# L\n## For instructors\nnotes\n### Timing\nmore\n## Next\nkept\n", "# L\n## Next\nkept\n"},
        InstructorNotesCase{"AHigherHeadingEndsIt", "## A\n### For instructors\nnotes\n## B\nkept\n", "## A\n## B\nkept\n"},
        InstructorNotesCase{"CaseSpacesAndAClosingRun", "a\n  ##   for INSTRUCTORS  ##\nnotes\n", "a\n"},
        InstructorNotesCase{"InsideACodeFenceItIsText", "```md\n## For instructors\n```\nkept\n",
                            "```md\n## For instructors\n```\nkept\n"},
        InstructorNotesCase{"AFenceInsideTheSectionHidesNoHeading",
                            "## For instructors\n```\n## Next\n```\nnotes\n## Next\nkept\n", "## Next\nkept\n"},
        InstructorNotesCase{"OtherTitlesStay", "## For instructors only?\n## Instructors\n#For instructors\n",
                            "## For instructors only?\n## Instructors\n#For instructors\n"},
        InstructorNotesCase{"CarriageReturns", "x\r\n## For instructors\r\nnotes\r\n## Next\r\n", "x\r\n## Next\r\n"},
        InstructorNotesCase{"NothingToLeaveOutKeepsEveryByte", "# L\n\n\n", "# L\n\n\n"}),
    [](const ::testing::TestParamInfo<InstructorNotesCase>& c) { return std::string(c.param.name); });

// The pitfall ids `grader validate` reads stay with the course: a list entry,
// a table row (its closing bar kept), two on a line; in code, and unclosed, they are text.
TEST(InstructorNotes, PitfallIdsAreLeftOutOfTheHandoutsText) {
  EXPECT_EQ(rel::without_pitfall_ids("- **Wrong axis.** Use rows. <!-- pitfall: ax -->\nnext\n"),
            "- **Wrong axis.** Use rows.\nnext\n");
  EXPECT_EQ(rel::without_pitfall_ids("| a | b | fix <!-- pitfall: pe-float --> |\n"), "| a | b | fix |\n");
  EXPECT_EQ(rel::without_pitfall_ids("x <!-- pitfall: a --> and <!-- pitfall: b -->\n"), "x and\n");
  EXPECT_EQ(rel::without_pitfall_ids("```\nx <!-- pitfall: a -->\n```\n"), "```\nx <!-- pitfall: a -->\n```\n");
  EXPECT_EQ(rel::without_pitfall_ids("x <!-- pitfall: a\n-->\n"), "x <!-- pitfall: a\n-->\n");
  EXPECT_EQ(rel::without_pitfall_ids("<!-- note: kept -->\n"), "<!-- note: kept -->\n");
}

TEST(ReleaseContents, LessonTextsShipWithoutTheirNotesForInstructors) {
  ScratchCourse course;
  course.file("lessons/alpha/README.md",
              "# Alpha\n\nRead this. <!-- pitfall: alpha-x -->\n\n## For instructors\n\nSay this in class.\n");
  course.file("lessons/alpha/extra/NOTES.md", "## Aside\n## For instructors\nstaff\n");
  const rel::Contents contents = rel::student_contents(course.load());
  const auto* readme = contents.find("lessons/alpha/README.md");
  ASSERT_NE(readme, nullptr);
  EXPECT_EQ(rel::content_of(*readme), "# Alpha\n\nRead this.\n");
  const auto* notes = contents.find("lessons/alpha/extra/NOTES.md");
  ASSERT_NE(notes, nullptr);
  EXPECT_EQ(rel::content_of(*notes), "## Aside\n");
  // The course's own copy is untouched.
  EXPECT_NE(grader::util::read_file(course.root() / "lessons/alpha/README.md").find("Say this in class."), std::string::npos);
}

// A symbolic link in a course folder is followed where the author placed it
// (the course is trusted), whether it names a file or a folder, inside the
// course or outside it; one that leads nowhere, or back into a folder it is
// in, stops the release with a message that says it is a link.
TEST(ReleaseContents, FollowsALinkedFileAndALinkedFolder) {
  ScratchCourse course;
  const fs::path shared = course.sibling("shared");
  fs::create_directories(shared / "inner");
  std::ofstream(shared / "inner" / "notes.md") << "# shared notes\n";
  std::ofstream(shared / "helper.hpp") << "// a helper\n";
  fs::create_symlink(shared, course.root() / "lessons/alpha/shared");
  fs::create_symlink(shared / "helper.hpp", course.root() / "lessons/alpha/helper.hpp");
  fs::create_symlink(course.root() / "lessons/alpha/README.md", course.root() / "lessons/alpha/README_again.md");
  auto paths = paths_of(rel::student_contents(course.load()));
  for (const char* shipped : {"lessons/alpha/shared/inner/notes.md", "lessons/alpha/shared/helper.hpp",
                              "lessons/alpha/helper.hpp", "lessons/alpha/README_again.md"})
    EXPECT_TRUE(contains(paths, shipped)) << shipped;
}

TEST(ReleaseContents, RefusesADanglingLinkNamingIt) {
  ScratchCourse course;
  fs::create_symlink(course.root() / "lessons/alpha/gone.hpp", course.root() / "lessons/alpha/link.hpp");
  try {
    rel::student_contents(course.load());
    FAIL() << "a dangling link was left out without a word";
  } catch (const rel::ReleaseError& e) {
    EXPECT_NE(std::string(e.what()).find("lessons/alpha/link.hpp is a symbolic link to"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("does not exist"), std::string::npos) << e.what();
  }
  // A dangling linked folder too.
  fs::remove(course.root() / "lessons/alpha/link.hpp");
  fs::create_symlink(course.root() / "nowhere", course.root() / "starter/alpha/linked");
  EXPECT_THROW(rel::student_contents(course.load()), rel::ReleaseError);
}

TEST(ReleaseContents, RefusesALinkedFolderThatLeadsBackIntoItself) {
  ScratchCourse course;
  fs::create_symlink(course.root() / "lessons", course.root() / "lessons/alpha/loop");
  try {
    rel::student_contents(course.load());
    FAIL() << "a link cycle was accepted";
  } catch (const rel::ReleaseError& e) {
    EXPECT_NE(std::string(e.what()).find("symbolic link back to a folder"), std::string::npos) << e.what();
  }
}

TEST(ReleaseContents, ALinkToASolutionIsFollowedAndThenRefusedAsALeak) {
  ScratchCourse course;
  fs::create_symlink(course.root() / "solutions/alpha/a.cpp", course.root() / "lessons/alpha/reference_link.cpp");
  auto contents = rel::student_contents(course.load());
  EXPECT_TRUE(contains(paths_of(contents), "lessons/alpha/reference_link.cpp"));
  EXPECT_THROW(rel::check_no_instructor_content(course.load(), contents), rel::LeakError);
}

// The framework's parts of a handout come from the framework, the course's
// from the course, when the course is a folder of its own (-DCOURSE_DIR).
TEST(ReleaseContents, FrameworkPartsComeFromTheFrameworkFolder) {
  ScratchCourse course;
  const fs::path framework = course.sibling("framework");
  for (const char* f : {"CMakeLists.txt", "run.sh", "scripts/deps.sh", "cmake/Only.cmake", "grader/only.cpp"}) {
    fs::create_directories((framework / f).parent_path());
    std::ofstream(framework / f) << "// the framework's " << f << "\n";
  }
  fs::remove_all(course.root() / "cmake");
  fs::remove_all(course.root() / "grader");
  auto contents = rel::student_contents(course.load(), framework);
  auto paths = paths_of(contents);
  for (const char* shipped : {"CMakeLists.txt", "run.sh", "scripts/deps.sh", "cmake/Only.cmake", "grader/only.cpp",
                              "lessons/alpha/README.md", "starter/alpha/a.cpp", "tests/public/alpha/a_test.cpp"})
    EXPECT_TRUE(contains(paths, shipped)) << shipped;
  EXPECT_EQ(rel::content_of(*contents.find("CMakeLists.txt")), "// the framework's CMakeLists.txt\n");
  auto bundle = paths_of(rel::bundle_contents(course.load(), framework));
  for (const char* shipped : {"CMakeLists.txt", "grader/only.cpp", "course.yaml", "solutions/alpha/a.cpp"})
    EXPECT_TRUE(contains(bundle, shipped)) << shipped;
}

TEST(ReleaseContents, BundleHoldsWhatGradingNeedsAndNoMore) {
  ScratchCourse course;
  auto paths = paths_of(rel::bundle_contents(course.load()));
  for (const char* shipped : {"course.yaml", "solutions/alpha/a.cpp", "tests/hidden/alpha/a_hidden_test.cpp",
                              "tests/hidden/quiz/answer_key.yaml", "tests/fixtures/hidden-data/golden.txt",
                              "tests/public/beta/b_test.cpp", "starter/beta/b.cpp", "scripts/deps.sh"})
    EXPECT_TRUE(contains(paths, shipped)) << shipped;
  for (const auto& p : paths) {
    EXPECT_NE(p.rfind("tests/mutants/", 0), 0u) << p;
    EXPECT_NE(p.rfind("tests/grader/", 0), 0u) << p;
    EXPECT_NE(p.rfind("docs/", 0), 0u) << p;
  }
}

TEST(ReleaseContents, LeakCheckRefusesACopiedSolutionWhateverItsName) {
  ScratchCourse course;
  course.file("lessons/alpha/worked_example.cpp", grader::util::read_file(course.root() / "solutions/alpha/a.cpp"));
  auto contents = rel::student_contents(course.load());
  try {
    rel::check_no_instructor_content(course.load(), contents);
    FAIL() << "a copy of solutions/alpha/a.cpp was accepted";
  } catch (const rel::LeakError& e) {
    EXPECT_NE(std::string(e.what()).find("lessons/alpha/worked_example.cpp: same content as solutions/alpha/a.cpp"),
              std::string::npos)
        << e.what();
  }
}

TEST(ReleaseContents, LeakCheckRefusesInstructorPaths) {
  ScratchCourse course;
  rel::Contents contents;
  contents.put_text("tests/hidden/alpha/extra.cpp", "x");
  contents.put_text("notes/answer_key.yaml", "x");
  try {
    rel::check_no_instructor_content(course.load(), contents);
    FAIL() << "instructor paths were accepted";
  } catch (const rel::LeakError& e) {
    EXPECT_NE(std::string(e.what()).find("tests/hidden/alpha/extra.cpp"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("notes/answer_key.yaml"), std::string::npos) << e.what();
  }
  rel::Contents clean;
  clean.put_text("lessons/alpha/README.md", "# fine\n");
  EXPECT_NO_THROW(rel::check_no_instructor_content(course.load(), clean));
}

TEST(WriteRelease, WritesAHandoutThatLoadsWithoutHiddenFiles) {
  ScratchCourse course;
  fs::path out = course.sibling("handout");
  rel::ReleaseOptions options;
  options.out = out;
  rel::ReleaseReport report = rel::write_release(course.load(), options);
  EXPECT_TRUE(fs::is_regular_file(out / "course.yaml"));
  EXPECT_TRUE(fs::is_regular_file(out / "README.md"));
  EXPECT_TRUE(fs::is_regular_file(out / ".github/workflows/grader-check.yml"));
  EXPECT_TRUE((fs::status(out / "test.sh").permissions() & fs::perms::owner_exec) != fs::perms::none);
  EXPECT_FALSE(fs::exists(out / "solutions"));
  EXPECT_FALSE(fs::exists(out / "tests/hidden"));
  EXPECT_FALSE(fs::exists(fs::path(out.string() + ".tmp")));
  gc::LoadOptions as_student;
  as_student.check_hidden_files = false;
  gc::Course handout = gc::load_course(out / "course.yaml", as_student);
  EXPECT_EQ(handout.lessons.size(), 3u);
  // The quiz ships its questions' forms in place of its key, without the answer.
  const auto [quiz_lesson, quiz] = handout.find_exercise("q");
  ASSERT_NE(quiz, nullptr);
  EXPECT_TRUE(quiz->answer_key.empty());
  ASSERT_FALSE(quiz->question_forms.empty());
  const std::string forms = grader::util::read_file(out / quiz->question_forms);
  EXPECT_NE(forms.find("type: choice"), std::string::npos) << forms;
  EXPECT_EQ(forms.find("answer:"), std::string::npos) << forms;
  EXPECT_EQ(forms.find("Re-read it."), std::string::npos) << forms;
  // The student README names the lessons and the first one to read.
  std::string readme = grader::util::read_file(out / "README.md");
  EXPECT_NE(readme.find("Beta lesson"), std::string::npos);
  EXPECT_NE(readme.find("lessons/alpha/README.md"), std::string::npos);
  EXPECT_EQ(readme.find("{{"), std::string::npos) << readme;
  EXPECT_EQ(report.lessons, (std::vector<std::string>{"alpha", "beta", "quiz"}));
}

TEST(WriteRelease, RefusesANonEmptyFolderUnlessForcedAndKeepsItsGitFolder) {
  ScratchCourse course;
  fs::path out = course.sibling("handout");
  rel::ReleaseOptions options;
  options.out = out;
  rel::write_release(course.load(), options);
  fs::create_directories(out / ".git");
  std::ofstream(out / ".git/HEAD") << "ref: refs/heads/main\n";
  std::ofstream(out / "stale.txt") << "from an earlier handout\n";
  EXPECT_THROW(rel::write_release(course.load(), options), rel::ReleaseError);
  EXPECT_TRUE(fs::exists(out / "stale.txt"));  // refused: nothing changed
  options.force = true;
  rel::write_release(course.load(), options);
  EXPECT_FALSE(fs::exists(out / "stale.txt"));
  EXPECT_TRUE(fs::exists(out / ".git/HEAD"));
  EXPECT_TRUE(fs::exists(out / "course.yaml"));
}

TEST(WriteRelease, ForceNeverReplacesSomethingThatIsNotAHandout) {
  ScratchCourse course;
  fs::path out = course.sibling("somebody-else");
  fs::create_directories(out / "solutions");
  std::ofstream(out / "precious.txt") << "keep me\n";
  rel::ReleaseOptions options;
  options.out = out;
  options.force = true;
  EXPECT_THROW(rel::write_release(course.load(), options), rel::ReleaseError);
  EXPECT_TRUE(fs::exists(out / "precious.txt"));
  // Nor the course itself, nor one of its folders.
  options.out = course.root();
  EXPECT_THROW(rel::write_release(course.load(), options), rel::ReleaseError);
  options.out = course.root() / "starter";
  EXPECT_THROW(rel::write_release(course.load(), options), rel::ReleaseError);
  EXPECT_TRUE(fs::exists(course.root() / "starter/alpha/a.cpp"));
}

TEST(WriteRelease, AFailedReleaseLeavesNothingBehind) {
  ScratchCourse course;
  course.file("lessons/beta/copied.cpp", grader::util::read_file(course.root() / "solutions/beta/b.cpp"));
  fs::path out = course.sibling("handout");
  rel::ReleaseOptions options;
  options.out = out;
  EXPECT_THROW(rel::write_release(course.load(), options), rel::LeakError);
  EXPECT_FALSE(fs::exists(out));
  EXPECT_FALSE(fs::exists(fs::path(out.string() + ".tmp")));
}

TEST(WriteRelease, TrackHandoutListsOnlyTheTrack) {
  ScratchCourse course;
  fs::path out = course.sibling("handout");
  rel::ReleaseOptions options;
  options.out = out;
  options.track = "quiz-only";
  rel::ReleaseReport report = rel::write_release(course.load(), options);
  EXPECT_EQ(report.lessons, std::vector<std::string>{"quiz"});
  gc::LoadOptions as_student;
  as_student.check_hidden_files = false;
  gc::Course handout = gc::load_course(out / "course.yaml", as_student);
  ASSERT_EQ(handout.lessons.size(), 1u);
  EXPECT_EQ(handout.lessons[0].id, "quiz");
  EXPECT_NE(grader::util::read_file(out / "README.md").find("`quiz-only` track"), std::string::npos);
}

TEST(StudentReadme, UnknownPlaceholderIsReported) {
  gc::Course c = load_text(kCourse);
  EXPECT_THROW(rel::render_student_readme("# {{title}} {{nope}}\n", c, ""), rel::ReleaseError);
  EXPECT_EQ(rel::render_student_readme("# {{title}}\n", c, ""), "# A course: with a colon\n");
}

// ---------------------------------------------------------------------------

std::map<std::string, std::pair<std::string, int>> read_zip(const fs::path& zip) {
  std::map<std::string, std::pair<std::string, int>> entries;  // path -> (content, mode)
  struct archive* a = archive_read_new();
  archive_read_support_format_zip(a);
  EXPECT_EQ(archive_read_open_filename(a, zip.c_str(), 16384), ARCHIVE_OK) << archive_error_string(a);
  struct archive_entry* e = nullptr;
  while (archive_read_next_header(a, &e) == ARCHIVE_OK) {
    std::string content;
    char buf[4096];
    la_ssize_t n;
    while ((n = archive_read_data(a, buf, sizeof buf)) > 0) content.append(buf, static_cast<std::size_t>(n));
    entries[archive_entry_pathname(e)] = {content, static_cast<int>(archive_entry_perm(e))};
  }
  archive_read_free(a);
  return entries;
}

TEST(GradescopeBundle, ScriptsAtTheTopExecutableWithTheCourseNextToThem) {
  ScratchCourse course;
  fs::path zip = course.sibling("autograder.zip");
  rel::BundleReport report = rel::write_gradescope_bundle(course.load(), zip);
  EXPECT_EQ(report.top.at(0), "setup.sh");
  EXPECT_EQ(report.top.at(1), "run_autograder");
  auto entries = read_zip(zip);
  ASSERT_TRUE(entries.count("setup.sh"));
  ASSERT_TRUE(entries.count("run_autograder"));
  EXPECT_EQ(entries["setup.sh"].second, 0755);
  EXPECT_EQ(entries["run_autograder"].second, 0755);
  EXPECT_EQ(entries["setup.sh"].first,
            grader::util::read_file(fs::path(COURSE_SOURCE_DIR) / "ci/gradescope/setup.sh"));
  EXPECT_EQ(entries["solutions/alpha/a.cpp"].first, grader::util::read_file(course.root() / "solutions/alpha/a.cpp"));
  EXPECT_EQ(entries["solutions/alpha/a.cpp"].second, 0644);
  EXPECT_TRUE(entries.count("course.yaml"));
  EXPECT_TRUE(entries.count("solutions/"));  // folder entries, for every unzip tool
  EXPECT_FALSE(entries.count("tests/mutants/alpha/off-by-one/change.patch"));
  EXPECT_FALSE(entries.count("tests/mutants/alpha/off-by-one/mutant.yaml"));
  EXPECT_FALSE(fs::exists(fs::path(zip.string() + ".tmp")));
}

TEST(GradescopeBundle, MissingTemplateIsReportedAndNoZipIsWritten) {
  ScratchCourse course;
  fs::remove(course.root() / "ci/gradescope/run_autograder");
  fs::path zip = course.sibling("autograder.zip");
  EXPECT_THROW(rel::write_gradescope_bundle(course.load(), zip), rel::ReleaseError);
  EXPECT_FALSE(fs::exists(zip));
}

// A picture draws from one lesson's worker: a track handout keeps the
// pictures of the lessons it keeps, and the README lists them.
TEST(StudentCourseYaml, PicturesGoWhereTheirLessonsGo) {
  const std::string with_pictures = kCourse + yaml(R"(
pictures:
  - {name: alpha-map, title: Alpha as a map, lesson: alpha, program: p, calls: [a], compare: "alpha's README"}
  - {name: beta-map, title: Beta as a map, lesson: beta, program: p, calls: [b]}
)");
  const gc::Course whole = load_text(rel::make_student_course_yaml(with_pictures).yaml);
  ASSERT_EQ(whole.pictures.size(), 2u);
  const gc::Course short_track = load_text(rel::make_student_course_yaml(with_pictures, "short").yaml);
  EXPECT_EQ(short_track.pictures.size(), 2u);  // beta, and alpha which it uses
  const rel::StudentCourse quiz_only = rel::make_student_course_yaml(with_pictures, "quiz-only");
  EXPECT_TRUE(load_text(quiz_only.yaml).pictures.empty());
  EXPECT_FALSE(has_key(quiz_only.yaml, "pictures")) << quiz_only.yaml;

  const std::string readme = rel::render_student_readme("{{pictures}}", whole, "");
  EXPECT_NE(readme.find("`build/bin/grader picture alpha-map -o alpha-map.png`: Alpha as a map (lesson `alpha`); "
                        "compare with alpha's README"),
            std::string::npos)
      << readme;
  EXPECT_NE(readme.find("grader picture beta-map"), std::string::npos) << readme;
  EXPECT_EQ(readme.rfind("## Pictures of your own code", 0), 0u) << "the section comes with the pictures: " << readme;
  EXPECT_EQ(rel::render_student_readme("{{pictures}}", load_text(quiz_only.yaml), ""), "");
}

// The handout README's template speaks of no one course: a course without
// pictures reads nothing of pictures in it.
TEST(StudentReadme, ACourseWithoutPicturesReadsNothingOfThem) {
  const std::string template_text = grader::util::read_file(fs::path(COURSE_SOURCE_DIR) / "ci/release/README.md");
  std::string readme = rel::render_student_readme(template_text, load_text(kCourse), "");
  std::transform(readme.begin(), readme.end(), readme.begin(), [](unsigned char c) { return std::tolower(c); });
  EXPECT_EQ(readme.find("picture"), std::string::npos) << readme;
}

}  // namespace
