// The course.yaml loader: a complete course loads with every field and
// default right, and each kind of mistake is reported at its exact
// line:column with a message that says what to do.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>
#include <vector>
#include <unistd.h>

#include "grader/course/edit_distance.hpp"
#include "grader/course/loader.hpp"

namespace {

namespace fs = std::filesystem;
namespace gc = grader::course;

// Raw strings start with a newline so the YAML can begin at column 1 of its
// own source line; dropping it keeps the line numbers in the tests honest.
std::string yaml(std::string_view text) {
  if (!text.empty() && text.front() == '\n') text.remove_prefix(1);
  return std::string(text);
}

/// A scratch course folder holding the files a course.yaml names.
class TempCourse {
 public:
  TempCourse() {
    static std::atomic<int> counter{0};
    root_ = fs::temp_directory_path() /
            ("course_loader_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  ~TempCourse() {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  TempCourse(const TempCourse&) = delete;
  TempCourse& operator=(const TempCourse&) = delete;

  void file(const std::string& relative, const std::string& content = "// placeholder\n") const {
    const fs::path path = root_ / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path) << content;
  }
  void folder(const std::string& relative) const { fs::create_directories(root_ / relative); }
  const fs::path& root() const { return root_; }

 private:
  fs::path root_;
};

gc::LoadOptions without_file_checks() {
  gc::LoadOptions options;
  options.check_files = false;
  options.check_hidden_files = false;
  return options;
}

/// Loads text that must be rejected and returns the error.
gc::CourseError rejection(const std::string& text, const gc::LoadOptions& options = without_file_checks(),
                          const fs::path& root = "/nonexistent-course-root") {
  try {
    gc::load_course_from_string(text, "course.yaml", root, options);
  } catch (const gc::CourseError& e) {
    return e;
  }
  ADD_FAILURE() << "the course loaded, but it should have been rejected:\n" << text;
  return gc::CourseError({});
}

/// True when some diagnostic is at `where` (e.g. "course.yaml:12:5") and its
/// message contains every fragment.
testing::AssertionResult HasError(const gc::CourseError& error, std::string_view where,
                                  std::initializer_list<std::string_view> fragments) {
  for (const gc::Diagnostic& d : error.diagnostics()) {
    if (d.where.text() != where) continue;
    bool all = true;
    for (std::string_view fragment : fragments) {
      all = all && d.message.find(fragment) != std::string::npos;
    }
    if (all) return testing::AssertionSuccess();
  }
  auto failure = testing::AssertionFailure() << "no error at " << where << " containing";
  for (std::string_view fragment : fragments) failure << " [" << fragment << "]";
  return failure << "; the loader reported:\n" << error.what();
}

/// The error holds exactly one diagnostic, at `where`, containing every fragment.
testing::AssertionResult HasOnlyError(const gc::CourseError& error, std::string_view where,
                                      std::initializer_list<std::string_view> fragments) {
  if (error.diagnostics().size() != 1) {
    return testing::AssertionFailure() << "expected exactly one error, got "
                                       << error.diagnostics().size() << ":\n" << error.what();
  }
  return HasError(error, where, fragments);
}

// Line 8 column 9 is the exercise's mapping; line 4 column 5 the lesson's.
const std::string minimal_course = yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points: 1
)");

// ---------------------------------------------------------------- a valid course

const std::string full_course = yaml(R"(
format_version: 1
title: "Attention, from scratch"
version: 2026.10
welcome: |
  Hello.
  Second line.
closing: Bye.
limits: {call_timeout_ms: 1500, memory_mb: 256}
tracks:
  - id: short
    title: "60-90 minutes"
    description: The essentials.
    exercises: [pe-formula, mha-shapes]
  - id: all
    title: Everything
    exercises: [pe-formula, pe-repair, mha-shapes, review]
lessons:
  - id: positional-encoding
    title: Positional encoding
    folder: lessons/positional-encoding
    limits:
      lesson_timeout_s: 30
    exercises:
      - id: pe-formula
        title: The formula
        files: [positional-encoding/positional_encoding.cpp]
        tests:
          public: [tests/public/positional-encoding/pe_formula_test.cpp]
          hidden:
            files: [tests/hidden/positional-encoding/pe_formula_hidden_test.cpp]
            visibility: after_due_date
            show_details: true
            message: Compare with the lesson's formula.
        points: 10
        hints: ["first", "second"]
        limits: {call_timeout_ms: 5000}
      - id: pe-repair
        title: Repair the loop
        files:
          - positional-encoding/positional_encoding_loop.cpp
        tests:
          hidden: [tests/hidden/positional-encoding/pe_repair_test.cpp]
        points_per_test: 0.5
  - id: multi-head-attention
    title: Multi-head attention
    folder: lessons/multi-head-attention
    uses: [positional-encoding]
    exercises:
      - id: mha-shapes
        title: Shapes
        kind: code
        files: [multi-head-attention/mha.cpp, multi-head-attention/split_heads.cpp]
        tests:
          public:
            files: [tests/public/multi-head-attention/mha_shapes_test.cpp]
            visibility: hidden
            show_details: false
        points: 0
      - id: review
        title: Review quiz
        kind: quiz
        files: [review-quiz/answers.yaml]
        answer_key: tests/hidden/review-quiz/answer_key.yaml
        points: 4
)");

/// Every file and folder full_course names.
void populate_full_course(const TempCourse& course) {
  course.folder("lessons/positional-encoding");
  course.folder("lessons/multi-head-attention");
  for (const char* file : {"positional-encoding/positional_encoding.cpp",
                           "positional-encoding/positional_encoding_loop.cpp",
                           "multi-head-attention/mha.cpp", "multi-head-attention/split_heads.cpp",
                           "review-quiz/answers.yaml"}) {
    course.file(std::string("starter/") + file);
    course.file(std::string("solutions/") + file);
  }
  course.file("tests/public/positional-encoding/pe_formula_test.cpp");
  course.file("tests/hidden/positional-encoding/pe_formula_hidden_test.cpp");
  course.file("tests/hidden/positional-encoding/pe_repair_test.cpp");
  course.file("tests/public/multi-head-attention/mha_shapes_test.cpp");
  course.file("tests/hidden/review-quiz/answer_key.yaml");
}

TEST(CourseLoader, MinimalCourseLoads) {
  const gc::Course course =
      gc::load_course_from_string(minimal_course, "course.yaml", "/nowhere", without_file_checks());
  ASSERT_EQ(course.lessons.size(), 1u);
  ASSERT_EQ(course.lessons[0].exercises.size(), 1u);
  EXPECT_EQ(course.lessons[0].exercises[0].id, "a-one");
}

TEST(CourseLoader, FullCourseLoadsEveryField) {
  TempCourse dir;
  populate_full_course(dir);
  const gc::Course course = gc::load_course_from_string(full_course, "course.yaml", dir.root());

  EXPECT_EQ(course.format_version, 1);
  EXPECT_EQ(course.title, "Attention, from scratch");
  EXPECT_EQ(course.version, "2026.10") << "the version is kept as written, not as a number";
  EXPECT_EQ(course.welcome, "Hello.\nSecond line.\n");
  EXPECT_EQ(course.closing, "Bye.");
  EXPECT_EQ(course.root, dir.root());
  EXPECT_EQ(course.limits.call_timeout_ms, 1500);
  EXPECT_EQ(course.limits.memory_mb, 256);
  EXPECT_FALSE(course.limits.lesson_timeout_s.has_value());
  EXPECT_FALSE(course.limits.compile_timeout_s.has_value());

  ASSERT_EQ(course.tracks.size(), 2u);
  EXPECT_EQ(course.tracks[0].id, "short");
  EXPECT_EQ(course.tracks[0].title, "60-90 minutes");
  EXPECT_EQ(course.tracks[0].description, "The essentials.");
  EXPECT_EQ(course.tracks[0].exercises, (std::vector<std::string>{"pe-formula", "mha-shapes"}));
  EXPECT_EQ(course.tracks[0].where.text(), "course.yaml:10:5");
  EXPECT_EQ(course.tracks[1].description, "");
  EXPECT_EQ(course.tracks[1].exercises.size(), 4u);

  ASSERT_EQ(course.lessons.size(), 2u);
  const gc::Lesson& pe = course.lessons[0];
  EXPECT_EQ(pe.id, "positional-encoding");
  EXPECT_EQ(pe.title, "Positional encoding");
  EXPECT_EQ(pe.folder, "lessons/positional-encoding");
  EXPECT_TRUE(pe.uses.empty());
  EXPECT_EQ(pe.limits.lesson_timeout_s, 30);
  EXPECT_FALSE(pe.limits.call_timeout_ms.has_value());
  EXPECT_EQ(pe.where.text(), "course.yaml:18:5");
  ASSERT_EQ(pe.exercises.size(), 2u);

  const gc::Exercise& formula = pe.exercises[0];
  EXPECT_EQ(formula.id, "pe-formula");
  EXPECT_EQ(formula.title, "The formula");
  EXPECT_EQ(formula.kind, gc::ExerciseKind::code);
  EXPECT_EQ(formula.files, (std::vector<std::string>{"positional-encoding/positional_encoding.cpp"}));
  EXPECT_EQ(formula.public_tests.files,
            (std::vector<std::string>{"tests/public/positional-encoding/pe_formula_test.cpp"}));
  EXPECT_EQ(formula.public_tests.visibility, gc::Visibility::visible);
  EXPECT_TRUE(formula.public_tests.show_details);
  EXPECT_EQ(formula.public_tests.message, "");
  EXPECT_EQ(formula.public_tests.where.text(), "course.yaml:28:19");
  EXPECT_EQ(formula.hidden_tests.files,
            (std::vector<std::string>{"tests/hidden/positional-encoding/pe_formula_hidden_test.cpp"}));
  EXPECT_EQ(formula.hidden_tests.visibility, gc::Visibility::after_due_date);
  EXPECT_TRUE(formula.hidden_tests.show_details);
  EXPECT_EQ(formula.hidden_tests.message, "Compare with the lesson's formula.");
  EXPECT_EQ(formula.hidden_tests.where.text(), "course.yaml:30:13");
  EXPECT_EQ(formula.points, 10.0);
  EXPECT_FALSE(formula.points_per_test.has_value());
  EXPECT_EQ(formula.hints, (std::vector<std::string>{"first", "second"}));
  EXPECT_EQ(formula.limits.call_timeout_ms, 5000);
  EXPECT_EQ(formula.answer_key, "");
  EXPECT_EQ(formula.where.text(), "course.yaml:24:9");

  const gc::Exercise& repair = pe.exercises[1];
  EXPECT_EQ(repair.files,
            (std::vector<std::string>{"positional-encoding/positional_encoding_loop.cpp"}));
  EXPECT_TRUE(repair.public_tests.files.empty());
  EXPECT_TRUE(repair.public_tests.show_details);
  EXPECT_EQ(repair.hidden_tests.files,
            (std::vector<std::string>{"tests/hidden/positional-encoding/pe_repair_test.cpp"}));
  EXPECT_EQ(repair.hidden_tests.visibility, gc::Visibility::visible);
  EXPECT_FALSE(repair.hidden_tests.show_details);
  EXPECT_EQ(repair.hidden_tests.message, "Hidden test: details are not shown.");
  EXPECT_FALSE(repair.points.has_value());
  EXPECT_EQ(repair.points_per_test, 0.5);
  EXPECT_TRUE(repair.hints.empty());

  const gc::Lesson& mha = course.lessons[1];
  EXPECT_EQ(mha.uses, (std::vector<std::string>{"positional-encoding"}));
  ASSERT_EQ(mha.exercises.size(), 2u);
  const gc::Exercise& shapes = mha.exercises[0];
  EXPECT_EQ(shapes.files.size(), 2u);
  EXPECT_EQ(shapes.public_tests.visibility, gc::Visibility::hidden);
  EXPECT_FALSE(shapes.public_tests.show_details);
  EXPECT_EQ(shapes.public_tests.message, "Details of this test are not shown.");
  EXPECT_TRUE(shapes.hidden_tests.files.empty());
  EXPECT_EQ(shapes.points, 0.0);

  const gc::Exercise& review = mha.exercises[1];
  EXPECT_EQ(review.kind, gc::ExerciseKind::quiz);
  EXPECT_EQ(review.files, (std::vector<std::string>{"review-quiz/answers.yaml"}));
  EXPECT_EQ(review.answer_key, "tests/hidden/review-quiz/answer_key.yaml");
  EXPECT_EQ(review.points, 4.0);

  // Limits resolve exercise -> lesson -> course -> built-in default.
  const gc::EffectiveLimits limits = gc::resolve(formula.limits, pe.limits, course.limits);
  EXPECT_EQ(limits.call_timeout_ms, 5000);
  EXPECT_EQ(limits.lesson_timeout_s, 30);
  EXPECT_EQ(limits.memory_mb, 256);
  EXPECT_EQ(limits.compile_timeout_s, 60);
}

TEST(CourseLoader, StudentReleaseLoadsWithoutHiddenFiles) {
  TempCourse dir;
  populate_full_course(dir);
  fs::remove_all(dir.root() / "solutions");
  fs::remove_all(dir.root() / "tests/hidden");
  gc::LoadOptions release;
  release.check_hidden_files = false;
  const gc::Course course = gc::load_course_from_string(full_course, "course.yaml", dir.root(), release);
  // Hidden suites are still described, so reports can name them.
  EXPECT_EQ(course.lessons[0].exercises[0].hidden_tests.files.size(), 1u);
  EXPECT_THROW(gc::load_course_from_string(full_course, "course.yaml", dir.root()), gc::CourseError);
}

TEST(CourseLoader, FindsLessonsExercisesAndTracks) {
  const gc::Course course = gc::load_course_from_string(full_course, "course.yaml", "/nowhere",
                                                        without_file_checks());
  ASSERT_NE(course.find_lesson("multi-head-attention"), nullptr);
  EXPECT_EQ(course.find_lesson("multi-head-attention")->title, "Multi-head attention");
  EXPECT_EQ(course.find_lesson("attention"), nullptr);

  auto [lesson, exercise] = course.find_exercise("review");
  ASSERT_NE(exercise, nullptr);
  EXPECT_EQ(lesson->id, "multi-head-attention");
  EXPECT_EQ(exercise->title, "Review quiz");
  auto [no_lesson, no_exercise] = course.find_exercise("positional-encoding");
  EXPECT_EQ(no_lesson, nullptr);
  EXPECT_EQ(no_exercise, nullptr);

  ASSERT_NE(course.find_track("all"), nullptr);
  EXPECT_EQ(course.find_track("all")->title, "Everything");
  EXPECT_EQ(course.find_track("long"), nullptr);
}

TEST(CourseLoader, LoadsTheRealCourse) {
  const fs::path path = fs::path(COURSE_SOURCE_DIR) / "course.yaml";
  gc::Course course;
  try {
    course = gc::load_course(path);
  } catch (const gc::CourseError& e) {
    FAIL() << e.what();
  }
  EXPECT_EQ(course.format_version, 1);
  EXPECT_FALSE(course.title.empty());
  EXPECT_TRUE(fs::equivalent(course.root, COURSE_SOURCE_DIR));
  ASSERT_FALSE(course.lessons.empty());
  EXPECT_NE(course.find_lesson("positional-encoding"), nullptr);
  auto [lesson, exercise] = course.find_exercise("pe-formula");
  ASSERT_NE(exercise, nullptr);
  EXPECT_EQ(lesson->id, "positional-encoding");
  EXPECT_FALSE(exercise->files.empty());
}

// ---------------------------------------------------------------- load_course from a path

TEST(CourseLoader, LocationsUseThePathAsPassed) {
  TempCourse dir;
  dir.file("course.yaml", yaml(R"(
format_version: 1
titel: T
)"));
  const fs::path relative = fs::relative(dir.root() / "course.yaml");
  ASSERT_TRUE(relative.is_relative());
  try {
    gc::load_course(relative);
    FAIL() << "a misspelt key was accepted";
  } catch (const gc::CourseError& e) {
    EXPECT_TRUE(HasError(e, relative.string() + ":2:1", {"unknown key 'titel'", "did you mean 'title'?"}));
    EXPECT_EQ(e.diagnostics().front().text().rfind(relative.string() + ":", 0), 0u) << e.what();
  }
}

TEST(CourseLoader, RootIsTheFolderHoldingTheFile) {
  TempCourse dir;
  populate_full_course(dir);
  dir.file("course.yaml", full_course);
  const gc::Course course = gc::load_course(fs::relative(dir.root() / "course.yaml"));
  EXPECT_TRUE(course.root.is_absolute());
  EXPECT_TRUE(fs::equivalent(course.root, dir.root()));
}

TEST(CourseLoader, MissingFileIsReportedWithItsPath) {
  try {
    gc::load_course("no/such/course.yaml");
    FAIL() << "a missing file loaded";
  } catch (const gc::CourseError& e) {
    ASSERT_EQ(e.diagnostics().size(), 1u);
    EXPECT_EQ(e.diagnostics()[0].text(),
              "no/such/course.yaml: error: cannot read the course file: it does not exist; check "
              "the path");
  }
}

// ---------------------------------------------------------------- one case per mistake

// A mistake in a course.yaml and every error the loader must report for it:
// exactly these (no more), each at its line:column with all its fragments.
struct Rejected {
  std::string name;  ///< the test's name (Rejections/CourseLoaderRejects.<name>)
  std::string text;  ///< the course.yaml
  struct Error {
    std::string where;
    std::vector<std::string_view> fragments;
  };
  std::vector<Error> errors;
  std::vector<std::string_view> in_no_error = {};  ///< fragments no error may contain
};

// ctest lists a case by its name, not by its bytes.
void PrintTo(const Rejected& c, std::ostream* os) { *os << c.name; }

std::vector<Rejected> rejected_courses() {
  return {
    {"YamlSyntaxErrorHasItsPosition",
     yaml(R"(
format_version: 1
title: T
  version: 2
)"),
     {{"course.yaml:3:10", {"YAML syntax error", "illegal map value"}}}},
    {"YamlSyntaxErrorInsideAList",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
   title: x
)"),
     {{"course.yaml:5:4", {"YAML syntax error", "indentation"}}}},
    {"UnknownKeySuggestsTheNearestOne",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: pe-formula
        title: One
        files: [a/one.cpp]
        points: 1
        hint: ["Pair the columns"]
)"),
     {{"course.yaml:12:9", {"unknown key 'hint' in exercise 'pe-formula'; did you mean 'hints'?"}}}},
    {"UnknownKeyFarFromAllListsTheValidOnes",
     minimal_course + "colour: red\n",
     {{"course.yaml:12:1", {"unknown key 'colour' in the course", "valid keys are format_version, title,", "lessons"}}},
     {"did you mean"}},
    {"UnknownLimitKeyInsideAFlowMapping",
     yaml(R"(
format_version: 1
title: T
limits: {memory_mb: 256, call_timeout: 5}
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points: 1
)"),
     {{"course.yaml:3:26", {"unknown key 'call_timeout' in the limits of the course", "did you mean 'call_timeout_ms'?"}}}},
    {"KeyWrittenTwice",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points: 1
        points: 2
)"),
     {{"course.yaml:12:9", {"key 'points' is written twice in exercise 'a-one'", "first at course.yaml:11:9", "keep one"}}}},
    {"MissingFilesSaysWhatToList",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: pe-formula
        title: One
        points: 1
)"),
     {{"course.yaml:8:9", {"exercise 'pe-formula' has no 'files'; list the student files it owns"}}}},
    {"MissingTopLevelFields",
     "format_version: 1\nversion: \"1.0\"\n",
     {{"course.yaml:1:1", {"the course has no 'title'"}},
     {"course.yaml:1:1", {"the course has no 'lessons'", "teaching order"}}}},
    {"MissingIdNamesThePosition",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points: 1
      - title: Two
        files: [a/two.cpp]
        points: 1
)"),
     {{"course.yaml:12:9", {"exercise #2 of lesson 'a' has no 'id'", "lowercase letters, digits and hyphens"}}}},
    {"EmptyListsAreRejected",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises: []
  - id: b
    title: B
    folder: lessons/b
    exercises:
      - id: b-one
        title: One
        files: []
        points: 1
)"),
     {{"course.yaml:7:16", {"lesson 'a' lists no exercises"}},
     {"course.yaml:14:16", {"exercise 'b-one' lists no 'files'", "list the student files it owns"}}}},
    {"PointsOfTheWrongType",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points: [1, 2]
)"),
     {{"course.yaml:11:17", {"'points' in exercise 'a-one' must be a number, got a list"}}}},
    {"QuotedNumberAsksToRemoveTheQuotes",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points: "10"
)"),
     {{"course.yaml:11:17", {"'points' in exercise 'a-one' must be a number, got text '10'", "remove the quotes"}}}},
    {"OtherWrongTypes",
     yaml(R"(
format_version: 1
title: [T]
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: a/one.cpp
        tests: [tests/public/a_test.cpp]
        hints:
          - {text: "x"}
        points: 1
  - just text
)"),
     {{"course.yaml:2:8", {"'title' in the course must be text, got a list"}},
     {"course.yaml:10:16", {"'files' in exercise 'a-one' must be a list, got text 'a/one.cpp'", "write it in brackets: [a/one.cpp]"}},
     {"course.yaml:11:16", {"'tests' in exercise 'a-one' must be a mapping with 'public' and/or 'hidden', " "got a list"}},
     {"course.yaml:13:13", {"each entry of 'hints' in exercise 'a-one' must be text, got a mapping"}},
     {"course.yaml:15:5", {"lesson #2 must be a mapping", "got text 'just text'"}}}},
    {"EmptyValueIsReportedAtItsKey",
     yaml(R"(
format_version: 1
title:
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points: 1
)"),
     {{"course.yaml:2:1", {"'title' in the course must be text, got nothing"}}}},
    {"DuplicateLessonIdNamesTheEarlierOne",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points: 1
  - id: a
    title: A again
    folder: lessons/a2
    exercises:
      - id: a-two
        title: Two
        files: [a/two.cpp]
        points: 1
)"),
     {{"course.yaml:12:9", {"duplicate lesson id 'a'", "already used at course.yaml:4:9"}}}},
    {"ExerciseIdsAreUniqueAcrossLessons",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: shared
        title: One
        files: [a/one.cpp]
        points: 1
  - id: b
    title: B
    folder: lessons/b
    exercises:
      - id: shared
        title: Two
        files: [b/two.cpp]
        points: 1
)"),
     {{"course.yaml:16:13", {"duplicate exercise id 'shared'", "already used at course.yaml:8:13"}}}},
    {"BadIdCharactersSuggestAFix",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: Pe_Formula
        title: One
        files: [a/one.cpp]
        points: 1
)"),
     {{"course.yaml:8:13", {"exercise id 'Pe_Formula' may contain only lowercase letters, digits and " "hyphens", "for example 'pe-formula'"}}}},
    {"UnknownKind",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        kind: test
        files: [a/one.cpp]
        points: 1
)"),
     {{"course.yaml:10:15", {"unknown kind 'test' in exercise 'a-one'", "'code'", "'quiz'"}}}},
    {"PathsMustStayInsideTheirFolder",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: ../elsewhere
    exercises:
      - id: a-one
        title: One
        files: [/etc/passwd, a/../../x.cpp]
        tests:
          public: ['a\b_test.cpp']
        points: 1
)"),
     {{"course.yaml:6:13", {"folder '../elsewhere' in lesson 'a' contains '..'"}},
     {"course.yaml:10:17", {"file '/etc/passwd' in exercise 'a-one' is an absolute path", "relative to the workspace"}},
     {"course.yaml:10:30", {"file 'a/../../x.cpp'", "contains '..'"}},
     {"course.yaml:12:20", {"uses '\\'; separate folders with '/'"}}}},
    {"TestFileBelongsToOneExercise",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        tests: {public: [tests/a_test.cpp]}
        points: 1
      - id: a-two
        title: Two
        files: [a/one.cpp]
        tests: {hidden: [tests/a_test.cpp]}
        points: 1
)"),
     {{"course.yaml:16:26", {"test file 'tests/a_test.cpp' is listed in exercise 'a-two' and already " "in exercise 'a-one' (at course.yaml:11:26)"}}}},
    {"NegativePoints",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points_per_test: -0.5
)"),
     {{"course.yaml:11:26", {"'points_per_test' in exercise 'a-one' must be >= 0, got -0.5"}}}},
    {"PointsMissing",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
)"),
     {{"course.yaml:8:9", {"exercise 'a-one' has no 'points'", "'points_per_test'"}}}},
    {"PointsAndPointsPerTestBothGiven",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points: 10
        points_per_test: 1
)"),
     {{"course.yaml:12:9", {"exercise 'a-one' gives both 'points' and 'points_per_test'; keep one"}}}},
    {"UnknownTrackExerciseSuggestsTheNearest",
     yaml(R"(
format_version: 1
title: T
tracks:
  - id: short
    title: Short
    exercises: [a-one, pe-formul, zzz]
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points: 1
      - id: pe-formula
        title: Formula
        files: [a/pe.cpp]
        points: 1
)"),
     {{"course.yaml:6:24", {"track 'short' lists unknown exercise 'pe-formul'; did you mean 'pe-formula'?"}},
     {"course.yaml:6:35", {"track 'short' lists unknown exercise 'zzz'", "defined under 'lessons'"}}}},
    {"UsesMustNameEarlierLessons",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: attention
    title: A
    folder: lessons/attention
    uses: [positional-encoding, atention]
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points: 1
  - id: positional-encoding
    title: PE
    folder: lessons/positional-encoding
    uses: [positional-encoding]
    exercises:
      - id: pe-one
        title: One
        files: [pe/one.cpp]
        points: 1
)"),
     {{"course.yaml:7:12", {"lesson 'attention' uses lesson 'positional-encoding', which comes later", "move 'positional-encoding' above 'attention'"}},
     {"course.yaml:7:33", {"lesson 'attention' uses unknown lesson 'atention'", "did you mean 'attention'?"}},
     {"course.yaml:16:12", {"lesson 'positional-encoding' lists itself in 'uses'"}}}},
    {"BadVisibilityListsTheValidValues",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        tests:
          hidden:
            files: [tests/hidden/a_test.cpp]
            visibility: after-due-date
        points: 1
)"),
     {{"course.yaml:14:25", {"unknown visibility 'after-due-date' in the hidden suite of exercise 'a-one'", "use one of visible, after_due_date, after_published, hidden", "did you mean 'after_due_date'?"}}}},
    {"SuiteFieldsAreChecked",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        tests:
          public:
            visibilty: visible
            show_details: yes
        points: 1
)"),
     {{"course.yaml:13:13", {"the public suite of exercise 'a-one' has no 'files'"}},
     {"course.yaml:13:13", {"unknown key 'visibilty'", "did you mean 'visibility'?"}},
     {"course.yaml:14:27", {"'show_details'", "must be true or false, got text 'yes'"}}}},
    {"LimitsMustBePositiveIntegers",
     yaml(R"(
format_version: 1
title: T
limits:
  call_timeout_ms: 0
  lesson_timeout_s: -3
  memory_mb: 2.5
  compile_timeout_s: soon
lessons:
  - id: a
    title: A
    folder: lessons/a
    limits: {memory_mb: 99999999999}
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points: 1
        limits: [1]
)"),
     {{"course.yaml:4:20", {"'call_timeout_ms' in the limits of the course must be a positive integer, got " "the number 0"}},
     {"course.yaml:5:21", {"'lesson_timeout_s'", "got the number -3"}},
     {"course.yaml:6:14", {"'memory_mb'", "got the number 2.5"}},
     {"course.yaml:7:22", {"'compile_timeout_s'", "got text 'soon'"}},
     {"course.yaml:12:25", {"'memory_mb' in the limits of lesson 'a' must be a positive integer", "the largest accepted is 2147483647"}},
     {"course.yaml:18:17", {"'limits' in exercise 'a-one' must be a mapping, got a list"}}}},
    {"AnswerKeyBelongsToQuizzes",
     yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points: 1
        answer_key: tests/hidden/key.yaml
      - id: a-quiz
        title: Quiz
        kind: quiz
        files: [a/answers.yaml]
        points: 1
)"),
     {{"course.yaml:12:9", {"'answer_key' in exercise 'a-one' applies only to quiz"}},
     {"course.yaml:13:9", {"exercise 'a-quiz' has no 'answer_key'"}}}},
    {"MissingFormatVersion",
     minimal_course.substr(minimal_course.find('\n') + 1),
     {{"course.yaml:1:1", {"the course has no 'format_version'", "add 'format_version: 1'"}}}},
  };
}

