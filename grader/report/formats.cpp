#include "grader/report/formats.hpp"

#include <stdexcept>

#include "grader/report/exercism.hpp"
#include "grader/report/gradescope.hpp"
#include "grader/report/junit.hpp"
#include "grader/report/markdown.hpp"
#include "grader/report/result_json.hpp"

namespace grader::report {

const std::vector<OutputFormatInfo>& output_formats() {
  static const std::vector<OutputFormatInfo> table{
      {OutputFormat::text, "text", "", true, false, "(default)", ""},
      {OutputFormat::csv, "csv", "", false, true, "", "(one row per student)"},
      {OutputFormat::json, "json", ".json", true, true, "", ""},
      {OutputFormat::gradescope, "gradescope", ".json", true, true, "", ""},
      {OutputFormat::exercism, "exercism", ".json", true, true, "", ""},
      {OutputFormat::junit, "junit", ".xml", true, true, "", ""},
      {OutputFormat::markdown, "markdown", ".md", true, true, "", ""},
      {OutputFormat::html, "html", "", false, true, "", "(a class report site: -o FOLDER)"},
      {OutputFormat::canvas, "canvas", "", false, true, "", ""},
      {OutputFormat::moodle, "moodle", "", false, true, "", "(the assignment's grading worksheet: --worksheet FILE)"},
      {OutputFormat::moodle_gradebook, "moodle-gradebook", "", false, true, "",
       "(CSVs for the LMS's grade imports, docs/gradebook.md)"},
  };
  return table;
}

std::optional<OutputFormat> find_output_format(std::string_view name) {
  for (const auto& f : output_formats())
    if (name == f.name) return f.format;
  return std::nullopt;
}

const OutputFormatInfo& format_info(OutputFormat format) {
  for (const auto& f : output_formats())
    if (f.format == format) return f;
  throw std::logic_error("output format missing from the table");
}

namespace {

bool written_by(const OutputFormatInfo& f, FormatCommand command) {
  return command == FormatCommand::grade ? f.grade : f.exported;
}

}  // namespace

std::vector<std::string> format_names(FormatCommand command) {
  std::vector<std::string> names;
  for (const auto& f : output_formats())
    if (written_by(f, command)) names.emplace_back(f.name);
  return names;
}

std::string format_help(FormatCommand command) {
  std::vector<std::string> items;
  for (const auto& f : output_formats()) {
    if (!written_by(f, command)) continue;
    const std::string note = command == FormatCommand::grade ? f.grade_note : f.export_note;
    items.push_back(std::string(f.name) + (note.empty() ? "" : " " + note));
  }
  std::string help;
  for (std::size_t i = 0; i < items.size(); ++i)
    help += (i == 0 ? "" : i + 1 == items.size() ? " or " : ", ") + items[i];
  return help;
}

std::optional<std::string> render_submission(OutputFormat format, const runner::SubmissionResult& result) {
  switch (format) {
    case OutputFormat::json: return write_result_json(result);
    case OutputFormat::gradescope: return write_gradescope_results(result);
    case OutputFormat::exercism: return write_exercism_results(result);
    case OutputFormat::junit: return junit_xml(result, Audience::student);
    case OutputFormat::markdown: return markdown_report(result, {});
    default: return std::nullopt;
  }
}

}  // namespace grader::report
