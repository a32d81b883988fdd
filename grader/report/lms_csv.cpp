#include "grader/report/lms_csv.hpp"

#include <cmath>
#include <map>

#include <fmt/format.h>

#include "grader/report/csv.hpp"
#include "grader/report/grades_csv.hpp"
#include "grader/report/lesson_summary.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/runner/points.hpp"

namespace grader::report {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

std::string grade_cell(const LmsStudent& s, double points) {
  return s.result ? format_points(lms_grade(*s.result, points)) : "";
}

// The worksheet's own cells go back as they were: quoted where CSV needs it,
// never altered (Moodle compares Identifier and Last modified (grade) as text).
std::string downloaded_row(const std::vector<std::string>& cells) {
  std::vector<std::string> fields;
  for (const auto& c : cells) fields.push_back(csv_field(c));
  return csv_row(fields);
}

int column_named(const std::vector<std::string>& header, std::string_view name) {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return static_cast<int>(i);
  return -1;
}

}  // namespace

double lms_grade(const runner::SubmissionResult& result, double points) {
  const double penalised = runner::penalised_score(result);
  if (points <= 0 || result.max_score <= 0) return penalised;
  return runner::exact_points(penalised * points / result.max_score);
}

std::string lms_feedback(const runner::SubmissionResult& result) {
  std::string feedback = status_summary(result);
  if (const std::string late = late_summary(result); !late.empty()) feedback = late + ". " + feedback;
  return feedback;
}

std::string canvas_grades_csv(const std::vector<LmsStudent>& students, const std::string& assignment, double points) {
  std::string out = csv_row({"Student", "ID", "SIS User ID", "SIS Login ID", "Section", csv_text_field(assignment)});
  for (const auto& s : students)
    out += csv_row({csv_text_field(s.name), csv_text_field(s.id), "", "", csv_text_field(s.section), grade_cell(s, points)});
  return out;
}

