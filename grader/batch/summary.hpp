// The end-of-batch summary: how many submissions ended in each status, the
// score distribution, and which exercises the class struggled with.
#pragma once

#include <string>
#include <vector>

#include "grader/course/model.hpp"
#include "grader/report/no_submission.hpp"
#include "grader/report/upload_note.hpp"
#include "grader/runner/results.hpp"

namespace grader::batch {

/// A submission's outcome's machine name (report/outcome.hpp): "passed",
/// "crashed", "not_attempted", ...
std::string overall_status(const runner::SubmissionResult& result);

/// Plain-text summary (several lines, from report::class_stats): the
/// outcomes, the scores, every lesson that crashed, timed out, did not
/// compile or start (student, name, first message), the lessons not
/// attempted as one count, and each exercise's share over the students who
/// attempted it, in the course's order.
/// `not_graded` lists the entries that were skipped without a gradebook row
/// ("'name': why"), each shown as a line of its own. `without_submission`:
/// the roster students the gradebook has no submission of, named on one line.
std::string class_summary(const course::Course& course, const std::vector<runner::SubmissionResult>& results,
                          const std::vector<std::string>& not_graded = {},
                          const std::vector<report::NoSubmission>& without_submission = {});

using report::UploadNote;

/// Every upload Canvas renamed (graded as the course file it stands for) and
/// every file ignored because the course does not name it, per student in
/// the order of `results`; for the batch summary and the class page.
std::vector<UploadNote> upload_notes(const course::Course& course, const std::vector<runner::SubmissionResult>& results);

/// The notes as lines under a heading ("" when there are none).
std::string upload_notes_text(const std::vector<UploadNote>& notes);

}  // namespace grader::batch
