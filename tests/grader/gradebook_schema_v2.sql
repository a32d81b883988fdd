-- The gradebook schema as released in version 2 (frozen): version 1 and its
-- 1 -> 2 step. Opened by the migration test of version 3 (source paths).
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
