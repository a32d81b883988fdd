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

/// A deterministic 1/N slice of a batch, for grading on several machines.
struct Shard {
  int index = 1;  ///< 1-based
  int count = 1;
};

/// Parses "K/N" (1 <= K <= N); throws std::invalid_argument saying what is wrong.
Shard parse_shard(const std::string& text);

/// The shard from the environment: GRADER_SHARD="K/N"; a Slurm job array
/// (SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_MIN/SLURM_ARRAY_TASK_COUNT); a
/// Kubernetes Indexed Job (JOB_COMPLETION_INDEX, 0-based, with
/// GRADER_SHARD_COUNT). Throws std::invalid_argument when none is set.
Shard shard_from_environment();

/// Entries sorted by path, every count-th one starting at index - 1: the same
/// input gives the same slices on every machine, and the slices partition it.
std::vector<Entry> select_shard(std::vector<Entry> entries, const Shard& shard);

}  // namespace grader::batch
