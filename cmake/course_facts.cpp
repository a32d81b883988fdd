// course-facts COURSE_YAML OUT.cmake
//
// Reads the facts the build needs from course.yaml and writes them as a CMake
// fragment (cmake/CourseFacts.cmake compiles this program at configure time,
// runs it and include()s the fragment), so the lessons, their order and their
// `uses` are stated once, in course.yaml:
//
//   set(COURSE_CODE_LESSONS "vectors" "matrices" ...)  lessons with code, course order
//   set(COURSE_QUIZ_LESSONS "final-quiz")                     lessons with no code exercise
//   set(COURSE_LESSON_<name>_ID "word-order")                 <name>: the id, '-' as '_'
//   set(COURSE_LESSON_<name>_WHERE "/.../course.yaml:217:9")
//   set(COURSE_LESSON_<name>_USES "vectors" "matrices")   in course.yaml's order
//   set(COURSE_LESSON_<name>_USES_STUDENT_CODE ...)          the uses written with mode: student
//   set(COURSE_LESSON_<name>_STUDENT_FILES "word-order/tokens.cpp" ...)
//   set(COURSE_PICTURE_PROGRAMS "picture-encoding" ...)
//   set(COURSE_PROGRAM_<name>_LESSON "vectors")  whose proxy the program links
//
// It checks only what the build depends on (YAML syntax, the lesson list,
// ids, `uses`, the pictures' lesson and program) and reports each problem as
// FILE:LINE:COLUMN: error: ..., in file order, exiting 1 without writing the
// fragment. Everything else is the grader's loader's job (`grader list`,
// `grader validate`), which reports every problem of the whole file.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "grader/course/edit_distance.hpp"

namespace {

struct Problem {
  int line = 0;
  int column = 0;
  std::string message;
};

class Problems {
 public:
  explicit Problems(std::string file) : file_(std::move(file)) {}
  void add(const YAML::Mark& mark, std::string message) {
    list_.push_back({mark.line + 1, mark.column + 1, std::move(message)});
  }
  void add(const YAML::Node& node, std::string message) { add(node.Mark(), std::move(message)); }
  bool any() const { return !list_.empty(); }
  std::string where(const YAML::Node& node) const {
    return file_ + ":" + std::to_string(node.Mark().line + 1) + ":" + std::to_string(node.Mark().column + 1);
  }
  void print(std::ostream& out) {
    std::stable_sort(list_.begin(), list_.end(), [](const Problem& a, const Problem& b) {
      return std::tie(a.line, a.column) < std::tie(b.line, b.column);
    });
    for (const auto& p : list_)
      out << file_ << ':' << p.line << ':' << p.column << ": error: " << p.message << '\n';
  }

 private:
  std::string file_;
  std::vector<Problem> list_;
};

// Lesson ids and program names: lowercase letters, digits and hyphens (the
// loader's rule), so that "-" -> "_" gives a CMake name no other id gives.
bool is_name(const std::string& text) {
  if (text.empty() || text.front() == '-' || text.back() == '-') return false;
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

std::string cmake_name(std::string id) {
  std::replace(id.begin(), id.end(), '-', '_');
  return id;
}

// A CMake quoted argument holding exactly `text` (one list element).
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '\\' || c == '"' || c == '$' || c == ';') out += '\\';
    if (c == '\n') out += "\\n";
    else out += c;
  }
  return out + "\"";
}

std::string cmake_set(const std::string& variable, const std::vector<std::string>& values) {
  std::string line = "set(" + variable;
  for (const auto& v : values) line += " " + quoted(v);
  return line + ")\n";
}

// The scalar text of `key` in `map`, or "" (with a problem) when it is missing or not text.
std::string scalar(const YAML::Node& map, const char* key, const std::string& owner, const std::string& what_to_do,
                   Problems& problems) {
  const YAML::Node value = map[key];
  if (!value || value.IsNull()) {
    problems.add(map, owner + " has no '" + key + "'; " + what_to_do);
    return {};
  }
  if (!value.IsScalar()) {
    problems.add(value, "'" + std::string(key) + "' in " + owner + " must be text");
    return {};
  }
  return value.Scalar();
}

struct Use {
  std::string lesson;
  bool student_code = false;
  YAML::Node node;
};

struct Lesson {
  std::string id;
  YAML::Node node;
  std::vector<Use> uses;
  bool has_code = false;
  std::vector<std::string> student_files;
};

