// CSV as RFC 4180 describes it: a field holding a comma, a double quote, a
// CR or an LF is quoted, with inner quotes doubled. Rows end in "\n".
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace grader::report {

/// One field, quoted when it needs to be.
std::string csv_field(std::string_view text);

/// A field of free text written by someone else (a student's quiz answer, a
/// failure message, a student id): CSV's helper of sanitize.hpp. The text
/// rule first (control characters shown as "\x1b", see plain_text), then,
/// since spreadsheets run a cell starting with = + - @ (or a tab or CR, also
/// after spaces) as a formula, a leading apostrophe; then csv_field.
std::string csv_text_field(std::string_view text);

/// The inverse of csv_text_field's apostrophe, for a parsed field that must
/// match exactly (an id written with csv_text_field and read back).
std::string csv_text_value(std::string_view field);

/// Fields already passed through csv_field/csv_text_field, joined with commas
/// and ended with "\n".
std::string csv_row(const std::vector<std::string>& escaped_fields);

/// Parses a whole CSV text (quoted fields may span lines; "\r\n" and "\n"
/// both end a row; a leading UTF-8 byte order mark is skipped; blank lines are
/// dropped). Throws std::invalid_argument naming the line of an unterminated
/// quote or of stray text after a closing quote.
std::vector<std::vector<std::string>> parse_csv(std::string_view text);

}  // namespace grader::report
