#include "grader/skeleton/skeleton.hpp"

#include <cctype>
#include <fstream>
#include <map>
#include <utility>

#include "grader/course/ids.hpp"
#include "grader/course/loader.hpp"
#include "grader/skeleton/course_yaml_entry.hpp"
#include "grader/skeleton/templates.hpp"
#include "grader/util/files.hpp"

namespace grader::skeleton {

namespace {

namespace fs = std::filesystem;

/// Folders and files made so far, removed again (newest first) unless
/// commit() is called: a command that fails half way leaves nothing behind.
class NewPaths {
 public:
  NewPaths() = default;
  NewPaths(const NewPaths&) = delete;
  NewPaths& operator=(const NewPaths&) = delete;
  ~NewPaths() {
    if (committed_) return;
    std::error_code ignored;
    for (auto it = made_.rbegin(); it != made_.rend(); ++it) fs::remove(*it, ignored);
  }

  /// Makes `folder` and its missing parents, remembering each one made.
  void make_folders(const fs::path& folder) {
    std::vector<fs::path> missing;
    for (fs::path p = folder; !p.empty() && !fs::exists(p); p = p.parent_path()) {
      missing.push_back(p);
      if (p == p.parent_path()) break;
    }
    for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
      std::error_code ec;
      if (!fs::create_directory(*it, ec) || ec)
        throw SkeletonError("cannot create the folder " + it->string() + ": " + (ec ? ec.message() : "it exists") +
                            "; nothing was written");
      made_.push_back(*it);
    }
  }

  /// Writes a file that must not exist yet.
  void write(const fs::path& path, const std::string& text) {
    make_folders(path.parent_path());
    if (fs::exists(path)) throw SkeletonError(path.string() + " exists already; nothing was written");
    made_.push_back(path);
    std::ofstream out(path, std::ios::binary);
    out << text;
    out.close();
    if (!out) throw SkeletonError("cannot write " + path.string() + "; nothing was written");
  }

  void commit() { committed_ = true; }

 private:
  std::vector<fs::path> made_;
  bool committed_ = false;
};

/// "second-lesson" -> "Second lesson".
std::string id_in_words(const std::string& id) {
  std::string words = id;
  for (char& c : words)
    if (c == '-') c = ' ';
  words[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(words[0])));
  return words;
}

/// A title inside a double-quoted YAML scalar.
std::string yaml_quoted_body(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

void check_title(const std::string& title, const std::string& what) {
  if (title.empty()) throw SkeletonError(what + " is empty; give one with --title");
  for (unsigned char c : title)
    if (c < 0x20 || c == 0x7f)
      throw SkeletonError(what + " holds a control character (a line break?); give a one-line title");
}

std::map<std::string, std::string> placeholders(const LessonNames& lesson) {
  return {{"id", lesson.id}, {"ident", lesson.identifier}, {"camel", lesson.camel}, {"title", lesson.title}};
}

std::string lesson_entry(const LessonNames& lesson) {
  auto values = placeholders(lesson);
  values["title"] = yaml_quoted_body(lesson.title);
  return fill("lesson_entry.yaml", values);
}

/// Each file of the lesson: its path relative to the course root, and its text.
std::vector<std::pair<std::string, std::string>> lesson_files(const LessonNames& lesson) {
  const auto values = placeholders(lesson);
  const std::string& id = lesson.id;
  const std::string mutant = "tests/mutants/" + id + "/no-square-root/";
  const std::vector<std::pair<std::string, const char*>> layout = {
      {"lessons/" + id + "/README.md", "README.md"},
      {"lessons/" + id + "/" + lesson.identifier + ".hpp", "api.hpp"},
      {"lessons/" + id + "/bridge/declarations.hpp", "declarations.hpp"},
      {"starter/" + id + "/rms.cpp", "starter.cpp"},
      {"solutions/" + id + "/rms.cpp", "solution.cpp"},
      {"tests/public/" + id + "/rms_test.cpp", "public_test.cpp"},
      {"tests/hidden/" + id + "/rms_hidden_test.cpp", "hidden_test.cpp"},
      {mutant + "mutant.yaml", "mutant.yaml"},
      {mutant + "change.patch", "change.patch"},
  };
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& [path, name] : layout) files.emplace_back(path, fill(name, values));
  return files;
}

/// The folders only this lesson's files may be in.
std::vector<std::string> lesson_folders(const std::string& id) {
  std::vector<std::string> folders;
  for (const char* top : {"lessons", "starter", "solutions", "tests/public", "tests/hidden", "tests/mutants"})
    folders.push_back(std::string(top) + "/" + id);
  return folders;
}

course::Course load(const fs::path& course_yaml, const std::string& text) {
  return course::load_course_from_string(text, "course.yaml", course_yaml.parent_path());
}

}  // namespace

