// Grading many submissions at once into the gradebook: in parallel, skipping
// what is already graded, one bad submission never affecting another.
#pragma once

#include <chrono>
#include <optional>

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "grader/batch/submissions.hpp"
#include "grader/runner/grader.hpp"

namespace grader::gradebook {
class Gradebook;
}

namespace grader::batch {

struct BatchOptions {
  int jobs = 1;
  bool force = false;           ///< regrade even when content and course version are unchanged
  bool include_hidden = true;
  std::vector<std::string> lessons;  ///< empty: every lesson (grade --lesson narrows it)
  std::string course_version;   ///< recorded with each result; part of "unchanged"
  std::string grader_version;
  /// Passed to each submission's grading (see runner::GradeOptions::deadline).
  std::optional<std::chrono::steady_clock::time_point> deadline;
  /// Sets a result's submission time and late penalty before it is recorded
  /// (graded now or unchanged); empty: no deadline applies.
  std::function<void(const Entry&, runner::SubmissionResult&)> stamp;
  /// Called after each submission (from worker threads, serialised).
  std::function<void(const runner::SubmissionResult&, bool skipped)> on_done;
};

struct BatchOutcome {
  std::vector<runner::SubmissionResult> results;  ///< in entry order (skipped ones from the gradebook)
  int graded = 0;
  int skipped = 0;
};

/// One submission opened for everything that follows (its identity in the
/// gradebook, grading, similarity): unpacked if an archive or parts, its
/// student files collected and hashed, once. The unpacked copy is gone when
/// this returns; grading uses `files`.
struct OpenedSubmission {
  runner::CollectedFiles files;      ///< what grading takes, with files.content_hash
  std::vector<std::string> refused;  ///< archive entries skipped, each with why
  std::string error;                 ///< why it cannot be graded at all ("" when it can)
};
OpenedSubmission open_submission(const runner::Grader& grader, const Entry& entry);

/// Grades one entry (folder or archive) into a SubmissionResult without
/// recording it. Archive problems become a result whose lessons say what
/// went wrong, with zero points.
runner::SubmissionResult grade_entry(const runner::Grader& grader, const Entry& entry, const BatchOptions& options);

/// Grades every entry, records each result in the gradebook as soon as it is
/// known (so an interrupted batch keeps what it finished).
BatchOutcome grade_all(const runner::Grader& grader, const std::vector<Entry>& entries, gradebook::Gradebook& book,
                       const BatchOptions& options);

/// The student files of an entry as grading takes them (workspace path ->
/// text; a missing or refused file is the starter's), unpacked and read the
/// same way, links never followed. Empty, with `error` set, when the entry
/// cannot be read at all.
std::map<std::string, std::string> submitted_files(const runner::Grader& grader, const Entry& entry, std::string& error);

}  // namespace grader::batch