class CourseLoaderRejects : public testing::TestWithParam<Rejected> {};

TEST_P(CourseLoaderRejects, WithEveryErrorAtItsPlace) {
  const Rejected& c = GetParam();
  const auto e = rejection(c.text);
  EXPECT_EQ(e.diagnostics().size(), c.errors.size()) << e.what();
  for (const auto& want : c.errors) {
    bool found = false;
    for (const gc::Diagnostic& d : e.diagnostics()) {
      if (d.where.text() != want.where) continue;
      found = found || std::all_of(want.fragments.begin(), want.fragments.end(),
                                   [&](std::string_view f) { return d.message.find(f) != std::string::npos; });
    }
    EXPECT_TRUE(found) << "no error at " << want.where << " containing every one of "
                       << testing::PrintToString(want.fragments) << "; the loader reported:\n" << e.what();
  }
  for (std::string_view nowhere : c.in_no_error)
    for (const gc::Diagnostic& d : e.diagnostics()) EXPECT_EQ(d.message.find(nowhere), std::string::npos) << d.text();
}

INSTANTIATE_TEST_SUITE_P(Rejections, CourseLoaderRejects, testing::ValuesIn(rejected_courses()),
                         [](const testing::TestParamInfo<Rejected>& param_info) { return param_info.param.name; });

