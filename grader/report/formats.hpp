// The output formats of `grader grade` (one submission) and `grader export`
// (from the gradebook), in one table: their --format names, their --help
// text and which command writes which are read from here, and a format both
// commands write is rendered by the same function.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grader/runner/results.hpp"

namespace grader::report {

enum class OutputFormat { text, csv, json, gradescope, exercism, junit, markdown, html, canvas, moodle, moodle_gradebook };

/// The command a format is written by.
enum class FormatCommand { grade, export_ };

struct OutputFormatInfo {
  OutputFormat format;
  const char* name;          ///< the --format value
  const char* extension;     ///< of a file holding one submission's report ("" when none is written)
  bool grade = false;        ///< `grader grade` writes it for one submission
  bool exported = false;     ///< `grader export` writes it
  const char* grade_note;    ///< said after the name in grade's --help ("" for nothing)
  const char* export_note;   ///< said after the name in export's --help
};

/// Every format, in the order --help names them.
const std::vector<OutputFormatInfo>& output_formats();

/// The format called `name`, or nothing.
std::optional<OutputFormat> find_output_format(std::string_view name);
const OutputFormatInfo& format_info(OutputFormat format);

/// The --format values `command` accepts (for CLI11's IsMember).
std::vector<std::string> format_names(FormatCommand command);

/// "text (default), json, ... or markdown": the values `command` accepts, with their notes.
std::string format_help(FormatCommand command);

/// One submission's report in a machine format (json, gradescope, exercism,
/// junit, markdown); nothing for the others (text, csv, html, canvas, moodle
/// are written by their commands).
std::optional<std::string> render_submission(OutputFormat format, const runner::SubmissionResult& result);

}  // namespace grader::report
