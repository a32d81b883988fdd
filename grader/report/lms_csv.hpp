// Grades as the LMS's own grade import reads them (conventions in
// docs/gradebook.md). One row per roster student (a student without a
// submission gets an empty grade, which both LMSs leave unchanged), then any
// graded student missing from the roster. Grades are after the late penalty;
// the reason goes in Moodle's feedback comments. Cells through csv_text_field.
#pragma once

#include <string>
#include <vector>

#include "grader/runner/results.hpp"

namespace grader::report {

struct LmsStudent {
  std::string id;  ///< Canvas user id / Moodle participant id (the id grading used)
  std::string name, email, section;
  const runner::SubmissionResult* result = nullptr;  ///< null: no submission
};

/// Canvas's Gradebook import: Student,ID,SIS User ID,SIS Login ID,Section,<assignment>.
/// `assignment` must be the column's name as Canvas exports it ("Homework 3 (12345)").
std::string canvas_grades_csv(const std::vector<LmsStudent>& students, const std::string& assignment);

/// Moodle's assignment grading worksheet (Assignment > Upload grading worksheet):
/// Identifier,Full name,Email address,Grade,Maximum Grade,Feedback comments,
/// with Identifier "Participant <id>".
std::string moodle_grades_csv(const std::vector<LmsStudent>& students);

}  // namespace grader::report
