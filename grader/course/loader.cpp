#include "grader/course/loader.hpp"
#include "grader/course/yaml_documents.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "grader/course/edit_distance.hpp"
#include "grader/course/ids.hpp"
#include "grader/course/picture_reader.hpp"
#include "grader/course/yaml_reader.hpp"

namespace grader::course {

namespace {

namespace fs = std::filesystem;
using yaml::Fields;
using yaml::Problems;
using yaml::Text;

constexpr int supported_format_version = 1;

constexpr std::array<std::string_view, 9> course_keys = {
    "format_version", "title", "version", "welcome", "closing", "limits", "tracks", "lessons", "pictures"};
constexpr std::array<std::string_view, 6> lesson_keys = {"id",   "title",  "folder",
                                                         "uses", "limits", "exercises"};
constexpr std::array<std::string_view, 12> exercise_keys = {
    "id", "title", "kind", "files", "tests", "points", "points_per_test", "hints", "limits",
    "answer_key", "question_forms", "uses"};
constexpr std::array<std::string_view, 2> tests_keys = {"public", "hidden"};
constexpr std::array<std::string_view, 4> suite_keys = {"files", "visibility", "show_details",
                                                        "message"};
constexpr std::array<std::string_view, 4> limits_keys = {"call_timeout_ms", "lesson_timeout_s",
                                                         "memory_mb", "compile_timeout_s"};
constexpr std::array<std::string_view, 4> track_keys = {"id", "title", "description",
                                                        "exercises"};
constexpr std::array<std::string_view, 4> visibility_names = {"visible", "after_due_date",
                                                              "after_published", "hidden"};
constexpr std::array<Visibility, 4> visibility_values = {
    Visibility::visible, Visibility::after_due_date, Visibility::after_published,
    Visibility::hidden};

constexpr std::string_view hidden_default_message = "Hidden test: details are not shown.";
constexpr std::string_view public_default_message = "Details of this test are not shown.";

std::string ordinal_name(std::string_view what, std::size_t index) {
  return fmt::format("{} #{}", what, index + 1);
}

/// Where the parts of a submission or of the course live, for file checks.
enum class Base { workspace, course_root };

class CourseReader {
 public:
  CourseReader(Problems& problems, fs::path root, const LoadOptions& options)
      : problems_(problems), root_(std::move(root)), options_(options) {}

  Course read(const YAML::Node& document);

 private:
  struct LessonUses {
    std::string lesson;
    std::vector<Text> uses;
  };
  /// An exercise's `uses`: exercises of its own lesson.
  struct ExerciseUses {
    std::string lesson;
    std::string exercise;
    std::vector<Text> uses;
  };
  struct Seen {
    std::string owner;
    Location where;
  };

  Limits read_limits(const Fields& parent, const std::string& owner_phrase);
  Lesson read_lesson(const YAML::Node& node, std::size_t index);
  Exercise read_exercise(const YAML::Node& node, const std::string& lesson_name,
                         std::size_t index);
  Suite read_suite(const Fields& tests, std::string_view which, const Exercise& exercise);
  Track read_track(const YAML::Node& node, std::size_t index);
  void check_uses(const Course& course);
  /// `uses`: lesson ids, or mappings {lesson: ID, mode: reference|student}.
  /// The words a `uses` list's messages name its entries with.
  struct UsesWords {
    const char* list;          ///< what the list must be: "a list of earlier lessons"
    const char* id_noun;       ///< "a lesson id"
    const char* key;           ///< the mapping's key: "lesson"
    const char* example;       ///< an id to show: "vectors"
    const char* named;         ///< "the earlier lesson"
    const char* reference_of;  ///< whose reference behaviour mode reference grades against
    const char* student_own;   ///< what of the student's own mode student grades with
  };
  /// A `uses` list: each entry an id or {<key>: id, mode: reference|student},
  /// the ids as written (nothing when the list is absent or not a list); the
  /// ids in mode student go to `student_code`.
  std::optional<std::vector<Text>> read_uses_list(const Fields& owner_fields, const UsesWords& words,
                                                  std::set<std::string>& student_code);
  std::optional<std::vector<Text>> read_uses(const Fields& lesson_fields, Lesson& lesson);
  /// An exercise's `uses`: exercise ids, or mappings {exercise: ID, mode: reference|student}.
  void read_exercise_uses(const Fields& exercise_fields, Exercise& exercise);
  /// Each exercise's `uses` names another code exercise of its own lesson,
  /// once, that shares no file with it.
  void check_exercise_uses(const Course& course);

