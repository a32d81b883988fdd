#include "grader/runner/lesson/worker_build.hpp"

#include <algorithm>
#include <set>

namespace grader::runner {

std::vector<std::string> served_lessons(const build::Toolchain& toolchain, const course::Lesson& lesson,
                                        bool include_hidden) {
  std::vector<std::string> served;
  const auto* artifacts = toolchain.lesson(lesson.id);
  if (!include_hidden || !artifacts) return served;
  for (const auto& used : lesson.uses) {
    const auto* used_artifacts = toolchain.lesson(used);
    const auto& can = artifacts->callback_lessons;
    if (!lesson.uses_student_code.count(used) && used_artifacts && !used_artifacts->use_stubs.empty() &&
        std::find(can.begin(), can.end(), used) != can.end())
      served.push_back(used);
  }
  return served;
}

std::vector<std::string> served_exercises(const build::Toolchain& toolchain, const course::Lesson& lesson,
                                          const course::Exercise& exercise, bool include_hidden) {
  std::vector<std::string> served;
  const auto* artifacts = toolchain.lesson(lesson.id);
  if (!include_hidden || !artifacts) return served;
  // In the lesson's order, so that two exercises using the same ones share a worker.
  for (const auto& e : lesson.exercises)
    if (std::find(exercise.uses.begin(), exercise.uses.end(), e.id) != exercise.uses.end() &&
        !exercise.uses_student_code.count(e.id) && artifacts->exercise_stubs.count(e.id))
      served.push_back(e.id);
  return served;
}

std::vector<WorkerGroup> worker_groups(const build::Toolchain& toolchain, const course::Lesson& lesson,
                                       const std::vector<const course::Exercise*>& selected, bool include_hidden) {
  std::vector<WorkerGroup> groups(1);
  for (const auto* e : selected) {
    auto served = served_exercises(toolchain, lesson, *e, include_hidden);
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.served_exercises == served; });
    if (it == groups.end()) it = groups.insert(groups.end(), WorkerGroup{std::move(served), {}});
    it->exercises.push_back(e->id);
  }
  return groups;
}

std::vector<std::string> callback_names(const course::Lesson& lesson, const std::vector<std::string>& served,
                                        const WorkerGroup& group) {
  std::vector<std::string> names = served;
  for (const auto& e : group.served_exercises) names.push_back(lesson.id + "/" + e);
  return names;
}

WorkerSources worker_sources(const course::Course& course, const course::Lesson& lesson,
                             const std::vector<std::string>& served, const CollectedFiles& files,
                             const std::vector<std::string>& served_exercises) {
  WorkerSources out;
  std::set<std::string> left_out;  // the served exercises' files: their stubs stand in
  for (const auto& e : lesson.exercises)
    if (std::find(served_exercises.begin(), served_exercises.end(), e.id) != served_exercises.end())
      left_out.insert(e.files.begin(), e.files.end());
  for (const auto& rel : worker_files(course, lesson, served)) {
    if (left_out.count(rel)) continue;
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
                                const build::BuildLimits& limits, const std::vector<std::string>& served_exercises) {
  build::WorkerBuilder builder(toolchain, cache_dir);
  std::vector<std::string> stubs;  // the served lessons' and exercises' functions, as callbacks
  for (const auto& used : served) stubs.push_back(toolchain.lesson(used)->use_stubs);
  for (const auto& e : served_exercises) stubs.push_back(toolchain.lesson(lesson.id)->exercise_stubs.at(e));
  return builder.build(lesson.id, sources.sources, scratch, limits, stubs);
}

}  // namespace grader::runner
