// Which course files go where: the student handout (`grader release`) and the
// Gradescope bundle (`grader gradescope-bundle`).
//
// Both are allow-lists: a folder an instructor adds to the course later is
// never shipped by accident. The handout's list:
//   CMakeLists.txt, run.sh, .gitignore, cmake/, grader/, lessons/, starter/,
//   tests/public/, scripts/*.sh (set-up for run.sh and test.sh; the Python
//   fixture generators compute reference answers and stay with the staff),
//   tests/fixtures/<name>/ only when a shipped test or lesson file mentions
//   "fixtures/<name>", and any public test file course.yaml names elsewhere.
// The bundle adds solutions/, tests/hidden/ and every fixture, and leaves out
// what grading does not need (run.sh, the framework's own tests, mutants).
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "grader/course/model.hpp"

namespace grader::release {

/// One file of the output: a course file or generated text.
struct Item {
  std::string path;              ///< relative, '/'-separated, in the output
  std::filesystem::path source;  ///< the course file; empty for generated text
  std::string text;              ///< generated content (when source is empty)
  bool executable = false;
};

struct Contents {
  std::vector<Item> items;
  /// Files left out inside allowed folders, each once with why ("lessons/x/notes.swp: editor file").
  std::vector<std::string> skipped;

  /// Records `path` as left out, with why; a path met again (a lesson's
  /// folder is walked under lessons/ and as itself) is not listed twice.
  void skip(const std::string& path, const std::string& why);

  /// Adds generated text (replacing a course file already listed at that path).
  void put_text(const std::string& path, std::string text, bool executable = false);
  const Item* find(const std::string& path) const;
};

/// The course files of the student handout, and the framework's (its build,
/// grader/, run.sh, scripts/deps.sh) from `framework` (empty: the course's root).
/// \throws std::runtime_error for a symbolic link that leads nowhere or into a cycle
Contents student_contents(const course::Course& course, const std::filesystem::path& framework = {});

/// The course files of the Gradescope bundle (everything grading needs,
/// hidden tests and references included).
Contents bundle_contents(const course::Course& course, const std::filesystem::path& framework = {});

/// Thrown when a handout would contain instructor-only material; the message
/// lists every offending file and why.
class LeakError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The last line of defence before a handout is written: refuses any path
/// under solutions/, tests/hidden/ or tests/mutants/, any answer key, any
/// file course.yaml names as a hidden suite or answer key, and any file
/// whose bytes equal a file of solutions/ or tests/hidden/ (files of fewer
/// than three non-blank lines are too small to tell apart and are not compared).
/// \throws LeakError
void check_no_instructor_content(const course::Course& course, const Contents& contents);

/// The content of an item (reads its source file).
std::string content_of(const Item& item);

}  // namespace grader::release
