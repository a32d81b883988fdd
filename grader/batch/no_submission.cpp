#include "grader/batch/no_submission.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "grader/archive/extract.hpp"

namespace grader::batch {

namespace fs = std::filesystem;

std::vector<std::string> submission_lesson_folders(const course::Course& course) {
  std::vector<std::string> folders;
  for (const auto& lesson : course.lessons)
    for (const auto& exercise : lesson.exercises)
      for (const auto& file : exercise.files) {
        std::string first = fs::path(file).begin()->string();
        if (std::find(folders.begin(), folders.end(), first) == folders.end()) folders.push_back(std::move(first));
      }
  return folders;
}

std::string no_submission_in(const course::Course& course, const std::vector<Entry>& entries,
                             const std::vector<fs::path>& paths, const std::string& allow_option) {
  if (entries.empty()) return "";
  for (const auto& e : entries) {
    // What is not a plain folder is not opened here: grading says what it holds.
    if (!e.refused.empty() || !e.parts.empty() || archive::is_archive(e.path)) return "";
    if (is_submission_folder(course, find_workspace_root(course, e.path))) return "";
  }
  std::string read;
  for (const auto& p : paths) {
    std::error_code ec;
    const fs::path shown = fs::absolute(p, ec);
    read += (read.empty() ? "" : ", ") + archive::printable_name((ec ? p : shown).lexically_normal().string());
  }
  std::string lessons;
  for (const auto& folder : submission_lesson_folders(course))
    lessons += (lessons.empty() ? "" : ", ") + archive::printable_name(folder) + "/";
  const std::size_t n = entries.size();
  return fmt::format(
      "none of the {} {} read from {} holds a lesson folder of this course, so each would be graded as an empty "
      "submission scoring 0 (paths are taken from the folder the command runs in). A submission of this course "
      "holds one or more of the lesson folders {} (as starter/ does), or is an archive of them; a folder of "
      "submissions holds one such folder or archive per student. Nothing was graded; to grade these folders "
      "anyway, add {}",
      n, n == 1 ? "folder" : "folders", read, lessons, allow_option);
}

}  // namespace grader::batch
