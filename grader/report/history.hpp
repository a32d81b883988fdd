// A student's graded versions side by side: when each was graded, its score,
// and what changed from the version before (per exercise, files, course).
#pragma once

#include <string>
#include <vector>

#include "grader/course/model.hpp"
#include "grader/runner/results.hpp"

namespace grader::report {

struct GradedVersion {
  std::string graded_at;  ///< ISO 8601 UTC
  runner::SubmissionResult result;
};

/// One exercise's points in a version and the change from the previous one.
struct ExerciseChange {
  std::string lesson;
  std::string exercise;
  double before = 0;  ///< points in the previous version (0 when it had none)
  double after = 0;
  double max_score = 0;
  bool is_new = false;  ///< absent from the previous version
};

struct VersionChanges {
  std::vector<ExerciseChange> exercises;  ///< only those whose points changed (all, for the first version)
  bool files_changed = false;             ///< another content hash
  bool course_changed = false;            ///< graded under another course version
  double score_delta = 0;
};

/// What changed from `before` (nullptr: the first version) to `after`.
VersionChanges changes_between(const runner::SubmissionResult* before, const runner::SubmissionResult& after);

/// Plain text, oldest first: one block per version with its number, time,
/// score, the change in score and per-exercise deltas ("pe-formula 2 -> 4 / 4").
/// Student text (ids, sources) is sanitised for the terminal. Exercises in
/// `course`'s order (without it, as the results list them); `name` (the
/// roster's) beside the id.
std::string history_text(const std::string& student, const std::vector<GradedVersion>& versions,
                         const course::Course* course = nullptr, const std::string& name = "");

}  // namespace grader::report
