// The class report as a static web site (`grader export --format html`):
// index.html with the class at a glance and one feedback page per student
// under students/. Self-contained: no server, no network, no external script,
// style sheet or font; it opens from the file system. Every string that came
// from a submission (ids, names, messages, answers, file names) goes through
// html_text; a Content-Security-Policy lets only the page's own sorting
// script run (by its hash), so even a missed escape could not run a
// student's script.
#pragma once

#include <string>
#include <vector>

#include "grader/course/model.hpp"
#include "grader/report/upload_note.hpp"
#include "grader/runner/results.hpp"

namespace grader::report::html {

struct RosterStudent {
  std::string id, name, email, section;
};

/// A free-text answer's manual grade, as the gradebook keeps it.
struct ManualGrade {
  std::string lesson, exercise, question, answer, comment;
  double score = 0, max_score = 0;
};

struct StudentInput {
  runner::SubmissionResult result;  ///< the latest submission, student_name filled from the roster
  std::string graded_at;
  std::string section;
  std::vector<ManualGrade> manual_grades;
};

struct SiteInput {
  std::string title = "Class report";  ///< `grader export` gives the course's title unless --title says otherwise
  const course::Course* course = nullptr;  ///< the order of lessons and exercises (nullptr: as first seen)
  std::string generated_at;  ///< ISO 8601
  std::vector<StudentInput> students;
  std::vector<RosterStudent> roster;  ///< empty when none was imported
  /// Renamed and ignored uploads (batch::upload_notes), listed by student as the batch summary lists them.
  std::vector<UploadNote> upload_notes;
};

struct Page {
  std::string path;  ///< relative to the site's folder: "index.html", "students/alice-3f2a9c1b.html"
  std::string html;
};

/// Every page of the site carries <meta name="generator" content="kGenerator">:
/// a later export tells its own pages from anything else by it.
inline constexpr const char* kGenerator = "grader export --format html";

/// Every page of the site.
std::vector<Page> render_site(const SiteInput& input);

}  // namespace grader::report::html
