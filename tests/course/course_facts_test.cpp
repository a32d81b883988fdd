// The course facts the build reads from course.yaml (cmake/course_facts.cpp,
// cmake/CourseFacts.cmake): for the real course they are what the grader's
// own loader reads and what the toolchain manifest was built from; a
// course.yaml the build cannot read stops the configure with FILE:LINE:COLUMN
// and what to do.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "grader/course/loader.hpp"

namespace {

namespace fs = std::filesystem;
using Facts = std::map<std::string, std::vector<std::string>>;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_text(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// The fragment's `set(NAME "value" ...)` lines, one per line, as written by
// course_facts.cpp (quoted values with \-escapes).
Facts parse_fragment(const std::string& text) {
  Facts facts;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("set(", 0) != 0) continue;
    std::size_t i = 4;
    std::string name;
    while (i < line.size() && line[i] != ' ' && line[i] != ')') name += line[i++];
    std::vector<std::string> values;
    while (i < line.size() && line[i] != ')') {
      if (line[i] != '"') {
        ++i;
        continue;
      }
      std::string value;
      for (++i; i < line.size() && line[i] != '"'; ++i) {
        if (line[i] == '\\' && i + 1 < line.size()) {
          ++i;
          value += line[i] == 'n' ? '\n' : line[i];
        } else {
          value += line[i];
        }
      }
      ++i;
      values.push_back(value);
    }
    facts[name] = values;
  }
  return facts;
}

std::string cmake_name(std::string id) {
  std::replace(id.begin(), id.end(), '-', '_');
  return id;
}

struct Outcome {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs a shell command line (paths below are temporary folders of this test).
Outcome run_command(const std::string& command, const fs::path& dir) {
  const fs::path out = dir / "stdout.txt";
  const fs::path err = dir / "stderr.txt";
  const int status = std::system((command + " >'" + out.string() + "' 2>'" + err.string() + "'").c_str());
  Outcome r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_text(out);
  r.err = read_text(err);
  return r;
}

class CourseFactsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("course-facts-test-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The facts program on `yaml`: its result and, when it succeeded, the facts.
  Outcome facts_of(const std::string& yaml, Facts& facts) {
    write_text(dir_ / "course.yaml", yaml);
    Outcome r = run_command(std::string("'") + COURSE_FACTS_PROGRAM + "' '" + (dir_ / "course.yaml").string() + "' '" +
                    (dir_ / "facts.cmake").string() + "'",
                dir_);
    if (r.exit_code == 0) facts = parse_fragment(read_text(dir_ / "facts.cmake"));
    return r;
  }

  // Expects the facts program to refuse `yaml` with `expected` (a whole
  // "LINE:COLUMN: error: ..." prefix) among its messages, and to write nothing.
  void expect_refused(const std::string& yaml, const std::string& expected) {
    Facts facts;
    const Outcome r = facts_of(yaml, facts);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find((dir_ / "course.yaml").string() + ":" + expected), std::string::npos)
        << "expected " << expected << "\ngot: " << r.err;
    EXPECT_FALSE(fs::exists(dir_ / "facts.cmake"));
  }

  fs::path dir_;
};

// Two code lessons, the second using the first, and a quiz lesson.
const char* kGoodCourse = R"(format_version: 1
title: Tiny
lessons:
  - id: first
    title: First
    folder: lessons/first
    exercises:
      - id: one
        title: One
        files: [first/one.cpp, first/shared.cpp]
        points: 1
      - id: two
        title: Two
        files: [first/shared.cpp, first/two.cpp]
        points: 1
  - id: second
    title: Second
    folder: lessons/second
    uses: [first]
    exercises:
      - id: three
        title: Three
        files: [second/three.cpp]
        points: 1
  - id: third
    title: Third
    folder: lessons/third
    uses: [{lesson: first, mode: student}, {lesson: second}]
    exercises:
      - id: four
        title: Four
        files: [third/four.cpp]
        points: 1
  - id: quiz-only
    title: A quiz
    folder: lessons/quiz-only
    exercises:
      - id: review
        title: Review
        kind: quiz
        files: [quiz-only/answers.yaml]
        answer_key: tests/hidden/quiz-only/key.yaml
        points: 1
