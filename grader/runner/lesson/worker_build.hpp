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
/// suites, so an instructor build with references), every lesson of `uses`
/// not written with mode: student, when the build can serve it.
std::vector<std::string> served_lessons(const build::Toolchain& toolchain, const course::Lesson& lesson,
                                        bool include_hidden);

/// One worker of a lesson: the exercises whose tests run against it, and the
/// exercises of the same lesson whose reference behaviour it calls (their
/// files left out of it, their stubs linked in: docs/architecture.md,
/// "Exercises of the same lesson").
struct WorkerGroup {
  std::vector<std::string> served_exercises;  ///< in the lesson's order; empty: every student file of the lesson
  std::vector<std::string> exercises;         ///< the selected exercises graded with this worker
};

/// The exercises of `exercise`'s `uses` served from the reference: in `grade`
/// (include_hidden), those not written with mode: student whose stubs the
/// build has (LessonArtifacts::exercise_stubs).
std::vector<std::string> served_exercises(const build::Toolchain& toolchain, const course::Lesson& lesson,
                                          const course::Exercise& exercise, bool include_hidden);

/// The workers grading the selected exercises takes, the lesson's own one
/// (no served exercise) first, always, even when no exercise needs it: it
/// is the one whose compile errors are the lesson's.
std::vector<WorkerGroup> worker_groups(const build::Toolchain& toolchain, const course::Lesson& lesson,
                                       const std::vector<const course::Exercise*>& selected, bool include_hidden);

/// What a suite run of `group` may call back: the served lessons, and
/// "lesson/exercise" for each served exercise (grader/client/reference_table.hpp).
std::vector<std::string> callback_names(const course::Lesson& lesson, const std::vector<std::string>& served,
                                        const WorkerGroup& group);

/// The files a lesson's worker compiles, as the submission gave them.
struct WorkerSources {
  std::vector<build::SourceFile> sources;  ///< worker_files() in order, with the collected content
  std::vector<std::string> missing;        ///< those of them the submission lacked (the starter was used)
};

/// The worker's sources for `lesson` from `files`, leaving out the `served`
/// lessons and the files of the `served_exercises` of the lesson.
WorkerSources worker_sources(const course::Course& course, const course::Lesson& lesson,
                             const std::vector<std::string>& served, const CollectedFiles& files,
                             const std::vector<std::string>& served_exercises = {});

/// "a.cpp, b.cpp": the student files a lesson's worker is built from ("(none)").
std::string source_list(const std::vector<build::SourceFile>& sources);

/// Compiles the lesson's worker in `scratch` (objects cached in `cache_dir`),
/// linking the served lessons' callback stubs and those of the served exercises.
build::BuildResult build_worker(const build::Toolchain& toolchain, const std::filesystem::path& cache_dir,
                                const course::Lesson& lesson, const WorkerSources& sources,
                                const std::vector<std::string>& served, const std::filesystem::path& scratch,
                                const build::BuildLimits& limits, const std::vector<std::string>& served_exercises = {});

}  // namespace grader::runner