// ---------------------------------------------------------------- mistakes that need files or more than one load

// Student files must exist under starter/ (and solutions/ when checking hidden
// files); test files under the course root.
const std::string files_course = yaml(R"(
format_version: 1
title: T
lessons:
  - id: a
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp, a/two.cpp]
        tests:
          public: [tests/public/a/one_test.cpp]
          hidden: [tests/hidden/a/one_test.cpp]
        points: 1
)");

TEST(CourseErrors, StudentFileMissingUnderStarter) {
  TempCourse dir;
  dir.folder("lessons/a");
  for (const char* f : {"starter/a/one.cpp", "solutions/a/one.cpp", "solutions/a/two.cpp",
                        "tests/public/a/one_test.cpp", "tests/hidden/a/one_test.cpp"}) {
    dir.file(f);
  }
  const auto e = rejection(files_course, gc::LoadOptions{}, dir.root());
  EXPECT_TRUE(HasOnlyError(e, "course.yaml:10:28",
                           {"file 'a/two.cpp' listed in exercise 'a-one' does not exist under "
                            "starter/",
                            "create starter/a/two.cpp or fix the path"}));
}

TEST(CourseErrors, SolutionAndHiddenFilesAreCheckedOnlyWhenAsked) {
  TempCourse dir;
  dir.folder("lessons/a");
  for (const char* f : {"starter/a/one.cpp", "starter/a/two.cpp", "solutions/a/one.cpp",
                        "tests/public/a/one_test.cpp"}) {
    dir.file(f);
  }
  const auto e = rejection(files_course, gc::LoadOptions{}, dir.root());
  ASSERT_EQ(e.diagnostics().size(), 2u) << e.what();
  EXPECT_TRUE(HasError(e, "course.yaml:10:28", {"file 'a/two.cpp'", "does not exist under solutions/"}));
  EXPECT_TRUE(HasError(e, "course.yaml:13:20",
                       {"hidden test file 'tests/hidden/a/one_test.cpp' listed in exercise 'a-one' "
                        "does not exist under the course root"}));

  gc::LoadOptions release;
  release.check_hidden_files = false;
  EXPECT_NO_THROW(gc::load_course_from_string(files_course, "course.yaml", dir.root(), release));
}

