#include "grader/util/text.hpp"
#include "grader/validate/pitfalls.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>

namespace grader::validate {
namespace {

/// 1 to 6 for a Markdown heading ("## Pitfalls"), 0 for any other line.
int heading_level(const std::string& line) {
  std::size_t n = 0;
  while (n < line.size() && line[n] == '#') ++n;
  return n > 0 && n <= 6 && n < line.size() && line[n] == ' ' ? static_cast<int>(n) : 0;
}

bool is_pitfall_heading(const std::string& line) {
  const std::string text = util::lower(line);
  return text.find("pitfall") != std::string::npos || text.find("common mistake") != std::string::npos;
}

/// "|---|:--|" and the like: the line under a table's header.
bool is_table_separator(const std::string& line) {
  return line.size() > 1 && line[0] == '|' &&
         line.find_first_not_of("|-: ") == std::string::npos && line.find('-') != std::string::npos;
}

std::vector<std::string> marker_ids(const std::string& line) {
  static const std::string kOpen = "<!-- pitfall:";
  std::vector<std::string> ids;
  for (auto at = line.find(kOpen); at != std::string::npos; at = line.find(kOpen, at + 1)) {
    const auto end = line.find("-->", at);
    if (end == std::string::npos) break;
    std::string id = line.substr(at + kOpen.size(), end - at - kOpen.size());
    id.erase(0, id.find_first_not_of(' '));
    id.erase(id.find_last_not_of(' ') + 1);
    if (!id.empty()) ids.push_back(id);
  }
  return ids;
}

}  // namespace

std::vector<PitfallEntry> pitfall_entries(const std::string& readme) {
  std::vector<std::string> lines;
  {
    std::istringstream text(readme);
    for (std::string line; std::getline(text, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      lines.push_back(line);
    }
  }
  std::vector<PitfallEntry> entries;
  int section = 0;  // the level of the pitfall heading we are under; 0: none
  bool in_code = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (line.rfind("```", 0) == 0) in_code = !in_code;
    if (in_code) continue;
    if (const int level = heading_level(line)) {
      if (section && level <= section) section = 0;
      // Level 2 and below: a title ("# Shapes, pitfalls and debugging") is the whole text.
      if (!section && level >= 2 && is_pitfall_heading(line)) section = level;
      continue;
    }
    if (!section) continue;
    const bool item = line.rfind("- ", 0) == 0 || line.rfind("* ", 0) == 0;
    const bool row = line.rfind("|", 0) == 0 && !is_table_separator(line) &&
                     !(i + 1 < lines.size() && is_table_separator(lines[i + 1]));  // not the header
    if (!item && !row) continue;
    PitfallEntry e;
    e.line = static_cast<int>(i + 1);
    e.text = line;
    e.ids = marker_ids(line);
    // A list item's marker may end its last line.
    for (std::size_t j = i + 1; item && j < lines.size(); ++j) {
      const std::string& next = lines[j];
      if (next.empty() || next[0] != ' ') break;
      for (auto& id : marker_ids(next)) e.ids.push_back(id);
    }
    entries.push_back(std::move(e));
  }
  return entries;
}

std::map<std::string, std::vector<std::string>> pitfall_problems(const std::vector<LessonReadme>& readmes,
                                                                 const std::vector<Mutant>& mutants) {
  std::map<std::string, std::vector<std::string>> problems;
  std::set<std::string> named, explained, ids;
  for (const auto& m : mutants) {
    named.insert(m.pitfalls.begin(), m.pitfalls.end());
    if (!m.expect_cause.empty()) explained.insert(m.pitfalls.begin(), m.pitfalls.end());
  }
  for (const auto& readme : readmes) {
    std::set<std::string> own;
    for (const auto& e : pitfall_entries(readme.text)) {
      if (e.ids.empty())
        problems[readme.lesson].push_back(readme.name + ":" + std::to_string(e.line) +
                                          ": a pitfall with no `<!-- pitfall: id -->`: " + e.text.substr(0, 100));
      own.insert(e.ids.begin(), e.ids.end());
    }
    for (const auto& id : own)
      if (!named.count(id))
        problems[readme.lesson].push_back(readme.name + ": no mutant shows pitfall '" + id + "' (add `pitfall: " + id +
                                          "` to the mutant.yaml of a mutant that makes this mistake)");
      else if (!explained.count(id))
        problems[readme.lesson].push_back(
            readme.name + ": no mutant of pitfall '" + id +
            "' asks for its likely cause (give a test a candidate wrong result made with this mistake, then set "
            "`expect_cause` in the mutant.yaml of a mutant that names it)");
    ids.insert(own.begin(), own.end());
  }
  for (const auto& m : mutants)
    for (const auto& id : m.pitfalls)
      if (!ids.count(id))
        problems[m.lesson].push_back(m.lesson + "/" + m.name + ": names pitfall '" + id + "', which no lesson README has");
  return problems;
}

}  // namespace grader::validate
