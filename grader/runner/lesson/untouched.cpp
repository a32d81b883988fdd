#include "grader/runner/lesson/untouched.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <optional>

#include "grader/course/pristine_starter.hpp"

namespace grader::runner {
namespace {

/// The starter's file (trusted: the course's), or nothing when it cannot be read.
std::optional<std::string> starter_file(const std::filesystem::path& starter, const std::string& rel) {
  std::ifstream in(starter / rel, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

std::vector<std::string> untouched_exercises(const std::filesystem::path& course_root,
                                             const SelectedExercises& exercises,
                                             const std::vector<std::pair<std::string, std::string>>& files) {
  const std::filesystem::path starter = course::pristine_starter(course_root);
  std::vector<std::string> untouched;
  for (const auto& [id, exercise] : exercises) {
    if (exercise->files.empty()) continue;
    const bool all_as_shipped = std::all_of(exercise->files.begin(), exercise->files.end(), [&](const std::string& rel) {
      const auto submitted = std::find_if(files.begin(), files.end(), [&](const auto& f) { return f.first == rel; });
      if (submitted == files.end()) return false;
      const auto shipped = starter_file(starter, rel);
      return shipped && *shipped == submitted->second;
    });
    if (all_as_shipped) untouched.push_back(id);
  }
  return untouched;
}

}  // namespace grader::runner