TEST(CourseErrors, PublicTestFileAndFolderMustExist) {
  TempCourse dir;
  for (const char* f : {"starter/a/one.cpp", "starter/a/two.cpp", "lessons/a"}) dir.file(f);
  gc::LoadOptions release;
  release.check_hidden_files = false;
  const auto e = rejection(files_course, release, dir.root());
  ASSERT_EQ(e.diagnostics().size(), 2u) << e.what();
  EXPECT_TRUE(HasError(e, "course.yaml:6:13",
                       {"folder 'lessons/a' of lesson 'a' is not a folder under the course root"}));
  EXPECT_TRUE(HasError(e, "course.yaml:12:20",
                       {"public test file 'tests/public/a/one_test.cpp' listed in exercise 'a-one' "
                        "does not exist under the course root"}));
}

// Two lessons and a third that uses both; `uses` is the third lesson's list.
std::string course_using(std::string_view uses) {
  return yaml(R"(
format_version: 1
title: T
lessons:
  - id: attention
    title: A
    folder: lessons/attention
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points: 1
  - id: positional-encoding
    title: PE
    folder: lessons/positional-encoding
    exercises:
      - id: pe-one
        title: One
        files: [pe/one.cpp]
        points: 1
  - id: order
    title: O
    folder: lessons/order
)") + "    uses: " + std::string(uses) + R"(
    exercises:
      - id: o-one
        title: One
        files: [o/one.cpp]
        points: 1
)";
}