pictures:
  - name: one
    title: A picture
    lesson: second
    program: draw-second
    calls: [three]
)";

TEST_F(CourseFactsTest, RealCourseFactsAreWhatTheLoaderReadsAndWhatTheBuildUsed) {
  namespace course = grader::course;
  const course::Course real = course::load_course(fs::path(COURSE_SOURCE_DIR) / "course.yaml");
  const Facts facts = parse_fragment(read_text(COURSE_FACTS_FILE));
  ASSERT_FALSE(facts.empty()) << COURSE_FACTS_FILE;

  std::vector<std::string> code, quiz;
  for (const auto& lesson : real.lessons) {
    const bool has_code = std::any_of(lesson.exercises.begin(), lesson.exercises.end(),
                                      [](const course::Exercise& e) { return e.kind == course::ExerciseKind::code; });
    (has_code ? code : quiz).push_back(lesson.id);
    const std::string prefix = "COURSE_LESSON_" + cmake_name(lesson.id);
    SCOPED_TRACE(lesson.id);
    EXPECT_EQ(facts.at(prefix + "_ID"), std::vector<std::string>{lesson.id});
    EXPECT_EQ(facts.at(prefix + "_USES"), lesson.uses);
    const std::vector<std::string> student(lesson.uses_student_code.begin(), lesson.uses_student_code.end());
    std::vector<std::string> got_student = facts.at(prefix + "_USES_STUDENT_CODE");
    std::sort(got_student.begin(), got_student.end());
    EXPECT_EQ(got_student, student);
    std::vector<std::string> files;
    for (const auto& e : lesson.exercises)
      if (e.kind == course::ExerciseKind::code)
        for (const auto& f : e.files)
          if (std::find(files.begin(), files.end(), f) == files.end()) files.push_back(f);
    EXPECT_EQ(facts.at(prefix + "_STUDENT_FILES"), files);
  }
  EXPECT_EQ(facts.at("COURSE_CODE_LESSONS"), code);
  EXPECT_EQ(facts.at("COURSE_QUIZ_LESSONS"), quiz);
  EXPECT_FALSE(quiz.empty()) << "the course's review quiz is a lesson with no code";

  std::set<std::string> programs;
  for (const auto& picture : real.pictures) {
    programs.insert(picture.program);
    EXPECT_EQ(facts.at("COURSE_PROGRAM_" + cmake_name(picture.program) + "_LESSON"),
              std::vector<std::string>{picture.lesson});
  }
  const auto& listed = facts.at("COURSE_PICTURE_PROGRAMS");
  EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()), programs);

  // The toolchain manifest the build wrote: one entry per code lesson, in
  // course order, serving the uses not written with mode: student.
  const auto manifest = nlohmann::ordered_json::parse(read_text(COURSE_TOOLCHAIN_MANIFEST));
  std::vector<std::string> built;
  for (const auto& [id, entry] : manifest.at("lessons").items()) built.push_back(id);
  EXPECT_EQ(built, code);
  for (const auto& lesson : real.lessons) {
    if (!manifest.at("lessons").contains(lesson.id)) continue;
    const auto served = manifest["lessons"][lesson.id].value("callback_lessons", std::vector<std::string>{});
    for (const auto& used : lesson.uses) {
      const bool stubs = manifest["lessons"].contains(used) && manifest["lessons"][used].contains("use_stubs");
      const bool is_served = std::find(served.begin(), served.end(), used) != served.end();
      EXPECT_EQ(is_served, stubs && !lesson.uses_student_code.count(used)) << lesson.id << " uses " << used;
    }
    for (const auto& s : served)
      EXPECT_NE(std::find(lesson.uses.begin(), lesson.uses.end(), s), lesson.uses.end()) << lesson.id << ": " << s;
  }
  std::set<std::string> manifest_programs;
  for (const auto& [name, path] : manifest.at("programs").items()) manifest_programs.insert(name);
  EXPECT_EQ(manifest_programs, programs);
}

