// Reading tests/mutants/<lesson>/<name>/mutant.yaml (grader/validate/mutant_spec.hpp):
// one malformed file is one problem and the others are still read; a key,
// lesson or exercise that is misspelt is named with the nearest right one.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "grader/util/files.hpp"
#include "grader/validate/mutant_spec.hpp"

namespace gv = grader::validate;
namespace gc = grader::course;
namespace fs = std::filesystem;

namespace {

class MutantSpec : public ::testing::Test {
 protected:
  grader::util::TempDir root{"mutant-spec"};

  void write(const std::string& lesson, const std::string& name, const std::string& yaml) {
    const fs::path dir = root.path() / "tests/mutants" / lesson / name;
    fs::create_directories(dir);
    std::ofstream(dir / "mutant.yaml") << yaml;
  }

  // One lesson "vec-mean" with exercises "vec-mean-mean" and "vec-mean-sum", one "other" with "other-max".
  static gc::Course course() {
    gc::Course c;
    for (const auto& [lesson, exercises] :
         std::vector<std::pair<std::string, std::vector<std::string>>>{{"vec-mean", {"vec-mean-mean", "vec-mean-sum"}},
                                                                        {"other", {"other-max"}}}) {
      gc::Lesson l;
      l.id = lesson;
      for (const auto& id : exercises) {
        gc::Exercise e;
        e.id = id;
        l.exercises.push_back(e);
      }
      c.lessons.push_back(l);
    }
    return c;
  }

  gv::Mutant read_one(const std::string& lesson, const std::string& exercise) {
    write(lesson, "m", "kind: mutant\nexercise: " + exercise + "\nmust_fail: [A.B]\n");
    const auto discovery = gv::discover_mutants(root.path());
    EXPECT_TRUE(discovery.problems.empty());
    EXPECT_EQ(discovery.mutants.size(), 1u);
    return discovery.mutants.empty() ? gv::Mutant{} : discovery.mutants[0];
  }
};

TEST_F(MutantSpec, OneMalformedFileLeavesTheOthersRead) {
  write("vec-mean", "good", "kind: mutant\nexercise: vec-mean-mean\nmust_fail: [A.B]\n");
  write("vec-mean", "typo", "kind: mutant\nexercise: vec-mean-mean\nmust_fails: [A.B]\n");
  const auto discovery = gv::discover_mutants(root.path());
  ASSERT_EQ(discovery.mutants.size(), 1u);
  EXPECT_EQ(discovery.mutants[0].name, "good");
  ASSERT_EQ(discovery.problems.size(), 1u);
  EXPECT_EQ(discovery.problems[0].lesson, "vec-mean");
  EXPECT_EQ(discovery.problems[0].name, "typo");
  EXPECT_EQ(discovery.problems[0].problem,
            "tests/mutants/vec-mean/typo/mutant.yaml: unknown key 'must_fails'; did you mean 'must_fail'?");
}

TEST_F(MutantSpec, AKnownExerciseOfItsLessonIsNoProblem) {
  EXPECT_EQ(gv::mutant_course_problem(course(), read_one("vec-mean", "vec-mean-sum")), "");
}

TEST_F(MutantSpec, AnUnknownExerciseIsNamedWithTheNearestOne) {
  const auto problem = gv::mutant_course_problem(course(), read_one("vec-mean", "vec-mean-man"));
  EXPECT_NE(problem.find("exercise 'vec-mean-man' is not an exercise of lesson 'vec-mean'; did you mean 'vec-mean-mean'?"),
            std::string::npos)
      << problem;
}

TEST_F(MutantSpec, AnExerciseFarFromAnyIsShownTheLessonsExercises) {
  const auto problem = gv::mutant_course_problem(course(), read_one("vec-mean", "no-such-exercise"));
  EXPECT_NE(problem.find("'no-such-exercise' is not an exercise of lesson 'vec-mean'; its exercises are: vec-mean-mean vec-mean-sum"),
            std::string::npos)
      << problem;
}

TEST_F(MutantSpec, AnExerciseOfAnotherLessonSaysWhereTheMutantBelongs) {
  const auto problem = gv::mutant_course_problem(course(), read_one("vec-mean", "other-max"));
  EXPECT_NE(problem.find("move the mutant to tests/mutants/other/"), std::string::npos) << problem;
}

TEST_F(MutantSpec, AFolderOfNoLessonIsNamedWithTheNearestLesson) {
  const auto problem = gv::mutant_course_problem(course(), read_one("vec-maen", "vec-mean-mean"));
  EXPECT_NE(problem.find("names lesson 'vec-maen', which course.yaml has not; did you mean 'vec-mean'?"), std::string::npos)
      << problem;
}

}  // namespace
