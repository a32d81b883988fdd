// Grades as the LMS's own importers read them (conventions and the importer
// rules each follows: docs/gradebook.md). Grades are after the late penalty,
// on the LMS assignment's scale (`points`: 0 keeps the course's total).
// Text the grader writes goes through csv_text_field; cells downloaded from
// the LMS are written back as they were.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "grader/runner/results.hpp"

namespace grader::report {

struct LmsStudent {
  std::string id;  ///< Canvas user id / Moodle participant id (the id grading used)
  std::string name, email, section;
  const runner::SubmissionResult* result = nullptr;  ///< null: no submission
};

/// The penalised total on a scale of `points` (0: the course's own total),
/// exact to a thousandth.
double lms_grade(const runner::SubmissionResult& result, double points);

/// The feedback line for a student: the late decision (if any), then the
/// tests' status.
std::string lms_feedback(const runner::SubmissionResult& result);

/// Canvas's Gradebook import: Student,ID,SIS User ID,SIS Login ID,Section,<assignment>,
/// one row per student given (a student without a submission: an empty grade,
/// which Canvas leaves unchanged). `assignment` must be the column's name as
/// Canvas exports it ("Homework 3 (12345)").
std::string canvas_grades_csv(const std::vector<LmsStudent>& students, const std::string& assignment, double points = 0);

/// A worksheet the LMS's file does not fit: what is wrong and what to do.
class WorksheetError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct FilledWorksheet {
  std::string csv;
  int filled = 0;                           ///< rows whose Grade was written
  std::vector<std::string> not_submitted;   ///< worksheet participants without a graded submission (left as downloaded)
  std::vector<std::string> not_in_worksheet;  ///< graded students no worksheet row names
  bool feedback_column = false;             ///< the worksheet has "Feedback comments"
};

/// Moodle's offline grading worksheet (Assignment > View all submissions >
/// Download grading worksheet), filled: for each row whose Identifier is
/// "Participant N" with N a graded student's id, Grade (and Feedback
/// comments, when the worksheet has that column) are written; every other
/// cell, Identifier and "Last modified (grade)" included, stays as
/// downloaded. Throws WorksheetError when a column Moodle's importer needs
/// is missing or the worksheet's Maximum Grade is not the scale of the grades.
FilledWorksheet fill_moodle_worksheet(std::string_view worksheet, const std::vector<LmsStudent>& graded, double points = 0);

struct GradebookImportCsv {
  std::string csv;
  std::vector<std::string> left_out;  ///< students without an email, or without a submission (ids)
};

/// Moodle's gradebook import (Grades > Import > CSV file), rows mapped by
/// email: Email address,Full name,<item>,Feedback. Only students with both
/// an email and a submission get a row (why: docs/gradebook.md).
GradebookImportCsv moodle_gradebook_csv(const std::vector<LmsStudent>& students, const std::string& item,
                                        double points = 0);

}  // namespace grader::report
