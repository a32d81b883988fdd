// Rows <-> results: the inserts and selects behind Gradebook, shared by its
// operations. Callers own the transaction.
#pragma once

#include <cstdint>
#include <string>

#include "grader/gradebook/gradebook.hpp"

namespace SQLite {
class Database;
class Statement;
}

namespace grader::gradebook {

/// Inserts the student (if new), the submission, its lessons and its tests;
/// returns the submission id. Throws SQLite::Exception on any constraint.
std::int64_t insert_submission(SQLite::Database& db, const runner::SubmissionResult& result,
                               const std::string& graded_at);

/// Binds late, late_seconds, late_penalty_percent, late_reason at `first`...`first + 3`.
void bind_lateness(SQLite::Statement& statement, int first, const runner::Lateness& lateness);

/// The late decision's inputs as the `late_inputs` column holds them: "{}"
/// when not applied, else {"due", "grace_minutes", "percent_per_day",
/// "max_percent", "no_credit_after"?, "submitted_at"?, "time_source",
/// "flagged_late", "extended_due"?} with times as ISO 8601 UTC text.
std::string json_late_inputs(const runner::LateInputs& inputs);
/// Throws GradebookError naming the submission when the text is not that form.
runner::LateInputs parse_late_inputs(const std::string& text, std::int64_t submission_id);

/// Throws GradebookError when the id is unknown.
StoredSubmission load_submission(SQLite::Database& db, std::int64_t id);

}  // namespace grader::gradebook