TEST(CourseUses, PlainIdsAreGradedAgainstTheReference) {
  auto course = gc::load_course_from_string(course_using("[attention, positional-encoding]"), "course.yaml",
                                            "/nonexistent-course-root", without_file_checks());
  const auto* order = course.find_lesson("order");
  ASSERT_NE(order, nullptr);
  EXPECT_EQ(order->uses, (std::vector<std::string>{"attention", "positional-encoding"}));
  EXPECT_TRUE(order->uses_student_code.empty());
}

TEST(CourseUses, ModeStudentOptsIntoTheStudentsCode) {
  auto course = gc::load_course_from_string(
      course_using("[attention, {lesson: positional-encoding, mode: student}]"), "course.yaml",
      "/nonexistent-course-root", without_file_checks());
  const auto* order = course.find_lesson("order");
  ASSERT_NE(order, nullptr);
  EXPECT_EQ(order->uses, (std::vector<std::string>{"attention", "positional-encoding"}));
  EXPECT_EQ(order->uses_student_code, (std::set<std::string>{"positional-encoding"}));
  // mode: reference is the default, written out.
  auto explicit_reference = gc::load_course_from_string(
      course_using("[{lesson: attention, mode: reference}]"), "course.yaml", "/nonexistent-course-root",
      without_file_checks());
  EXPECT_EQ(explicit_reference.find_lesson("order")->uses, (std::vector<std::string>{"attention"}));
  EXPECT_TRUE(explicit_reference.find_lesson("order")->uses_student_code.empty());
}

