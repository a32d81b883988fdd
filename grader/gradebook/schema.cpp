#include "grader/gradebook/schema.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <array>

#include "grader/gradebook/gradebook.hpp"

namespace grader::gradebook {
namespace {

// kMigrations[v] takes a gradebook from schema v to v + 1. Released steps
// are never edited: a change to the schema is a new step (see the version
// policy in docs/gradebook.md).
constexpr std::array<const char*, kSchemaVersion> kMigrations = {
    // 0 -> 1: the first schema.
    R"sql(
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE students (
  id         TEXT PRIMARY KEY,
  first_seen TEXT NOT NULL
);

CREATE TABLE submissions (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  student        TEXT NOT NULL REFERENCES students(id),
  source         TEXT NOT NULL,
  content_hash   TEXT NOT NULL,
  submitted_at   TEXT,
  graded_at      TEXT NOT NULL,
  course_version TEXT NOT NULL,
  grader_version TEXT NOT NULL,
  score          REAL NOT NULL,
  max_score      REAL NOT NULL,
  seconds        REAL NOT NULL,
  ignored_files  TEXT NOT NULL DEFAULT '[]'
                 CHECK (json_valid(ignored_files) AND json_type(ignored_files) = 'array'),
  rejected_files TEXT NOT NULL DEFAULT '[]'
                 CHECK (json_valid(rejected_files) AND json_type(rejected_files) = 'array')
);
CREATE INDEX submissions_by_student ON submissions(student, graded_at);
CREATE INDEX submissions_by_content ON submissions(student, content_hash, course_version);

CREATE TABLE lesson_results (
  submission INTEGER NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
  position   INTEGER NOT NULL,
  lesson     TEXT NOT NULL,
  status     TEXT NOT NULL,
  detail     TEXT NOT NULL,
  score      REAL NOT NULL,
  max_score  REAL NOT NULL,
  seconds    REAL NOT NULL,
  PRIMARY KEY (submission, lesson),
  UNIQUE (submission, position)
);

CREATE TABLE test_results (
  submission     INTEGER NOT NULL,
  lesson         TEXT NOT NULL,
  position       INTEGER NOT NULL,
  exercise       TEXT NOT NULL,
  name           TEXT NOT NULL,
  hidden         INTEGER NOT NULL CHECK (hidden IN (0, 1)),
  visibility     TEXT NOT NULL,
  show_details   INTEGER NOT NULL CHECK (show_details IN (0, 1)),
  status         TEXT NOT NULL,
  score          REAL NOT NULL,
  max_score      REAL NOT NULL,
  message        TEXT NOT NULL,
  public_message TEXT NOT NULL,
  seconds        REAL NOT NULL,
  PRIMARY KEY (submission, lesson, position),
  FOREIGN KEY (submission, lesson) REFERENCES lesson_results(submission, lesson) ON DELETE CASCADE
);
CREATE INDEX test_results_by_test ON test_results(lesson, exercise, name);

CREATE TABLE manual_grades (
  submission INTEGER NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
  student    TEXT NOT NULL REFERENCES students(id),
  lesson     TEXT NOT NULL,
  exercise   TEXT NOT NULL,
  question   TEXT NOT NULL,
  answer     TEXT NOT NULL,
  score      REAL NOT NULL,
  max_score  REAL NOT NULL,
  comment    TEXT NOT NULL,
  graded_at  TEXT NOT NULL,
  PRIMARY KEY (submission, lesson, exercise, question)
);

CREATE VIEW latest_submissions AS
  SELECT * FROM submissions AS s
  WHERE s.id = (SELECT t.id FROM submissions AS t WHERE t.student = s.student
                ORDER BY t.graded_at DESC, t.id DESC LIMIT 1);
)sql",
    // 1 -> 2: late work (raw score stays in `score`; the penalty is a
    // percentage of it) and the class roster.
    R"sql(
ALTER TABLE submissions ADD COLUMN late INTEGER NOT NULL DEFAULT 0 CHECK (late IN (0, 1));
ALTER TABLE submissions ADD COLUMN late_seconds REAL;
ALTER TABLE submissions ADD COLUMN late_penalty_percent REAL NOT NULL DEFAULT 0
  CHECK (late_penalty_percent >= 0 AND late_penalty_percent <= 100);
ALTER TABLE submissions ADD COLUMN late_reason TEXT NOT NULL DEFAULT '';

CREATE TABLE roster (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  email       TEXT NOT NULL,
  section     TEXT NOT NULL,
  imported_at TEXT NOT NULL
);
)sql",
    // 2 -> 3: every path a submission was graded from, as a JSON array of
    // {"path", "uploaded"} objects, never joined with a separator a path may
    // hold. Older rows keep '[]' here and their newline-joined `source`,
    // which grader regrade still reads, refusing what a file name could have
    // forged (docs/gradebook.md).
    R"sql(
ALTER TABLE submissions ADD COLUMN source_paths TEXT NOT NULL DEFAULT '[]'
  CHECK (json_valid(source_paths) AND json_type(source_paths) = 'array');
)sql",
};

void set_meta(SQLite::Database& db, const char* key, const std::string& value) {
  SQLite::Statement upsert(db,
                           "INSERT INTO meta(key, value) VALUES (?, ?) "
                           "ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  upsert.bind(1, key);
  upsert.bind(2, value);
  upsert.exec();
}

}  // namespace

int user_version(SQLite::Database& db) { return db.execAndGet("PRAGMA user_version").getInt(); }

void migrate(SQLite::Database& db, const std::string& display_name) {
  // Most opens find the current schema: no need to wait for the write lock.
  if (user_version(db) == kSchemaVersion) return;
  SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
  const int found = user_version(db);
  if (found > kSchemaVersion)
    throw GradebookError(display_name + ": the gradebook has schema version " + std::to_string(found) +
                         ", newer than the " + std::to_string(kSchemaVersion) +
                         " this grader understands; use a newer grader");
  if (found == kSchemaVersion) return;  // the transaction ends without changes
  if (found == 0) {
    const int tables = db.execAndGet("SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'").getInt();
    if (tables != 0)
      throw GradebookError(display_name +
                           ": this SQLite file holds other tables and is not a gradebook; choose another path");
  }
  for (int version = found; version < kSchemaVersion; ++version) db.exec(kMigrations[static_cast<std::size_t>(version)]);
  db.exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
  set_meta(db, "schema_version", std::to_string(kSchemaVersion));
  const std::string now = utc_now_iso8601();
  if (found == 0) set_meta(db, "created_at", now);
  set_meta(db, "migrated_at", now);
  transaction.commit();
}

}  // namespace grader::gradebook