TEST_F(CourseFactsTest, CodeLessonsUsesModesFilesAndPictureLessons) {
  Facts facts;
  const Outcome r = facts_of(kGoodCourse, facts);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(facts["COURSE_CODE_LESSONS"], (std::vector<std::string>{"first", "second", "third"}));
  EXPECT_EQ(facts["COURSE_QUIZ_LESSONS"], std::vector<std::string>{"quiz-only"});
  EXPECT_EQ(facts["COURSE_LESSON_first_USES"], std::vector<std::string>{});
  EXPECT_EQ(facts["COURSE_LESSON_second_USES"], std::vector<std::string>{"first"});
  EXPECT_EQ(facts["COURSE_LESSON_second_USES_STUDENT_CODE"], std::vector<std::string>{});
  EXPECT_EQ(facts["COURSE_LESSON_third_USES"], (std::vector<std::string>{"first", "second"}));
  EXPECT_EQ(facts["COURSE_LESSON_third_USES_STUDENT_CODE"], std::vector<std::string>{"first"});
  EXPECT_EQ(facts["COURSE_LESSON_first_STUDENT_FILES"],
            (std::vector<std::string>{"first/one.cpp", "first/shared.cpp", "first/two.cpp"}));
  EXPECT_EQ(facts["COURSE_LESSON_quiz_only_STUDENT_FILES"], std::vector<std::string>{});
  EXPECT_EQ(facts["COURSE_LESSON_quiz_only_ID"], std::vector<std::string>{"quiz-only"});
  EXPECT_EQ(facts["COURSE_LESSON_third_WHERE"], std::vector<std::string>{(dir_ / "course.yaml").string() + ":25:5"});
  EXPECT_EQ(facts["COURSE_PICTURE_PROGRAMS"], std::vector<std::string>{"draw-second"});
  EXPECT_EQ(facts["COURSE_PROGRAM_draw_second_LESSON"], std::vector<std::string>{"second"});
}

TEST_F(CourseFactsTest, FileNamesThatCMakeWouldSplitOrExpandStayOneValue) {
  std::string yaml = kGoodCourse;
  const std::string plain = "first/two.cpp";
  yaml.replace(yaml.find(plain), plain.size(), "\"first/a;b ${X} \\\"q\\\".cpp\"");
  Facts facts;
  const Outcome r = facts_of(yaml, facts);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(facts["COURSE_LESSON_first_STUDENT_FILES"],
            (std::vector<std::string>{"first/one.cpp", "first/shared.cpp", "first/a;b ${X} \"q\".cpp"}));
}

TEST_F(CourseFactsTest, YamlSyntaxErrorNamesItsLine) {
  std::string yaml = kGoodCourse;
  yaml.replace(yaml.find("    uses: [first]"), 17, "    uses: [first");
  expect_refused(yaml, "20:");
  Facts facts;
  EXPECT_NE(facts_of(yaml, facts).err.find("error: YAML syntax error:"), std::string::npos);

  // A key indented one space short.
  expect_refused("format_version: 1\nlessons:\n  - id: a\n    title: A\n   folder: x\n",
                 "5:4: error: YAML syntax error: end of sequence not found; check the indentation");
}

TEST_F(CourseFactsTest, UnknownUsedLessonSuggestsTheNearestId) {
  std::string yaml = kGoodCourse;
  yaml.replace(yaml.find("    uses: [first]"), 17, "    uses: [frist]");
  expect_refused(yaml, "19:12: error: lesson 'second' uses unknown lesson 'frist'; did you mean 'first'?");
  yaml = kGoodCourse;
  yaml.replace(yaml.find("{lesson: second}"), 16, "{lesson: nothing-like-it}");
  expect_refused(yaml, "28:53: error: lesson 'third' uses unknown lesson 'nothing-like-it'; 'uses' names");
}

