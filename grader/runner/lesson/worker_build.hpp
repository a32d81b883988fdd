// Grading a lesson, step 3: the student files its worker is built from and
// the build itself. The worker never holds reference code: the used lessons
// `grade` serves are linked as callback stubs instead of the student's files.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "grader/build/toolchain.hpp"
#include "grader/build/worker_builder.hpp"
#include "grader/course/model.hpp"
#include "grader/runner/grader.hpp"

namespace grader::runner {

/// The used lessons whose reference behaviour the lesson is graded against
/// (docs/architecture.md, "Earlier lessons' functions"): in `grade` (hidden
/// suites, so an instructor build with references), the lesson's
/// `callback_lessons` in the toolchain manifest. The build decides them, once
/// (cmake/CourseLesson.cmake): every lesson of `uses` not written with
/// mode: student that has a reference server and use stubs.
std::vector<std::string> served_lessons(const build::Toolchain& toolchain, const course::Lesson& lesson,
                                        bool include_hidden);

/// The files a lesson's worker compiles, as the submission gave them.
struct WorkerSources {
  std::vector<build::SourceFile> sources;  ///< worker_files() in order, with the collected content
  std::vector<std::string> missing;        ///< those of them the submission lacked (the starter was used)
};

/// The worker's sources for `lesson` from `files`, leaving out the `served` lessons.
WorkerSources worker_sources(const course::Course& course, const course::Lesson& lesson,
                             const std::vector<std::string>& served, const CollectedFiles& files);

/// "a.cpp, b.cpp": the student files a lesson's worker is built from ("(none)").
std::string source_list(const std::vector<build::SourceFile>& sources);

/// Compiles the lesson's worker in `scratch` (objects cached in `cache_dir`),
/// linking the served lessons' callback stubs.
build::BuildResult build_worker(const build::Toolchain& toolchain, const std::filesystem::path& cache_dir,
                                const course::Lesson& lesson, const WorkerSources& sources,
                                const std::vector<std::string>& served, const std::filesystem::path& scratch,
                                const build::BuildLimits& limits);

}  // namespace grader::runner
