#include "grader/runner/lesson/worker_build.hpp"

#include <algorithm>

namespace grader::runner {

std::vector<std::string> served_lessons(const build::Toolchain& toolchain, const course::Lesson& lesson,
                                        bool include_hidden) {
  const auto* artifacts = toolchain.lesson(lesson.id);
  if (!include_hidden || !artifacts) return {};
  return artifacts->callback_lessons;
}

WorkerSources worker_sources(const course::Course& course, const course::Lesson& lesson,
                             const std::vector<std::string>& served, const CollectedFiles& files) {
  WorkerSources out;
  for (const auto& rel : worker_files(course, lesson, served)) {
    auto it = std::find_if(files.files.begin(), files.files.end(), [&](const auto& f) { return f.first == rel; });
    if (it != files.files.end()) out.sources.push_back({rel, it->second});
    if (std::find(files.missing.begin(), files.missing.end(), rel) != files.missing.end()) out.missing.push_back(rel);
  }
  return out;
}

std::string source_list(const std::vector<build::SourceFile>& sources) {
  std::string list;
  for (const auto& f : sources) list += (list.empty() ? "" : ", ") + f.relative;
  return list.empty() ? "(none)" : list;
}

build::BuildResult build_worker(const build::Toolchain& toolchain, const std::filesystem::path& cache_dir,
                                const course::Lesson& lesson, const WorkerSources& sources,
                                const std::vector<std::string>& served, const std::filesystem::path& scratch,
                                const build::BuildLimits& limits) {
  build::WorkerBuilder builder(toolchain, cache_dir);
  std::vector<std::string> stubs;  // the served lessons' functions, as callbacks
  for (const auto& used : served) stubs.push_back(toolchain.lesson(used)->use_stubs);
  return builder.build(lesson.id, sources.sources, scratch, limits, stubs);
}

}  // namespace grader::runner