  /// Checks the id's spelling and that `seen` has no other holder of it.
  void check_id(const Text& id, std::string_view what, std::map<std::string, Location>& seen);
  /// False (with a problem reported) for paths that could leave their folder.
  bool check_relative_path(const Text& path, std::string_view what, const std::string& owner,
                           Base base);
  void check_exists(const Text& path, std::string_view what, const std::string& owner,
                    const fs::path& folder, std::string_view folder_name);

  Problems& problems_;
  fs::path root_;
  LoadOptions options_;
  std::map<std::string, Location> lesson_ids_;
  std::map<std::string, Location> exercise_ids_;
  std::map<std::string, Location> track_ids_;
  std::map<std::string, Seen> test_files_;
  std::vector<LessonUses> uses_;
  std::vector<ExerciseUses> exercise_uses_;
  std::string lesson_being_read_;
};

void CourseReader::check_id(const Text& id, std::string_view what,
                            std::map<std::string, Location>& seen) {
  if (!is_valid_id(id.value)) {
    std::string message =
        fmt::format("{} id '{}' may contain only {}", what, id.value, id_rule);
    const std::string suggestion = id_like(id.value);
    if (is_valid_id(suggestion)) message += fmt::format("; for example '{}'", suggestion);
    problems_.add(id.where, std::move(message));
  }
  auto [it, inserted] = seen.emplace(id.value, id.where);
  if (!inserted) {
    problems_.add(id.where,
                  fmt::format("duplicate {} id '{}': it is already used at {}; give each {} "
                              "its own id",
                              what, id.value, it->second.text(), what));
  }
}

bool CourseReader::check_relative_path(const Text& path, std::string_view what,
                                       const std::string& owner, Base base) {
  const std::string_view from =
      base == Base::workspace ? "the workspace (as under starter/)" : "the course root";
  const fs::path p(path.value);
  if (path.value.empty()) {
    problems_.add(path.where, fmt::format("empty {} name in {}; give a path relative to {}", what,
                                          owner, from));
    return false;
  }
  if (path.value.find('\\') != std::string::npos) {
    problems_.add(path.where, fmt::format("{} '{}' in {} uses '\\'; separate folders with '/'",
                                          what, path.value, owner));
    return false;
  }
  if (p.is_absolute() || path.value.front() == '/') {
    problems_.add(path.where, fmt::format("{} '{}' in {} is an absolute path; write it relative "
                                          "to {}",
                                          what, path.value, owner, from));
    return false;
  }
  for (const fs::path& part : p) {
    if (part == "..") {
      problems_.add(path.where, fmt::format("{} '{}' in {} contains '..'; write it relative to {} "
                                            "without leaving it",
                                            what, path.value, owner, from));
      return false;
    }
  }
  return true;
}

void CourseReader::check_exists(const Text& path, std::string_view what,
                                const std::string& owner, const fs::path& folder,
                                std::string_view folder_name) {
  std::error_code ec;
  const fs::path full = folder / path.value;
  const std::string shown = fmt::format("{}{}", folder_name, path.value);
  if (!fs::exists(full, ec)) {
    problems_.add(path.where,
                  fmt::format("{} '{}' listed in {} does not exist under {}; create {} or fix "
                              "the path",
                              what, path.value, owner,
                              folder_name.empty() ? "the course root" : folder_name, shown));
  } else if (!fs::is_regular_file(full, ec)) {
    problems_.add(path.where, fmt::format("{} '{}' listed in {} is not a regular file ({}); name "
                                          "a file",
                                          what, path.value, owner, shown));
  }
}

Limits CourseReader::read_limits(const Fields& parent, const std::string& owner_phrase) {
  Limits limits;
  const YAML::Node* node = parent.value("limits");
  if (!node) return limits;
  if (!node->IsMap()) {
    parent.wrong_type("limits", "a mapping",
                      "write e.g. limits: {call_timeout_ms: 2000, memory_mb: 512}");
    return limits;
  }
  Fields f(*node, problems_, "the limits of " + owner_phrase);
  f.check_keys(limits_keys);
  limits.call_timeout_ms = f.positive_integer("call_timeout_ms");
  limits.lesson_timeout_s = f.positive_integer("lesson_timeout_s");
  limits.memory_mb = f.positive_integer("memory_mb");
  limits.compile_timeout_s = f.positive_integer("compile_timeout_s");
  return limits;
}

Suite CourseReader::read_suite(const Fields& tests, std::string_view which,
                               const Exercise& exercise) {
  const bool hidden = which == "hidden";
  const std::string exercise_name = fmt::format("exercise '{}'", exercise.id);
  Suite suite;
  suite.show_details = !hidden;
  suite.where = tests.where();
  const YAML::Node* node = tests.value(which);
  std::optional<std::vector<Text>> files;
  if (node && node->IsSequence()) {
    suite.where = tests.value_location(which);
    files = tests.text_list(which);
  } else if (node && node->IsMap()) {
    suite.where = tests.value_location(which);
    Fields f(*node, problems_, fmt::format("the {} suite of {}", which, exercise_name));
    f.check_keys(suite_keys);
    f.require("files", "list its test sources, or write files: [] for none yet");
    files = f.text_list("files");
    if (auto v = f.text("visibility")) {
      auto found = std::find(visibility_names.begin(), visibility_names.end(), v->value);
      if (found == visibility_names.end()) {
        std::string message = fmt::format("unknown visibility '{}' in {}; use one of {}",
                                          v->value, f.owner(), fmt::join(visibility_names, ", "));
        if (auto near = closest_match(v->value, visibility_names)) {
          message += fmt::format(" (did you mean '{}'?)", *near);
        }
        problems_.add(v->where, std::move(message));
      } else {
        suite.visibility = visibility_values[static_cast<std::size_t>(found - visibility_names.begin())];
      }
    }
    if (auto show = f.boolean("show_details")) suite.show_details = *show;
    if (auto message = f.text("message")) suite.message = message->value;
  } else if (node) {
    tests.wrong_type(which, "a list of test files or a mapping with files, visibility, "
                            "show_details and message");
  }
  if (suite.message.empty() && !suite.show_details) {
    suite.message = hidden ? hidden_default_message : public_default_message;
  }
  if (!files) return suite;

  const bool must_exist = hidden ? options_.check_hidden_files : options_.check_files;
  const std::string what = fmt::format("{} test file", which);
  for (const Text& file : *files) {
    if (!check_relative_path(file, what, exercise_name, Base::course_root)) continue;
    auto [it, inserted] = test_files_.emplace(file.value, Seen{exercise_name, file.where});
    if (!inserted) {
      // Results are credited to exercises by test source file, so sharing one is ambiguous.
      problems_.add(file.where,
                    fmt::format("test file '{}' is listed in {} and already in {} (at {}); a "
                                "test file belongs to exactly one exercise",
                                file.value, exercise_name, it->second.owner,
                                it->second.where.text()));
      continue;
    }
    if (must_exist) check_exists(file, what, exercise_name, root_, "");
    suite.files.push_back(file.value);
  }
  return suite;
}

Exercise CourseReader::read_exercise(const YAML::Node& node, const std::string& lesson_name,
                                     std::size_t index) {
  Exercise ex;
  const std::string position = fmt::format("{} of {}", ordinal_name("exercise", index), lesson_name);
  ex.where = problems_.at(node);
  if (!node.IsMap()) {
    problems_.add(ex.where, fmt::format("{} must be a mapping with id, title, files, tests and "
                                        "points, got {}",
                                        position, yaml::describe(node)));
    return ex;
  }
  Fields f(node, problems_, position);
  if (auto id = f.text("id")) {
    ex.id = id->value;
    check_id(*id, "exercise", exercise_ids_);
    f.set_owner(fmt::format("exercise '{}'", ex.id));
  } else {
    f.require("id", fmt::format("give it a unique id of {}, e.g. 'pe-formula'", id_rule));
  }
  const std::string& name = f.owner();
  f.check_keys(exercise_keys);

  f.require("title", "give it a short title students will see");
  if (auto title = f.text("title")) ex.title = title->value;

  if (auto kind = f.text("kind")) {
    if (kind->value == "code") {
      ex.kind = ExerciseKind::code;
    } else if (kind->value == "quiz") {
      ex.kind = ExerciseKind::quiz;
    } else {
      problems_.add(kind->where, fmt::format("unknown kind '{}' in {}; use 'code' (the default) "
                                             "or 'quiz'",
                                             kind->value, name));
    }
  }
  const bool quiz = ex.kind == ExerciseKind::quiz;
  const std::string files_advice =
      quiz ? "list its answer file(s), e.g. quiz/answers.yaml"
           : "list the student files it owns";

  if (f.require("files", files_advice)) {
    if (auto files = f.text_list("files")) {
      if (files->empty()) {
        problems_.add(f.value_location("files"),
                      fmt::format("{} lists no 'files'; {}", name, files_advice));
      }
      for (const Text& file : *files) {
        if (!check_relative_path(file, "file", name, Base::workspace)) continue;
        if (std::find(ex.files.begin(), ex.files.end(), file.value) != ex.files.end()) {
          problems_.add(file.where,
                        fmt::format("file '{}' is listed twice in {}; keep one", file.value, name));
          continue;
        }
        if (options_.check_files) check_exists(file, "file", name, root_ / "starter", "starter/");
        if (options_.check_hidden_files) {
          check_exists(file, "file", name, root_ / "solutions", "solutions/");
        }
        ex.files.push_back(file.value);
      }
    }
  }

  ex.public_tests.show_details = true;
  ex.hidden_tests.show_details = false;
  ex.hidden_tests.message = hidden_default_message;
  ex.public_tests.where = ex.hidden_tests.where = ex.where;
  if (const YAML::Node* tests = f.value("tests")) {
    if (tests->IsMap()) {
      Fields t(*tests, problems_, "the tests of " + name);
      t.check_keys(tests_keys);
      ex.public_tests = read_suite(t, "public", ex);
      ex.hidden_tests = read_suite(t, "hidden", ex);
    } else {
      f.wrong_type("tests", "a mapping with 'public' and/or 'hidden'",
                   "write e.g. tests: {public: [tests/public/x_test.cpp]}");
    }
  }

  const bool has_points = f.has("points");
  const bool has_per_test = f.has("points_per_test");
  if (has_points && has_per_test) {
    problems_.add(f.key_location("points_per_test"),
                  fmt::format("{} gives both 'points' and 'points_per_test'; keep one ('points' "
                              "is the exercise total, 'points_per_test' a fixed amount per test)",
                              name));
  } else if (!has_points && !has_per_test) {
    problems_.add(f.where(), fmt::format("{} has no 'points'; give 'points' (the exercise "
                                         "total, split evenly over its tests) or "
                                         "'points_per_test'",
                                         name));
  }
  for (std::string_view key : {std::string_view("points"), std::string_view("points_per_test")}) {
    auto value = f.number(key);
    if (value && *value < 0) {
      problems_.add(f.value_location(key), fmt::format("'{}' in {} must be >= 0, got {}; use 0 "
                                                       "for an ungraded exercise",
                                                       key, name, *value));
      value.reset();
    }
    (key == "points" ? ex.points : ex.points_per_test) = value;
  }

  if (auto hints = f.text_list("hints")) {
    for (const Text& hint : *hints) ex.hints.push_back(hint.value);
  }
  ex.limits = read_limits(f, name);

  // A quiz's course files: the answer key (instructor copy only) and the
  // question forms (shipped in the handout in the key's place).
  auto quiz_file = [&](std::string_view key, const char* what, bool check, std::string& into) {
    auto path = f.text(key);
    if (!path) return;
    if (!quiz) {
      problems_.add(f.key_location(key), fmt::format("'{}' in {} applies only to quiz exercises; add "
                                                     "'kind: quiz' or remove it",
                                                     key, name));
    } else if (check_relative_path(*path, what, name, Base::course_root)) {
      if (check) check_exists(*path, what, name, root_, "");
      into = path->value;
    }
  };
  quiz_file("answer_key", "answer key", options_.check_hidden_files, ex.answer_key);
  quiz_file("question_forms", "question forms file", options_.check_files, ex.question_forms);
  if (quiz && !f.has("answer_key") && !f.has("question_forms")) {
    f.require("answer_key", "name the quiz's answer key file, e.g. "
                            "tests/hidden/quiz/answer_key.yaml");
  }
  read_exercise_uses(f, ex);
  return ex;
}

void CourseReader::read_exercise_uses(const Fields& f, Exercise& ex) {
  static constexpr UsesWords kWords{"a list of exercises of the same lesson", "an exercise id", "exercise",
                                    "first-part", "the exercise of the same lesson", "other exercise's",
                                    "function"};
  auto uses = read_uses_list(f, kWords, ex.uses_student_code);
  if (!uses) return;
  for (const Text& use : *uses) ex.uses.push_back(use.value);
  exercise_uses_.push_back(ExerciseUses{lesson_being_read_, ex.id, std::move(*uses)});
}

std::optional<std::vector<Text>> CourseReader::read_uses_list(const Fields& f, const UsesWords& words,
                                                              std::set<std::string>& student_code) {
  const YAML::Node* node = f.value("uses");
  if (!node) return std::nullopt;
  const std::string& name = f.owner();
  if (!node->IsSequence()) {
    f.wrong_type("uses", words.list,
                 node->IsScalar() ? fmt::format("write it in brackets: [{}]", node->Scalar()) : std::string());
    return std::nullopt;
  }
  const std::string_view keys[] = {words.key, "mode"};
  std::vector<Text> uses;
  for (const YAML::Node& item : *node) {
    if (item.IsScalar()) {
      uses.push_back(Text{item.Scalar(), problems_.at(item)});
      continue;
    }
    if (!item.IsMap()) {
      problems_.add(problems_.at(item).line > 0 ? problems_.at(item) : f.value_location("uses"),
                    fmt::format("each entry of 'uses' in {} must be {} or a mapping such as "
                                "{{{}: {}, mode: student}}, got {}",
                                name, words.id_noun, words.key, words.example, yaml::describe(item)));
      continue;
    }
    Fields use(item, problems_, fmt::format("an entry of 'uses' in {}", name));
    use.check_keys(keys);
    use.require(words.key, fmt::format("name {} by its id, e.g. {}: {}", words.named, words.key, words.example));
    auto id = use.text(words.key);
    if (auto mode = use.text("mode")) {
      if (mode->value == "student") {
        if (id) student_code.insert(id->value);
      } else if (mode->value != "reference") {
        problems_.add(mode->where,
                      fmt::format("'mode' of {} must be 'reference' (grade against the {} "
                                  "reference behaviour, the default) or 'student' (grade with the "
                                  "student's own {}), got '{}'",
                                  use.owner(), words.reference_of, words.student_own, mode->value));
      }
    }
    if (id) uses.push_back(*id);
  }
  return uses;
}

void CourseReader::check_exercise_uses(const Course& course) {
  for (const ExerciseUses& entry : exercise_uses_) {
    const std::string name = fmt::format("exercise '{}'", entry.exercise);
    const Lesson* lesson = course.find_lesson(entry.lesson);
    const Exercise* self = nullptr;
    std::vector<std::string> siblings;
    if (lesson)
      for (const Exercise& e : lesson->exercises) {
        siblings.push_back(e.id);
        if (e.id == entry.exercise) self = &e;
      }
    std::vector<std::string> listed;
    for (const Text& use : entry.uses) {
      const Exercise* used = nullptr;
      if (lesson)
        for (const Exercise& e : lesson->exercises)
          if (e.id == use.value) used = &e;
      if (use.value == entry.exercise) {
        problems_.add(use.where, fmt::format("{} lists itself in 'uses'; remove it", name));
      } else if (!used) {
        const auto [other, other_exercise] = course.find_exercise(use.value);
        std::string message;
        if (other_exercise && other)
          message = fmt::format("{} uses exercise '{}' of lesson '{}'; an exercise's 'uses' names exercises of "
                                "its own lesson ('{}'): list lesson '{}' in the lesson's 'uses' instead",
                                name, use.value, other->id, entry.lesson, other->id);
        else if (auto near = closest_match(use.value, siblings))
          message = fmt::format("{} uses unknown exercise '{}'; did you mean '{}'?", name, use.value, *near);
        else
          message = fmt::format("{} uses unknown exercise '{}'; an exercise's 'uses' names exercises of its own "
                                "lesson by their id",
                                name, use.value);
        problems_.add(use.where, std::move(message));
      } else if (used->kind != ExerciseKind::code || (self && self->kind != ExerciseKind::code)) {
        problems_.add(use.where, fmt::format("{} uses exercise '{}', but only code exercises call each other's "
                                             "functions; remove it from 'uses'",
                                             name, use.value));
      } else if (std::find(listed.begin(), listed.end(), use.value) != listed.end()) {
        problems_.add(use.where, fmt::format("{} lists '{}' twice in 'uses'; keep one", name, use.value));
      } else if (self) {
        // Graded against the other exercise's reference, its files leave the
        // worker: a file both exercises own cannot.
        for (const std::string& file : used->files)
          if (std::find(self->files.begin(), self->files.end(), file) != self->files.end()) {
            problems_.add(use.where,
                          fmt::format("{} uses exercise '{}', but both own file {}: the exercise's functions "
                                      "must be in files of their own to be served from the reference; give "
                                      "them separate files or remove '{}' from 'uses'",
                                      name, use.value, file, use.value));
            break;
          }
      }
      listed.push_back(use.value);
    }
  }
}

Lesson CourseReader::read_lesson(const YAML::Node& node, std::size_t index) {
  Lesson lesson;
  lesson.where = problems_.at(node);
  const std::string position = ordinal_name("lesson", index);
  if (!node.IsMap()) {
    problems_.add(lesson.where, fmt::format("{} must be a mapping with id, title, folder and "
                                            "exercises, got {}",
                                            position, yaml::describe(node)));
    return lesson;
  }
  Fields f(node, problems_, position);
  if (auto id = f.text("id")) {
    lesson.id = id->value;
    check_id(*id, "lesson", lesson_ids_);
    f.set_owner(fmt::format("lesson '{}'", lesson.id));
  } else {
    f.require("id", fmt::format("give it a unique id of {}, e.g. 'vectors'", id_rule));
  }
  const std::string& name = f.owner();
  f.check_keys(lesson_keys);
  lesson_being_read_ = lesson.id;

  f.require("title", "give it a short title students will see");
  if (auto title = f.text("title")) lesson.title = title->value;

  f.require("folder", fmt::format("name the folder holding its README and API header, e.g. "
                                  "lessons/{}",
                                  lesson.id.empty() ? "my-lesson" : lesson.id));
  if (auto folder = f.text("folder")) {
    if (check_relative_path(*folder, "folder", name, Base::course_root)) {
      lesson.folder = folder->value;
      std::error_code ec;
      const fs::path full = root_ / folder->value;
      if (options_.check_files && !fs::is_directory(full, ec)) {
        problems_.add(folder->where,
                      fmt::format("folder '{}' of {} {} under the course root; create it or fix "
                                  "the path",
                                  folder->value, name,
                                  fs::exists(full, ec) ? "is not a folder" : "does not exist"));
      }
    }
  }

  if (auto uses = read_uses(f, lesson)) uses_.push_back(LessonUses{lesson.id, *uses});
  lesson.limits = read_limits(f, name);

  if (f.require("exercises", "list at least one exercise")) {
    const YAML::Node& exercises = *f.value("exercises");
    if (!exercises.IsSequence()) {
      f.wrong_type("exercises", "a list of exercises");
    } else if (exercises.size() == 0) {
      problems_.add(f.value_location("exercises"),
                    fmt::format("{} lists no exercises; add at least one", name));
    } else {
      std::size_t i = 0;
      for (const YAML::Node& item : exercises) {
        lesson.exercises.push_back(read_exercise(item, name, i++));
      }
    }
  }
  return lesson;
}

Track CourseReader::read_track(const YAML::Node& node, std::size_t index) {
  Track track;
  track.where = problems_.at(node);
  const std::string position = ordinal_name("track", index);
  if (!node.IsMap()) {
    problems_.add(track.where, fmt::format("{} must be a mapping with id, title and exercises, "
                                           "got {}",
                                           position, yaml::describe(node)));
    return track;
  }
  Fields f(node, problems_, position);
  if (auto id = f.text("id")) {
    track.id = id->value;
    check_id(*id, "track", track_ids_);
    f.set_owner(fmt::format("track '{}'", track.id));
  } else {
    f.require("id", fmt::format("give it a unique id of {}, e.g. 'short'", id_rule));
  }
  const std::string& name = f.owner();
  f.check_keys(track_keys);

  f.require("title", "give it a short title, e.g. \"60-90 minutes\"");
  if (auto title = f.text("title")) track.title = title->value;
  if (auto description = f.text("description")) track.description = description->value;

  if (f.require("exercises", "list the ids of the exercises it selects")) {
    if (auto exercises = f.text_list("exercises")) {
      if (exercises->empty()) {
        problems_.add(f.value_location("exercises"),
                      fmt::format("{} lists no exercises; add the ids of the exercises it "
                                  "selects",
                                  name));
      }
      std::vector<std::string> known;
      for (const auto& [id, where] : exercise_ids_) known.push_back(id);
      for (const Text& ex : *exercises) {
        if (!exercise_ids_.contains(ex.value)) {
          std::string message =
              fmt::format("{} lists unknown exercise '{}'", name, ex.value);
          if (auto near = closest_match(ex.value, known)) {
            message += fmt::format("; did you mean '{}'?", *near);
          } else {
            message += "; use the id of an exercise defined under 'lessons'";
          }
          problems_.add(ex.where, std::move(message));
        } else if (std::find(track.exercises.begin(), track.exercises.end(), ex.value) !=
                   track.exercises.end()) {
          problems_.add(ex.where, fmt::format("{} lists exercise '{}' twice; keep one", name,
                                              ex.value));
        } else {
          track.exercises.push_back(ex.value);
        }
      }
    }
  }
  return track;
}

std::optional<std::vector<Text>> CourseReader::read_uses(const Fields& f, Lesson& lesson) {
  static constexpr UsesWords kWords{"a list of earlier lessons", "a lesson id", "lesson", "vectors",
                                    "the earlier lesson", "earlier lesson's", "earlier code"};
  auto uses = read_uses_list(f, kWords, lesson.uses_student_code);
  if (uses)
    for (const Text& use : *uses) lesson.uses.push_back(use.value);
  return uses;
}

void CourseReader::check_uses(const Course& course) {
  std::vector<std::string> order;
  for (const Lesson& lesson : course.lessons) order.push_back(lesson.id);
  auto position = [&](std::string_view id) {
    return static_cast<std::size_t>(std::find(order.begin(), order.end(), id) - order.begin());
  };
  for (const LessonUses& entry : uses_) {
    const std::string name = entry.lesson.empty() ? std::string("a lesson without an id")
                                                  : fmt::format("lesson '{}'", entry.lesson);
    const std::size_t self = position(entry.lesson);
    std::vector<std::string> listed;
    for (const Text& use : entry.uses) {
      const std::size_t other = position(use.value);
      if (use.value == entry.lesson) {
        problems_.add(use.where, fmt::format("{} lists itself in 'uses'; remove it", name));
      } else if (other == order.size()) {
        std::string message = fmt::format("{} uses unknown lesson '{}'", name, use.value);
        if (auto near = closest_match(use.value, order)) {
          message += fmt::format("; did you mean '{}'?", *near);
        } else {
          message += "; 'uses' names earlier lessons by their id";
        }
        problems_.add(use.where, std::move(message));
      } else if (other > self) {
        problems_.add(use.where,
                      fmt::format("{} uses lesson '{}', which comes later in the lesson list; a "
                                  "lesson may use only earlier lessons: move '{}' above '{}' or "
                                  "remove it from 'uses'",
                                  name, use.value, use.value, entry.lesson));
      } else if (std::find(listed.begin(), listed.end(), use.value) != listed.end()) {
        problems_.add(use.where, fmt::format("{} lists '{}' twice in 'uses'; keep one", name,
                                             use.value));
      }
      listed.push_back(use.value);
    }
  }
}

Course CourseReader::read(const YAML::Node& document) {
  Course course;
  course.root = root_;
  if (document.IsNull()) {
    problems_.add(Location{problems_.file(), 1, 1},
                  "the course file is empty; start it with 'format_version: 1', a 'title' and "
                  "the 'lessons'");
    return course;
  }
  if (!document.IsMap()) {
    problems_.add(problems_.at(document),
                  fmt::format("the course file must be a mapping of keys (format_version, title, "
                              "lessons, ...), got {}",
                              yaml::describe(document)));
    return course;
  }
  Fields f(document, problems_, "the course");

  // Checked first: a file written for another format would otherwise drown the
  // one message that matters in unknown-key errors.
  if (f.require("format_version", fmt::format("add 'format_version: {}' at the top",
                                              supported_format_version))) {
    const YAML::Node& v = *f.value("format_version");
    const std::string supported = std::to_string(supported_format_version);
    if (v.IsScalar() && v.Scalar() == supported && v.Tag() != "?") {
      f.number("format_version");  // reports the quotes
    } else if (!(v.IsScalar() && v.Scalar() == supported)) {
      problems_.add(f.value_location("format_version"),
                    fmt::format("unsupported format_version {}; this grader reads format_version "
                                "{}",
                                v.IsScalar() ? v.Scalar() : yaml::describe(v),
                                supported_format_version));
      return course;
    }
  }
  f.check_keys(course_keys);

  f.require("title", "add a line such as title: \"My course\"");
  if (auto title = f.text("title")) course.title = title->value;
  if (auto version = f.text("version")) course.version = version->value;
  if (auto welcome = f.text("welcome")) course.welcome = welcome->value;
  if (auto closing = f.text("closing")) course.closing = closing->value;
  course.limits = read_limits(f, "the course");

  if (f.require("lessons", "list the lessons in teaching order")) {
    const YAML::Node& lessons = *f.value("lessons");
    if (!lessons.IsSequence()) {
      f.wrong_type("lessons", "a list of lessons");
    } else if (lessons.size() == 0) {
      problems_.add(f.value_location("lessons"),
                    "the course lists no lessons; add at least one under 'lessons'");
    } else {
      std::size_t i = 0;
      for (const YAML::Node& item : lessons) course.lessons.push_back(read_lesson(item, i++));
    }
  }
  check_uses(course);
  check_exercise_uses(course);

  if (const YAML::Node* tracks = f.value("tracks")) {
    if (!tracks->IsSequence()) {
      f.wrong_type("tracks", "a list of tracks");
    } else {
      std::size_t i = 0;
      for (const YAML::Node& item : *tracks) course.tracks.push_back(read_track(item, i++));
    }
  }
  if (const YAML::Node* pictures = f.value("pictures")) {
    if (!pictures->IsSequence()) f.wrong_type("pictures", "a list of pictures");
    else read_pictures(*pictures, problems_, course);
  }
  return course;
}

}  // namespace

Course load_course_from_string(const std::string& yaml_text, const std::string& display_name,
                               const std::filesystem::path& root, const LoadOptions& options) {
  Problems problems(display_name);
  YamlDocuments documents;
  try {
    documents = load_documents(yaml_text);
  } catch (const YAML::Exception& e) {
    problems.add(problems.at(e.mark),
                 fmt::format("YAML syntax error: {}; check the indentation, colons and quotes "
                             "here and on the line above",
                             e.msg));
    throw CourseError(problems.in_file_order());
  }
  if (documents.count > 1) {
    problems.add(problems.at(documents.second_start),
                 "the course file holds more than one YAML document (a second '---'); keep "
                 "everything in the first");
  }
  CourseReader reader(problems, root, options);
  Course course = reader.read(documents.first);
  if (problems.any()) throw CourseError(problems.in_file_order());
  return course;
}

Course load_course(const std::filesystem::path& yaml_path, const LoadOptions& options) {
  const std::string display_name = yaml_path.string();
  auto cannot_read = [&](std::string_view why) {
    return CourseError({Diagnostic{Location{display_name, 0, 0},
                                   fmt::format("cannot read the course file: {}; check the path",
                                               why)}});
  };
  std::error_code ec;
  if (!fs::exists(yaml_path, ec)) throw cannot_read("it does not exist");
  if (!fs::is_regular_file(yaml_path, ec)) throw cannot_read("it is not a regular file");
  std::ifstream in(yaml_path, std::ios::binary);
  if (!in) throw cannot_read(std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw cannot_read(std::strerror(errno));
  const fs::path absolute = fs::absolute(yaml_path, ec);
  const fs::path root = (ec ? yaml_path : absolute).parent_path();
  return load_course_from_string(text.str(), display_name, root, options);
}

}  // namespace grader::course
