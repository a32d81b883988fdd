#include "grader/release/instructor_notes.hpp"

#include <cstddef>

#include "grader/util/text.hpp"

namespace grader::release {
namespace {

/// The level (1-6) of an ATX heading line, 0 when the line is not one; its
/// title (without a closing run of '#') in `title`. CommonMark: up to three
/// spaces of indent, 1-6 '#', then a blank or the end of the line.
int heading_level(std::string_view line, std::string_view& title) {
  std::size_t i = 0;
  while (i < line.size() && i < 3 && line[i] == ' ') ++i;
  std::size_t hashes = 0;
  while (i + hashes < line.size() && line[i + hashes] == '#') ++hashes;
  if (hashes == 0 || hashes > 6) return 0;
  const std::size_t after = i + hashes;
  if (after < line.size() && line[after] != ' ' && line[after] != '\t') return 0;
  title = util::trim(line.substr(after));
  while (!title.empty() && title.back() == '#') title.remove_suffix(1);
  title = util::trim(title);
  return static_cast<int>(hashes);
}

/// Whether the line opens or closes a fenced code block (``` or ~~~).
bool is_fence(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && i < 3 && line[i] == ' ') ++i;
  return line.substr(i, 3) == "```" || line.substr(i, 3) == "~~~";
}

}  // namespace

std::string without_instructor_sections(std::string_view markdown) {
  std::string out;
  out.reserve(markdown.size());
  bool in_fence = false;
  int skipping_below = 0;  // the level of the section being left out; 0: none
  for (const std::string_view line : util::lines_with_endings(markdown)) {
    std::string_view title;
    const int level = in_fence ? 0 : heading_level(line.substr(0, line.find_first_of("\r\n")), title);
    if (is_fence(line)) in_fence = !in_fence;
    if (level > 0 && skipping_below > 0 && level <= skipping_below) skipping_below = 0;
    if (level > 0 && skipping_below == 0 && util::lower(std::string(title)) == util::lower(std::string(kInstructorSectionTitle)))
      skipping_below = level;  // this heading and what follows it, up to the next of its level
    if (skipping_below == 0) out.append(line);
  }
  // The file ended inside such a section: no blank lines left dangling.
  if (skipping_below > 0)
    while (out.size() >= 2 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') out.pop_back();
  return out;
}

std::string without_pitfall_ids(std::string_view markdown) {
  static constexpr std::string_view kOpen = "<!-- pitfall:";
  static constexpr std::string_view kClose = "-->";
  std::string out;
  out.reserve(markdown.size());
  bool in_fence = false;
  for (std::string_view line : util::lines_with_endings(markdown)) {
    if (is_fence(line)) in_fence = !in_fence;
    if (in_fence) {
      out.append(line);
      continue;
    }
    std::size_t at;
    while ((at = line.find(kOpen)) != std::string_view::npos) {
      const std::size_t close = line.find(kClose, at);
      if (close == std::string_view::npos) break;  // not closed on its line: not an id, kept
      std::size_t from = at;
      while (from > 0 && (line[from - 1] == ' ' || line[from - 1] == '\t')) --from;  // its separating blanks
      out.append(line.substr(0, from));
      line.remove_prefix(close + kClose.size());
    }
    out.append(line);
  }
  return out;
}

}  // namespace grader::release