LessonNames lesson_names(const std::string& id, const std::string& title) {
  if (!course::is_valid_id(id)) {
    std::string message = "lesson id '" + id + "' may contain only " + std::string(course::id_rule);
    const std::string suggestion = course::id_like(id);
    if (course::is_valid_id(suggestion)) message += "; for example '" + suggestion + "'";
    throw SkeletonError(message);
  }
  if (!std::isalpha(static_cast<unsigned char>(id.front())) || id.back() == '-' || id.find("--") != std::string::npos)
    throw SkeletonError("lesson id '" + id +
                        "' must start with a letter and have no '--' and no '-' at its end: its C++ name (hyphens as "
                        "underscores) names the lesson's bridge and functions; for example 'lesson-2'");
  LessonNames names;
  names.id = id;
  names.identifier = id;
  for (char& c : names.identifier)
    if (c == '-') c = '_';
  bool word_start = true;
  for (char c : id) {
    if (c == '-') {
      word_start = true;
      continue;
    }
    names.camel += word_start ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    word_start = false;
  }
  names.title = title.empty() ? id_in_words(id) : title;
  check_title(names.title, "the lesson's title");
  return names;
}

Written write_course(const fs::path& folder, const std::string& course_title, const LessonNames& lesson) {
  check_title(course_title, "the course's title");
  const fs::path root = fs::absolute(folder).lexically_normal();
  if (fs::exists(fs::symlink_status(root)))
    throw SkeletonError(root.string() + " exists already; give a new folder for the course (nothing was written)");
  NewPaths made;
  made.make_folders(root);
  Written written{root, {"course.yaml"}, {}};
  std::string entry = lesson_entry(lesson);
  entry.pop_back();  // the template's line ends it
  const std::string yaml =
      fill("course.yaml", {{"course_title", yaml_quoted_body(course_title)}, {"lesson_entry", entry}});
  made.write(root / "course.yaml", yaml);
  for (const auto& [path, text] : lesson_files(lesson)) {
    made.write(root / path, text);
    written.files.push_back(path);
  }
  try {
    load(root / "course.yaml", yaml);
  } catch (const course::CourseError& e) {
    throw SkeletonError(std::string("the written course does not load (a bug in the skeleton): ") + e.what());
  }
  made.commit();
  return written;
}

Written add_lesson(const fs::path& course_root, const LessonNames& lesson) {
  const fs::path root = fs::absolute(course_root).lexically_normal();
  const fs::path yaml_path = root / "course.yaml";
  if (!fs::exists(yaml_path))
    throw SkeletonError("no course.yaml in " + root.string() + "; pass --course DIR pointing at the course folder");
  const std::string before = util::read_file(yaml_path);
  course::Course course;
  try {
    course = load(yaml_path, before);
  } catch (const course::CourseError& e) {
    throw SkeletonError(std::string(e.what()) + "\nfix course.yaml first, then add the lesson (nothing was written)");
  }
  if (course.find_lesson(lesson.id))
    throw SkeletonError("course.yaml already has a lesson '" + lesson.id + "'; choose another id (nothing was written)");
  for (const std::string& folder : lesson_folders(lesson.id))
    if (fs::exists(fs::symlink_status(root / folder)))
      throw SkeletonError(folder + " exists already, without a lesson '" + lesson.id +
                          "' in course.yaml; choose another id, or move that folder away (nothing was written)");

  const std::string entry = lesson_entry(lesson);
  std::string after;
  try {
    after = with_lesson_entry(before, entry);
  } catch (const std::invalid_argument& e) {
    throw SkeletonError(std::string(e.what()) + " (nothing was written)");
  }
  NewPaths made;
  Written written{root, {}, {}};
  for (const auto& [path, text] : lesson_files(lesson)) {
    made.write(root / path, text);
    written.files.push_back(path);
  }
  // The new text must load as the old course plus this lesson, last.
  try {
    const course::Course grown = load(yaml_path, after);
    if (grown.lessons.empty() || grown.lessons.back().id != lesson.id)
      throw SkeletonError("the entry did not land after the last lesson");
  } catch (const std::exception& e) {
    throw SkeletonError(std::string("course.yaml could not take the lesson's entry: ") + e.what() +
                        "\nnothing was written; fix what the message names, or choose another id, and run the command "
                        "again. The entry was:\n" +
                        entry);
  }
  util::write_file_atomically(yaml_path, after);
  made.commit();
  written.files.push_back("course.yaml");
  // A track lists the exercises it grades: which of them should grade the new one is the author's choice.
  if (!course.tracks.empty())
    written.notes.push_back("course.yaml has tracks: add the exercise " + lesson.id +
                            "-rms to the exercises of those that should grade it");
  return written;
}

}  // namespace grader::skeleton
