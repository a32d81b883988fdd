// The typed model of course.yaml. The loader (loader.hpp) fills it and checks
// it; everything else in the grader reads only this.
#pragma once

#include <filesystem>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace grader::course {

/// Where something was written in course.yaml (1-based line and column).
struct Location {
  std::string file;
  int line = 0;
  int column = 0;
  std::string text() const;  ///< "course.yaml:12:5"
};

/// Resource limits; any field left unset inherits from the enclosing level
/// (exercise -> lesson -> course -> built-in defaults).
struct Limits {
  std::optional<int> call_timeout_ms;   ///< wall time of one call into student code
  std::optional<int> lesson_timeout_s;  ///< wall time of a whole lesson's suite run
  std::optional<int> memory_mb;         ///< address space of the worker
  std::optional<int> compile_timeout_s; ///< CPU time of compiling one student file (wall: 4x, BuildLimits)
};

/// Limits with every field resolved.
struct EffectiveLimits {
  int call_timeout_ms = 2000;
  int lesson_timeout_s = 120;
  int memory_mb = 512;
  int compile_timeout_s = 60;
};
EffectiveLimits resolve(const Limits& exercise, const Limits& lesson, const Limits& course);

/// Gradescope's visibility values, used for the suite's tests in results.json.
enum class Visibility { visible, after_due_date, after_published, hidden };
const char* to_string(Visibility v);

/// One test suite of an exercise (its public or its hidden tests).
struct Suite {
  std::vector<std::string> files;  ///< test sources, relative to the course root
  Visibility visibility = Visibility::visible;
  /// When false, student-facing reports show only the test's name and
  /// pass/fail, plus `message` (never the failure details, which may reveal
  /// inputs or expected values). Hidden suites default to false.
  bool show_details = true;
  std::string message;  ///< shown instead of details when show_details is false
  Location where;
};

enum class ExerciseKind { code, quiz };

struct Exercise {
  std::string id;
  std::string title;
  ExerciseKind kind = ExerciseKind::code;
  /// Student files, relative to a workspace (starter/, solutions/ or a
  /// submission), e.g. "vectors/dot.cpp".
  std::vector<std::string> files;
  Suite public_tests;
  Suite hidden_tests;
  /// Exactly one of these is set: the exercise's total, split evenly over its
  /// tests, or a fixed amount per test.
  std::optional<double> points;
  std::optional<double> points_per_test;
  std::vector<std::string> hints;
  Limits limits;
  /// quiz only: answer key (relative to the course root; hidden, never released).
  std::string answer_key;
  /// quiz only: each question's type and choices without the answers
  /// (relative to the course root). `grader release` writes it into the
  /// handout in place of the key, so a student's `check` knows what form
  /// each answer takes. A quiz names at least one of the two.
  std::string question_forms;
  /// Exercises of the same lesson whose functions this exercise's code calls
  /// (encoder-stack calls encoder-layer's `encoder_layer`). In `grade` its
  /// tests run against their reference behaviour, served from the trusted
  /// side, unless the exercise is in uses_student_code; in `check` the
  /// student's own files are used (docs/course-yaml.md, "Exercises of the
  /// same lesson").
  std::vector<std::string> uses;
  /// Exercises of `uses` written with `mode: student`.
  std::set<std::string> uses_student_code;
  Location where;
};

struct Lesson {
  std::string id;
  std::string title;
  std::string folder;             ///< relative to the course root, e.g. "lessons/vectors"
  /// Earlier lessons whose functions this lesson's code calls. In `check` (and
  /// wherever there are no references) the worker compiles their student
  /// files too; in `grade` it calls their reference behaviour from the
  /// trusted side, unless the lesson is in uses_student_code.
  std::vector<std::string> uses;
  /// Lessons of `uses` written with `mode: student`: graded with the
  /// student's own files in `grade` as well.
  std::set<std::string> uses_student_code;
  std::vector<Exercise> exercises;
  Limits limits;
  Location where;
};

/// A named subset of exercises (e.g. a 60-90 minute selection).
struct Track {
  std::string id;
  std::string title;
  std::string description;
  std::vector<std::string> exercises;  ///< exercise ids
  Location where;
};

/// One option of a picture, given as `--NAME VALUE` to `grader picture`.
struct PictureOption {
  enum class Type { integer, number, text, choice };
  std::string name;           ///< lowercase with hyphens, e.g. "seq-len"
  Type type = Type::integer;
  std::string default_value;  ///< as written in course.yaml; valid for the type and the range
  std::optional<double> min;  ///< integer and number: inclusive bounds
  std::optional<double> max;
  std::vector<std::string> choices;  ///< choice: the values allowed
  std::string help;
  Location where;
};
const char* to_string(PictureOption::Type type);

/// A picture of a student's own code: a course-owned program that draws it
/// from the student's functions, called through the lesson's worker
/// (`grader picture NAME`).
struct Picture {
  std::string name;    ///< e.g. "encoding"
  std::string title;
  std::string lesson;  ///< whose worker (built from the workspace) the program calls
  std::string program; ///< the course program's name in the toolchain manifest
  std::vector<std::string> calls;  ///< the student functions it calls, for messages
  std::vector<PictureOption> options;
  /// What a correct picture looks like, for the student to compare with
  /// (e.g. a section of the lesson's README); may be empty.
  std::string compare;
  Location where;

  const PictureOption* find_option(std::string_view name) const;
};

struct Course {
  int format_version = 1;
  std::string title;
  std::string version;  ///< the course's own version, recorded with every grade
  std::string welcome;
  std::string closing;
  Limits limits;
  std::vector<Lesson> lessons;
  std::vector<Track> tracks;
  std::vector<Picture> pictures;
  std::filesystem::path root;  ///< folder holding course.yaml

  const Lesson* find_lesson(std::string_view id) const;
  /// The exercise with this id and its lesson, or {nullptr, nullptr}.
  std::pair<const Lesson*, const Exercise*> find_exercise(std::string_view id) const;
  const Track* find_track(std::string_view id) const;
  const Picture* find_picture(std::string_view name) const;
};

/// One problem found in course.yaml.
struct Diagnostic {
  Location where;
  std::string message;  ///< what is wrong and what to do
  std::string text() const;  ///< "course.yaml:12:5: error: <message>"
};

/// Thrown by the loader with every problem it found (not just the first).
class CourseError : public std::runtime_error {
 public:
  explicit CourseError(std::vector<Diagnostic> diagnostics);
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

 private:
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace grader::course
