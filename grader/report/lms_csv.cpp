#include "grader/report/lms_csv.hpp"

#include "grader/report/csv.hpp"
#include "grader/report/grades_csv.hpp"
#include "grader/report/lesson_summary.hpp"

namespace grader::report {
namespace {

std::string grade_of(const LmsStudent& s) {
  return s.result ? format_points(runner::penalised_score(*s.result)) : "";
}

}  // namespace

std::string canvas_grades_csv(const std::vector<LmsStudent>& students, const std::string& assignment) {
  std::string out = csv_row({"Student", "ID", "SIS User ID", "SIS Login ID", "Section", csv_text_field(assignment)});
  for (const auto& s : students)
    out += csv_row({csv_text_field(s.name), csv_text_field(s.id), "", "", csv_text_field(s.section), grade_of(s)});
  return out;
}

std::string moodle_grades_csv(const std::vector<LmsStudent>& students) {
  std::string out =
      csv_row({"Identifier", "Full name", "Email address", "Grade", "Maximum Grade", "Feedback comments"});
  for (const auto& s : students) {
    std::string feedback;
    if (s.result) {
      feedback = status_summary(*s.result);
      if (const std::string late = late_summary(*s.result); !late.empty()) feedback = late + ". " + feedback;
    }
    out += csv_row({csv_text_field("Participant " + s.id), csv_text_field(s.name), csv_text_field(s.email), grade_of(s),
                    s.result ? format_points(s.result->max_score) : "", csv_text_field(feedback)});
  }
  return out;
}

}  // namespace grader::report