TEST_F(CourseFactsTest, UseOfALaterLessonOrOfItselfIsRefused) {
  std::string yaml = kGoodCourse;
  yaml.replace(yaml.find("    uses: [first]"), 17, "    uses: [third]");
  expect_refused(yaml, "19:12: error: lesson 'second' uses lesson 'third', which comes later in the lesson list; "
                       "a lesson may use only earlier lessons: move 'third' above 'second'");
  yaml = kGoodCourse;
  yaml.replace(yaml.find("    uses: [first]"), 17, "    uses: [second]");
  expect_refused(yaml, "19:12: error: lesson 'second' lists itself in 'uses'; remove it");
  yaml = kGoodCourse;
  yaml.replace(yaml.find("    uses: [first]"), 17, "    uses: [first, first]");
  expect_refused(yaml, "19:19: error: lesson 'second' lists 'first' twice in 'uses'; keep one");
}

TEST_F(CourseFactsTest, DuplicateLessonIdNamesTheFirst) {
  std::string yaml = kGoodCourse;
  yaml.replace(yaml.find("  - id: second"), 14, "  - id: first");
  expect_refused(yaml, "16:9: error: duplicate lesson id 'first': it is already used at " +
                           (dir_ / "course.yaml").string() + ":4:9; give each lesson its own id");
}

TEST_F(CourseFactsTest, OtherShapesTheBuildCannotReadAreRefused) {
  std::string yaml = kGoodCourse;
  yaml.replace(yaml.find("mode: student"), 13, "mode: own");
  expect_refused(yaml, "28:34: error: 'mode' of an entry of 'uses' in lesson 'third' must be 'reference'");
  yaml = kGoodCourse;
  yaml.replace(yaml.find("  - id: second"), 14, "  - id: Second_Lesson");
  expect_refused(yaml, "16:9: error: lesson id 'Second_Lesson' may contain only lowercase letters");
  yaml = kGoodCourse;
  yaml.replace(yaml.find("    lesson: second"), 18, "    lesson: secnd");
  expect_refused(yaml, "47:13: error: picture 'one' names unknown lesson 'secnd'");
  expect_refused("format_version: 1\ntitle: No lessons\n", "1:1: error: the course has no 'lessons'");
  expect_refused("format_version: 1\nlessons:\n  - title: No id\n    exercises: []\n",
                 "3:5: error: lesson #1 has no 'id'");
}

// The configure step itself: course_run_facts() in script mode stops with a
// CMake error that carries the problems and says what to do.
TEST_F(CourseFactsTest, ConfigureStopsWithTheNamedProblem) {
  std::string yaml = kGoodCourse;
  yaml.replace(yaml.find("    uses: [first]"), 17, "    uses: [third]");
  write_text(dir_ / "course.yaml", yaml);
  write_text(dir_ / "configure.cmake", std::string("include(\"") + COURSE_SOURCE_DIR +
                                           "/cmake/CourseFacts.cmake\")\ncourse_run_facts(\"" +
                                           (dir_ / "course.yaml").string() + "\" \"" + COURSE_FACTS_PROGRAM +
                                           "\" \"" + (dir_ / "out/facts.cmake").string() + "\")\n");
  Outcome r = run_command(std::string("'") + COURSE_CMAKE_COMMAND + "' -P '" + (dir_ / "configure.cmake").string() + "'", dir_);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("CMake Error"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("The build cannot read course.yaml"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find((dir_ / "course.yaml").string() + ":19:12: error: lesson 'second' uses lesson 'third'"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("configure again"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "out/facts.cmake"));

  write_text(dir_ / "course.yaml", kGoodCourse);
  r = run_command(std::string("'") + COURSE_CMAKE_COMMAND + "' -P '" + (dir_ / "configure.cmake").string() + "'", dir_);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(parse_fragment(read_text(dir_ / "out/facts.cmake"))["COURSE_CODE_LESSONS"],
            (std::vector<std::string>{"first", "second", "third"}));
}

}  // namespace