TEST(CourseUses, BadModesAndEntriesAreReportedWhereWritten) {
  // Line 23 holds `uses:`; columns count from the start of that line.
  const auto e = rejection(course_using("[{lesson: attention, mode: own}, {mode: student}]"));
  EXPECT_TRUE(HasError(e, "course.yaml:23:38",
                       {"'mode' of an entry of 'uses' in lesson 'order' must be 'reference'", "or 'student'",
                        "got 'own'"}));
  EXPECT_TRUE(HasError(e, "course.yaml:23:44", {"has no 'lesson'", "name the earlier lesson by its id"}));
  const auto misspelt = rejection(course_using("[{lesson: attention, modes: x}]"));
  EXPECT_TRUE(HasError(misspelt, "course.yaml:23:32", {"unknown key 'modes'", "did you mean 'mode'?"}));
  // Unknown lessons in the mapping form are found as in the plain form.
  const auto unknown = rejection(course_using("[{lesson: atention, mode: student}]"));
  EXPECT_TRUE(HasError(unknown, "course.yaml:23:21", {"uses unknown lesson 'atention'", "did you mean 'attention'?"}));
  // An entry that is neither an id nor a mapping.
  const auto nested = rejection(course_using("[[attention]]"));
  EXPECT_TRUE(HasError(nested, "course.yaml:23:12", {"must be a lesson id or a mapping"}));
}

