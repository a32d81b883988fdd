// When each submission of a batch came in, and the late penalty that follows
// from the deadlines file and the extensions. Sources of the time, in order
// (docs/deadlines.md):
//   1. --submitted-at FILE.csv (student,submitted_at), e.g. from the LMS's
//      submission list;
//   2. --times-from-files: the entry's own modification time (the last
//      resort: Moodle's download keeps each submission's time on its files,
//      copying or unpacking elsewhere may not);
//   3. the LMS's late flag in the entry's name (Canvas: lastfirst_LATE_...),
//      which says "late" without saying how late.
#pragma once

#include <ctime>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "grader/batch/submissions.hpp"
#include "grader/course/deadlines.hpp"
#include "grader/runner/late_policy.hpp"

namespace grader::batch {

struct DeadlineInputs {
  course::LatePolicy policy;
  std::map<std::string, std::time_t> extended_due;  ///< lowercased student id -> new due date
  std::map<std::string, std::time_t> submitted_at;  ///< lowercased student id -> submission time
  std::string submitted_at_file;                    ///< named in the reason
  bool times_from_files = false;
};

/// Extensions CSV: a `student` column and either `due` (a new due date with
/// its time zone) or `days` (added to the course's due date) per row.
/// Throws std::invalid_argument naming the file and row of anything wrong.
std::map<std::string, std::time_t> read_extensions(const std::filesystem::path& csv, const course::LatePolicy& policy);

/// Submission times CSV: `student` and `submitted_at` columns. Throws
/// std::invalid_argument naming the file and row of anything wrong.
std::map<std::string, std::time_t> read_submitted_at(const std::filesystem::path& csv);

/// True when the entry's name carries the LMS's late flag (Canvas's
/// lastfirst_LATE_<user id>_..., in any letter case).
bool lms_flags_late(const std::filesystem::path& entry);

/// The entry's own modification time (not following a link).
std::optional<std::time_t> entry_file_time(const std::filesystem::path& entry);

runner::SubmissionTime submission_time(const Entry& entry, const DeadlineInputs& inputs);

/// Sets result.lateness, result.submitted_at to the time found ("" when none)
/// and result.late_inputs to what the decision was made from.
void stamp_lateness(const Entry& entry, const DeadlineInputs& inputs, runner::SubmissionResult& result);

/// The decision of `inputs` (kept by the gradebook) made again: lateness,
/// submitted_at and late_inputs, as stamp_lateness would set them.
void apply_late_inputs(const runner::LateInputs& inputs, runner::SubmissionResult& result);

}  // namespace grader::batch