std::vector<Use> read_uses(const YAML::Node& lesson, const std::string& owner, Problems& problems) {
  std::vector<Use> uses;
  const YAML::Node list = lesson["uses"];
  if (!list || list.IsNull()) return uses;
  if (!list.IsSequence()) {
    problems.add(list, "'uses' in " + owner + " must be a list of earlier lessons, e.g. [vectors]");
    return uses;
  }
  for (const YAML::Node& item : list) {
    if (item.IsScalar()) {
      uses.push_back({item.Scalar(), false, item});
      continue;
    }
    if (!item.IsMap()) {
      problems.add(item, "each entry of 'uses' in " + owner +
                             " must be a lesson id or a mapping such as {lesson: vectors, mode: student}");
      continue;
    }
    const std::string id = scalar(item, "lesson", "an entry of 'uses' in " + owner,
                                  "name the earlier lesson: {lesson: ID, mode: reference|student}", problems);
    bool student = false;
    if (const YAML::Node mode = item["mode"]) {
      const std::string text = mode.IsScalar() ? mode.Scalar() : "";
      if (text == "student") student = true;
      else if (text != "reference")
        problems.add(mode, "'mode' of an entry of 'uses' in " + owner +
                               " must be 'reference' (the default) or 'student', got '" + text + "'");
    }
    if (!id.empty()) uses.push_back({id, student, item["lesson"]});
  }
  return uses;
}

void read_exercises(const YAML::Node& node, const std::string& owner, Lesson& lesson, Problems& problems) {
  const YAML::Node exercises = node["exercises"];
  if (!exercises || !exercises.IsSequence() || exercises.size() == 0) {
    problems.add(exercises ? exercises : node, owner + " lists no exercises; add at least one");
    return;
  }
  for (const YAML::Node& e : exercises) {
    if (!e.IsMap()) continue;  // the loader names it; the build needs only the code exercises
    const YAML::Node kind = e["kind"];
    if (kind && kind.IsScalar() && kind.Scalar() == "quiz") continue;
    lesson.has_code = true;
    if (const YAML::Node files = e["files"]; files && files.IsSequence())
      for (const YAML::Node& f : files)
        if (f.IsScalar() && std::find(lesson.student_files.begin(), lesson.student_files.end(), f.Scalar()) ==
                                lesson.student_files.end())
          lesson.student_files.push_back(f.Scalar());
  }
}

std::vector<Lesson> read_lessons(const YAML::Node& root, Problems& problems) {
  std::vector<Lesson> lessons;
  const YAML::Node list = root["lessons"];
  if (!list || !list.IsSequence() || list.size() == 0) {
    problems.add(list ? list : root, "the course has no 'lessons'; list the lessons in teaching order");
    return lessons;
  }
  std::map<std::string, YAML::Node> seen;
  int position = 0;
  for (const YAML::Node& node : list) {
    ++position;
    const std::string by_position = "lesson #" + std::to_string(position);
    if (!node.IsMap()) {
      problems.add(node, by_position + " must be a mapping with id, title, folder and exercises");
      continue;
    }
    Lesson lesson;
    lesson.node = node;
    lesson.id = scalar(node, "id", by_position, "give it an id such as 'vectors'", problems);
    if (lesson.id.empty()) continue;
    const std::string owner = "lesson '" + lesson.id + "'";
    if (!is_name(lesson.id)) {
      problems.add(node["id"], "lesson id '" + lesson.id + "' may contain only lowercase letters, digits and hyphens");
      continue;
    }
    if (auto [it, inserted] = seen.emplace(lesson.id, node["id"]); !inserted) {
      problems.add(node["id"], "duplicate lesson id '" + lesson.id + "': it is already used at " +
                                   problems.where(it->second) + "; give each lesson its own id");
      continue;
    }
    lesson.uses = read_uses(node, owner, problems);
    read_exercises(node, owner, lesson, problems);
    lessons.push_back(std::move(lesson));
  }
  return lessons;
}

void check_uses(const std::vector<Lesson>& lessons, Problems& problems) {
  std::vector<std::string> order;
  for (const auto& l : lessons) order.push_back(l.id);
  for (std::size_t self = 0; self < lessons.size(); ++self) {
    const Lesson& lesson = lessons[self];
    const std::string owner = "lesson '" + lesson.id + "'";
    std::set<std::string> listed;
    for (const Use& use : lesson.uses) {
      const auto other = static_cast<std::size_t>(std::find(order.begin(), order.end(), use.lesson) - order.begin());
      if (use.lesson == lesson.id) {
        problems.add(use.node, owner + " lists itself in 'uses'; remove it");
      } else if (other == order.size()) {
        std::string message = owner + " uses unknown lesson '" + use.lesson + "'";
        if (auto near = grader::course::closest_match(use.lesson, order)) message += "; did you mean '" + *near + "'?";
        else message += "; 'uses' names earlier lessons by their id";
        problems.add(use.node, message);
      } else if (other > self) {
        problems.add(use.node, owner + " uses lesson '" + use.lesson +
                                   "', which comes later in the lesson list; a lesson may use only earlier "
                                   "lessons: move '" + use.lesson + "' above '" + lesson.id +
                                   "' or remove it from 'uses'");
      } else if (!listed.insert(use.lesson).second) {
        problems.add(use.node, owner + " lists '" + use.lesson + "' twice in 'uses'; keep one");
      }
    }
  }
}