TEST(CourseErrors, QuizAnswerKeyCheckedOnlyWithHiddenFiles) {
  const std::string quiz = yaml(R"(
format_version: 1
title: T
lessons:
  - id: q
    title: Q
    folder: lessons/q
    exercises:
      - id: q-one
        title: Quiz
        kind: quiz
        files: [q/answers.yaml]
        answer_key: tests/hidden/q/answer_key.yaml
        points: 3
)");
  TempCourse dir;
  dir.folder("lessons/q");
  dir.file("starter/q/answers.yaml");
  dir.file("solutions/q/answers.yaml");
  const auto e = rejection(quiz, gc::LoadOptions{}, dir.root());
  EXPECT_TRUE(HasOnlyError(e, "course.yaml:12:21",
                           {"answer key 'tests/hidden/q/answer_key.yaml' listed in exercise 'q-one' "
                            "does not exist under the course root"}));
  gc::LoadOptions release;
  release.check_hidden_files = false;
  EXPECT_NO_THROW(gc::load_course_from_string(quiz, "course.yaml", dir.root(), release));
}

TEST(CourseErrors, AHandoutQuizNamesItsQuestionFormsInsteadOfItsKey) {
  const std::string quiz = yaml(R"(
format_version: 1
title: T
lessons:
  - id: q
    title: Q
    folder: lessons/q
    exercises:
      - id: q-one
        title: Quiz
        kind: quiz
        files: [q/answers.yaml]
        question_forms: lessons/q/q-one.questions.yaml
        points: 3
      - id: q-code
        title: Code
        files: [q/code.cpp]
        question_forms: lessons/q/q-one.questions.yaml
        points: 1
)");
  TempCourse dir;
  dir.folder("lessons/q");
  dir.file("starter/q/answers.yaml");
  dir.file("starter/q/code.cpp");
  gc::LoadOptions release;
  release.check_hidden_files = false;
  // The forms file must exist where a student's grader reads it.
  auto e = rejection(quiz, release, dir.root());
  EXPECT_TRUE(HasError(e, "course.yaml:12:25", {"question forms file 'lessons/q/q-one.questions.yaml'"}));
  EXPECT_TRUE(HasError(e, "course.yaml:17:9", {"'question_forms' in exercise 'q-code' applies only to quiz"}));
  dir.file("lessons/q/q-one.questions.yaml");
  e = rejection(quiz, release, dir.root());
  ASSERT_EQ(e.diagnostics().size(), 1u) << e.what();
}

