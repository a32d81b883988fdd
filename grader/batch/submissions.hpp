// Finding the submissions in what an instructor passes to `grader grade`:
// submission folders, archives, or one folder holding one entry per student
// (an LMS export), and naming each by its student.
#pragma once

#include <filesystem>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "grader/course/model.hpp"

namespace grader::batch {

struct Entry {
  std::filesystem::path path;  ///< folder or archive
  std::string student;         ///< from the entry's name
};

/// How student ids are read from entry names.
class StudentIdPattern {
 public:
  /// Empty: the entry's name without its archive extension. "lms": the
  /// number after the first underscore ("lastname_12345_67890_file.zip" ->
  /// "12345"). Anything else: an ECMAScript regex whose first capture group
  /// (or whole match) is the id. Throws std::invalid_argument on a bad regex.
  explicit StudentIdPattern(const std::string& pattern = "");
  /// The id, or nothing when the pattern does not match.
  std::optional<std::string> student_of(const std::filesystem::path& entry) const;

 private:
  std::optional<std::regex> regex_;
};

/// The entry's name without .zip/.tar.gz/... .
std::string stem_of(const std::filesystem::path& entry);

/// True when `folder` looks like one submission: it (or a single wrapping
/// folder inside it) holds a lesson folder of the course.
bool is_submission_folder(const course::Course& course, const std::filesystem::path& folder);

/// The folder inside `folder` that holds the lesson folders (LMS archives
/// often wrap everything in one extra folder); `folder` itself if none does.
std::filesystem::path find_workspace_root(const course::Course& course, const std::filesystem::path& folder);

/// Expands the command line's paths into entries: a submission folder or an
/// archive is one entry; any other folder contributes each of its folders
/// and archives. Throws std::invalid_argument for a path that does not exist.
/// Entries whose name does not match the pattern are returned in `unmatched`.
std::vector<Entry> discover(const course::Course& course, const std::vector<std::filesystem::path>& paths,
                            const StudentIdPattern& pattern, std::vector<std::string>& unmatched);

}  // namespace grader::batch