// program -> lesson, for the programs course.yaml's pictures name.
std::vector<std::pair<std::string, std::string>> read_pictures(const YAML::Node& root,
                                                               const std::vector<Lesson>& lessons,
                                                               Problems& problems) {
  std::vector<std::pair<std::string, std::string>> programs;
  const YAML::Node list = root["pictures"];
  if (!list || !list.IsSequence()) return programs;  // the loader names a wrong type
  std::map<std::string, std::pair<std::string, YAML::Node>> lesson_of;  // program -> (lesson, where)
  for (const YAML::Node& picture : list) {
    if (!picture.IsMap()) continue;
    const YAML::Node name = picture["name"];
    const std::string owner =
        name && name.IsScalar() ? "picture '" + name.Scalar() + "'" : std::string("a picture without a name");
    const std::string lesson = scalar(picture, "lesson", owner, "name the lesson whose worker it calls", problems);
    const std::string program =
        scalar(picture, "program", owner, "name the course program that draws it (add_course_picture)", problems);
    if (lesson.empty() || program.empty()) continue;
    auto known = std::find_if(lessons.begin(), lessons.end(), [&](const Lesson& l) { return l.id == lesson; });
    if (known == lessons.end()) {
      problems.add(picture["lesson"], owner + " names unknown lesson '" + lesson + "'");
      continue;
    }
    if (!is_name(program)) {
      problems.add(picture["program"], "program '" + program + "' of " + owner +
                                           " is not a course program's name (lowercase letters, digits and hyphens)");
      continue;
    }
    auto [it, inserted] = lesson_of.emplace(program, std::make_pair(lesson, picture["lesson"]));
    if (inserted) programs.emplace_back(program, lesson);
    else if (it->second.first != lesson)
      problems.add(picture["lesson"], owner + " runs program '" + program + "' with lesson '" + lesson +
                                          "', but another picture runs it with lesson '" + it->second.first +
                                          "' (at " + problems.where(it->second.second) +
                                          "); a program links one lesson's proxy");
  }
  return programs;
}

std::string fragment(const std::string& yaml_path, const std::vector<Lesson>& lessons,
                     const std::vector<std::pair<std::string, std::string>>& programs, const Problems& problems) {
  std::string out = "# The course's facts for the build, read from " + yaml_path +
                    "\n# by cmake/course_facts.cpp at configure time. Generated: do not edit.\n";
  std::vector<std::string> code, quiz;
  for (const auto& l : lessons) (l.has_code ? code : quiz).push_back(l.id);
  out += cmake_set("COURSE_CODE_LESSONS", code);
  out += cmake_set("COURSE_QUIZ_LESSONS", quiz);
  for (const auto& l : lessons) {
    const std::string prefix = "COURSE_LESSON_" + cmake_name(l.id);
    std::vector<std::string> uses, student;
    for (const auto& u : l.uses) {
      uses.push_back(u.lesson);
      if (u.student_code) student.push_back(u.lesson);
    }
    out += cmake_set(prefix + "_ID", {l.id});
    out += cmake_set(prefix + "_WHERE", {problems.where(l.node)});
    out += cmake_set(prefix + "_USES", uses);
    out += cmake_set(prefix + "_USES_STUDENT_CODE", student);
    out += cmake_set(prefix + "_STUDENT_FILES", l.student_files);
  }
  std::vector<std::string> names;
  for (const auto& [program, lesson] : programs) {
    names.push_back(program);
    out += cmake_set("COURSE_PROGRAM_" + cmake_name(program) + "_LESSON", {lesson});
  }
  out += cmake_set("COURSE_PICTURE_PROGRAMS", names);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: course-facts COURSE_YAML OUT.cmake\n";
    return 2;
  }
  const std::string yaml_path = argv[1];
  Problems problems(yaml_path);
  std::ifstream in(yaml_path, std::ios::binary);
  if (!in) {
    std::cerr << yaml_path << ": error: cannot read the course file; check that it exists\n";
    return 1;
  }
  std::stringstream text;
  text << in.rdbuf();
  YAML::Node root;
  try {
    root = YAML::Load(text.str());
  } catch (const YAML::Exception& e) {
    problems.add(e.mark, "YAML syntax error: " + e.msg + "; check the indentation, colons and quotes here and on "
                                                       "the line above");
    problems.print(std::cerr);
    return 1;
  }
  if (!root.IsMap()) {
    std::cerr << yaml_path << ":1:1: error: the course file must be a mapping with 'format_version: 1', a 'title' "
                              "and the 'lessons'\n";
    return 1;
  }
  const std::vector<Lesson> lessons = read_lessons(root, problems);
  check_uses(lessons, problems);
  const auto programs = read_pictures(root, lessons, problems);
  if (problems.any()) {
    problems.print(std::cerr);
    return 1;
  }
  const std::string out_path = argv[2];
  std::ofstream out(out_path, std::ios::binary | std::ios::trunc);
  out << fragment(yaml_path, lessons, programs, problems);
  if (!out.flush()) {
    std::cerr << out_path << ": error: cannot write the course facts\n";
    return 1;
  }
  return 0;
}