TEST(CourseErrors, UnsupportedFormatVersionIsTheOnlyError) {
  const auto e = rejection(yaml(R"(
format_version: 2
title: T
modules: []
)"));
  ASSERT_EQ(e.diagnostics().size(), 1u) << e.what();
  EXPECT_EQ(e.diagnostics()[0].text(),
            "course.yaml:1:17: error: unsupported format_version 2; this grader reads format_version 1");
}

TEST(CourseErrors, EmptyFileAndWrongRoot) {
  EXPECT_TRUE(HasOnlyError(rejection("# nothing yet\n"), "course.yaml:1:1",
                           {"the course file is empty", "format_version: 1"}));
  EXPECT_TRUE(HasOnlyError(rejection("- a\n- b\n"), "course.yaml:1:1",
                           {"must be a mapping of keys", "got a list"}));
}

TEST(CourseErrors, EveryProblemIsReportedInFileOrder) {
  const auto e = rejection(yaml(R"(
format_version: 1
title: T
tracks:
  - id: all
    title: All
    exercises: [missing-one]
lessons:
  - id: A
    title: A
    folder: lessons/a
    exercises:
      - id: a-one
        title: One
        files: [a/one.cpp]
        points: -1
        hint: [x]
  - id: b
    titel: B
    folder: lessons/b
    exercises:
      - id: b-one
        title: Two
        files: [b/one.cpp]
        points: 1
)"));
  ASSERT_EQ(e.diagnostics().size(), 6u) << e.what();
  EXPECT_TRUE(HasError(e, "course.yaml:6:17", {"unknown exercise 'missing-one'"}));
  EXPECT_TRUE(HasError(e, "course.yaml:8:9", {"lesson id 'A'", "for example 'a'"}));
  EXPECT_TRUE(HasError(e, "course.yaml:15:17", {"'points' in exercise 'a-one' must be >= 0, got -1"}));
  EXPECT_TRUE(HasError(e, "course.yaml:16:9", {"did you mean 'hints'?"}));
  EXPECT_TRUE(HasError(e, "course.yaml:17:5", {"lesson 'b' has no 'title'"}));
  EXPECT_TRUE(HasError(e, "course.yaml:18:5", {"unknown key 'titel' in lesson 'b'", "did you mean 'title'?"}));

  for (std::size_t i = 1; i < e.diagnostics().size(); ++i) {
    EXPECT_LE(e.diagnostics()[i - 1].where.line, e.diagnostics()[i].where.line) << e.what();
  }
  // what() carries every diagnostic, one per line, so a CLI can print it as is.
  const std::string what = e.what();
  EXPECT_EQ(std::count(what.begin(), what.end(), '\n'), 5);
  EXPECT_EQ(what.rfind("course.yaml:6:17: error: track 'all' lists unknown exercise 'missing-one'", 0), 0u)
      << what;
}

// ---------------------------------------------------------------- the model's own helpers

TEST(CourseModel, LocationAndDiagnosticText) {
  EXPECT_EQ((gc::Location{"course.yaml", 12, 5}.text()), "course.yaml:12:5");
  EXPECT_EQ((gc::Location{"course.yaml", 12, 0}.text()), "course.yaml:12");
  EXPECT_EQ((gc::Location{"dir/course.yaml", 0, 0}.text()), "dir/course.yaml");
  const gc::Diagnostic d{{"course.yaml", 3, 7}, "something is wrong; fix it"};
  EXPECT_EQ(d.text(), "course.yaml:3:7: error: something is wrong; fix it");
  const gc::CourseError error({d, gc::Diagnostic{{"course.yaml", 9, 1}, "another"}});
  EXPECT_STREQ(error.what(),
               "course.yaml:3:7: error: something is wrong; fix it\ncourse.yaml:9:1: error: another");
  EXPECT_EQ(error.diagnostics().size(), 2u);
}

TEST(CourseModel, VisibilityNames) {
  EXPECT_STREQ(gc::to_string(gc::Visibility::visible), "visible");
  EXPECT_STREQ(gc::to_string(gc::Visibility::after_due_date), "after_due_date");
  EXPECT_STREQ(gc::to_string(gc::Visibility::after_published), "after_published");
  EXPECT_STREQ(gc::to_string(gc::Visibility::hidden), "hidden");
}

TEST(CourseModel, ResolveFallsBackLevelByLevel) {
  const gc::EffectiveLimits defaults = gc::resolve({}, {}, {});
  EXPECT_EQ(defaults.call_timeout_ms, 2000);
  EXPECT_EQ(defaults.lesson_timeout_s, 120);
  EXPECT_EQ(defaults.memory_mb, 512);
  EXPECT_EQ(defaults.compile_timeout_s, 60);

  gc::Limits exercise, lesson, course;
  course.call_timeout_ms = 1;
  course.memory_mb = 2;
  course.compile_timeout_s = 3;
  lesson.call_timeout_ms = 10;
  lesson.memory_mb = 20;
  exercise.call_timeout_ms = 100;
  const gc::EffectiveLimits limits = gc::resolve(exercise, lesson, course);
  EXPECT_EQ(limits.call_timeout_ms, 100);
  EXPECT_EQ(limits.memory_mb, 20);
  EXPECT_EQ(limits.compile_timeout_s, 3);
  EXPECT_EQ(limits.lesson_timeout_s, 120);
}

TEST(EditDistance, CountsInsertionsDeletionsSubstitutionsAndSwaps) {
  EXPECT_EQ(gc::edit_distance("hint", "hints"), 1u);
  EXPECT_EQ(gc::edit_distance("points", "point"), 1u);
  EXPECT_EQ(gc::edit_distance("title", "titel"), 1u);
  EXPECT_EQ(gc::edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(gc::edit_distance("", "abc"), 3u);
  EXPECT_EQ(gc::edit_distance("same", "same"), 0u);
}

TEST(EditDistance, SuggestsOnlyCloseWords) {
  const std::vector<std::string> keys = {"id", "title", "hints", "points"};
  EXPECT_EQ(gc::closest_match("hint", keys), "hints");
  EXPECT_EQ(gc::closest_match("tilte", keys), "title");
  EXPECT_FALSE(gc::closest_match("colour", keys).has_value());
  EXPECT_FALSE(gc::closest_match("ab", keys).has_value());
}

}  // namespace
