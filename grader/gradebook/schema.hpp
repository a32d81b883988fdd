// Creating and migrating the gradebook's tables. The schema itself is
// documented, column by column, in docs/gradebook.md.
#pragma once

#include <string>

namespace SQLite {
class Database;
}

namespace grader::gradebook {

/// Brings the open database to kSchemaVersion inside one immediate
/// transaction (so two graders opening a new file at once do not both create
/// it). Throws GradebookError for a newer schema or a file that holds other
/// tables and no gradebook.
void migrate(SQLite::Database& db, const std::string& display_name);

/// PRAGMA user_version.
int user_version(SQLite::Database& db);

}  // namespace grader::gradebook
