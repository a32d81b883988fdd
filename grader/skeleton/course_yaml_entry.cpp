#include "grader/skeleton/course_yaml_entry.hpp"

#include <regex>
#include <sstream>
#include <vector>

#include "grader/util/text.hpp"

namespace grader::skeleton {

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

bool is_blank(const std::string& line) { return util::trim(line, " \t\r").empty(); }

/// A line at column 0 that is neither blank, a comment nor a list item: a
/// top-level key (or a document marker), which ends the block above it.
bool starts_top_level_item(const std::string& line) {
  return !line.empty() && line[0] != ' ' && line[0] != '\t' && line[0] != '#' && line[0] != '-' && !is_blank(line);
}

}  // namespace

std::string with_lesson_entry(const std::string& course_yaml, const std::string& entry) {
  const std::vector<std::string> lines = lines_of(course_yaml);
  static const std::regex block_key(R"(^lessons[ \t]*:[ \t]*(#.*)?\r?$)");
  static const std::regex any_key(R"(^lessons[ \t]*:)");
  std::size_t key = lines.size();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (std::regex_search(lines[i], block_key)) {
      key = i;
      break;
    }
    if (std::regex_search(lines[i], any_key))
      throw std::invalid_argument("course.yaml writes 'lessons:' on one line (flow style, line " + std::to_string(i + 1) +
                                  "); write it as a block list, one '- id: ...' entry per lesson, and run the command again");
  }
  if (key == lines.size())
    throw std::invalid_argument("course.yaml has no top-level 'lessons:' list; add one (docs/course-yaml.md) and run the command again");

  std::size_t block_end = key + 1;
  while (block_end < lines.size() && !starts_top_level_item(lines[block_end])) ++block_end;
  // After the block's last line of content: blank lines and column-0 comments
  // before the next key belong to that key.
  std::size_t insert_at = key + 1;
  std::string item_indent = "  ";
  bool indent_found = false;
  for (std::size_t i = key + 1; i < block_end; ++i) {
    if (is_blank(lines[i]) || lines[i][0] == '#') continue;
    insert_at = i + 1;
    const std::size_t dash = lines[i].find_first_not_of(' ');
    if (!indent_found && dash != std::string::npos && lines[i][dash] == '-') {
      item_indent = lines[i].substr(0, dash);
      indent_found = true;
    }
  }

  std::string indented;
  for (const std::string& line : lines_of(entry)) {
    const std::string body = line.rfind("  ", 0) == 0 ? line.substr(2) : line;
    indented += body.empty() ? "\n" : item_indent + body + "\n";
  }
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i == insert_at) out += (indent_found ? "\n" : "") + indented;
    out += lines[i] + "\n";
  }
  if (insert_at == lines.size()) out += (indent_found ? "\n" : "") + indented;
  return out;
}

}  // namespace grader::skeleton
