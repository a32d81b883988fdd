#include "grader/report/csv.hpp"

#include <stdexcept>

#include "grader/report/sanitize.hpp"

namespace grader::report {

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

namespace {

/// Spreadsheets run a cell as a formula when it starts with = + - @, a tab or
/// a CR, also after leading spaces.
bool looks_like_formula(std::string_view text) {
  const auto first = text.find_first_not_of(' ');
  return first != std::string_view::npos && std::string_view("=+-@\t\r").find(text[first]) != std::string_view::npos;
}

}  // namespace

std::string csv_text_field(std::string_view text) {
  const std::string clean = plain_text(text);
  return csv_field(looks_like_formula(clean) ? "'" + clean : clean);
}

std::string csv_text_value(std::string_view field) {
  if (!field.empty() && field[0] == '\'' && looks_like_formula(field.substr(1))) field.remove_prefix(1);
  return std::string(field);
}

std::string csv_row(const std::vector<std::string>& escaped_fields) {
  std::string out;
  for (std::size_t i = 0; i < escaped_fields.size(); ++i) {
    if (i) out += ',';
    out += escaped_fields[i];
  }
  out += '\n';
  return out;
}

std::vector<std::vector<std::string>> parse_csv(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool in_quotes = false;
  bool after_quote = false;  // just closed a quoted field: only , or end of row may follow
  int line = 1;
  int quote_line = 0;
  auto end_row = [&] {
    row.push_back(std::move(field));
    field.clear();
    if (!(row.size() == 1 && row[0].empty())) rows.push_back(std::move(row));
    row.clear();
    after_quote = false;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_quotes) {
      if (c == '"') {
        if (i + 1 < text.size() && text[i + 1] == '"') {
          field += '"';
          ++i;
        } else {
          in_quotes = false;
          after_quote = true;
        }
      } else {
        if (c == '\n') ++line;
        field += c;
      }
      continue;
    }
    if (c == ',') {
      row.push_back(std::move(field));
      field.clear();
      after_quote = false;
    } else if (c == '\n' || (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) {
      if (c == '\r') ++i;
      end_row();
      ++line;
    } else if (after_quote) {
      throw std::invalid_argument("CSV line " + std::to_string(line) +
                                  ": text after the closing quote of a field; quote the whole field and "
                                  "double any quote inside it");
    } else if (c == '"' && field.empty()) {
      in_quotes = true;
      quote_line = line;
    } else {
      field += c;
    }
  }
  if (in_quotes)
    throw std::invalid_argument("CSV line " + std::to_string(quote_line) +
                                ": a quoted field is never closed; add the closing double quote");
  if (!field.empty() || !row.empty() || after_quote) end_row();
  return rows;
}

}  // namespace grader::report