FilledWorksheet fill_moodle_worksheet(std::string_view worksheet, const std::vector<LmsStudent>& graded, double points) {
  const bool bom = worksheet.substr(0, kBom.size()) == kBom;
  if (bom) worksheet.remove_prefix(kBom.size());
  std::vector<std::vector<std::string>> rows;
  try {
    rows = parse_csv(worksheet);
  } catch (const std::invalid_argument& e) {
    throw WorksheetError(std::string("the worksheet is not valid CSV: ") + e.what() +
                         "; download it again from Moodle (Download grading worksheet), and save it as CSV if a "
                         "spreadsheet opened it");
  }
  if (rows.empty()) throw WorksheetError("the worksheet is empty; download it again from Moodle");
  const auto& header = rows[0];
  // mod/assign/feedback/offline/importgradeslib.php, init(): the header cells
  // are compared whole with get_string('recordid', 'assign') "Identifier",
  // get_string('grade') "Grade" and get_string('lastmodifiedgrade', 'assign')
  // "Last modified (grade)"; "if ($this->idindex < 0 || $this->gradeindex < 0
  // || $this->modifiedindex < 0) return false;" (the import is refused).
  const int id_col = column_named(header, "Identifier"), grade_col = column_named(header, "Grade"),
            modified_col = column_named(header, "Last modified (grade)");
  std::string missing;
  for (const auto& [col, name] : {std::pair{id_col, "Identifier"}, {grade_col, "Grade"}, {modified_col, "Last modified (grade)"}})
    if (col < 0) missing += std::string(missing.empty() ? "" : ", ") + "'" + name + "'";
  if (!missing.empty())
    throw WorksheetError("the worksheet has no column " + missing +
                         ", which Moodle's worksheet import requires; give the file Moodle's \"Download grading "
                         "worksheet\" produced (the assignment needs the \"Offline grading worksheet\" feedback type)");
  // Feedback columns are matched by the plugin's name: assignfeedback_comments
  // calls its editor field "Feedback comments" (importgradeslib.php matches
  // $this->feedbackcolumnindexes[$column] by that description).
  const int feedback_col = column_named(header, "Feedback comments");
  // Out-of-range grades are skipped silently: process_import_grades() in
  // mod/assign/feedback/offline/locallib.php skips "$record->grade < 0 ||
  // $record->grade > $this->assignment->get_instance()->grade". So the scale
  // must be the assignment's maximum, which the worksheet states.
  const int max_col = column_named(header, "Maximum Grade");
  std::map<std::string, const LmsStudent*> by_id;
  for (const auto& s : graded)
    if (s.result) by_id.emplace(s.id, &s);
  FilledWorksheet out;
  out.feedback_column = feedback_col >= 0;
  std::map<std::string, bool> seen;
  std::string text(bom ? kBom : "");
  text += downloaded_row(header);
  for (std::size_t r = 1; r < rows.size(); ++r) {
    std::vector<std::string> cells = rows[r];
    cells.resize(std::max(cells.size(), header.size()));
    // importgradeslib.php, next(): "$id = substr($idstr, strlen(get_string('hiddenuser', 'assign')));"
    // the number after "Participant " is Moodle's unique id of the
    // participant, the one in the download's folder names (--id-pattern moodle).
    const std::string& identifier = cells[static_cast<std::size_t>(id_col)];
    const std::string prefix = "Participant ";
    const std::string id = identifier.rfind(prefix, 0) == 0 ? identifier.substr(prefix.size()) : "";
    auto it = by_id.find(id);
    if (id.empty() || it == by_id.end()) {
      if (!identifier.empty()) out.not_submitted.push_back(identifier);
      text += downloaded_row(cells);
      continue;
    }
    seen[id] = true;
    const runner::SubmissionResult& result = *it->second->result;
    const double scale = points > 0 ? points : result.max_score;
    if (max_col >= 0) {
      const std::string& stated = cells[static_cast<std::size_t>(max_col)];
      double maximum = 0;
      std::size_t used = 0;
      try {
        maximum = std::stod(stated, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used > 0 && runner::to_milli(maximum) != runner::to_milli(scale))
        throw WorksheetError(fmt::format(
            "{}: Moodle's maximum grade is {}, but the grades are out of {}; Moodle skips a grade above its maximum "
            "without a word, so set the assignment's Maximum grade to {} in Moodle, or pass --points {} to scale "
            "the grades to it",
            plain_line(identifier), plain_line(stated), format_points(scale), format_points(scale), plain_line(stated)));
    }
    cells[static_cast<std::size_t>(grade_col)] = format_points(lms_grade(result, points));
    std::vector<std::string> fields;
    for (std::size_t c = 0; c < cells.size(); ++c)
      fields.push_back(static_cast<int>(c) == feedback_col ? csv_text_field(lms_feedback(result)) : csv_field(cells[c]));
    text += csv_row(fields);
    ++out.filled;
  }
  for (const auto& s : graded)
    if (s.result && !seen.count(s.id)) out.not_in_worksheet.push_back(s.id);
  out.csv = std::move(text);
  return out;
}

GradebookImportCsv moodle_gradebook_csv(const std::vector<LmsStudent>& students, const std::string& item, double points) {
  GradebookImportCsv out;
  out.csv = csv_row({"Email address", "Full name", csv_text_field(item), csv_text_field(item + " (feedback)")});
  for (const auto& s : students) {
    // grade/import/csv/classes/load_data.php: a row whose mapped user cell is
    // empty is skipped ("Skip invalid row with blank user field") without
    // resetting $this->studentid, so its grades would go to the row before;
    // an empty grade is "$value = null; // No grade." and would clear a grade
    // given in Moodle. Neither kind of row is written.
    if (s.email.empty() || !s.result) {
      out.left_out.push_back(s.id);
      continue;
    }
    out.csv += csv_row({csv_text_field(s.email), csv_text_field(s.name), grade_cell(s, points),
                        csv_text_field(lms_feedback(*s.result))});
  }
  return out;
}

}  // namespace grader::report
