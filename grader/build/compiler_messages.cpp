#include "grader/build/compiler_messages.hpp"

#include <algorithm>
#include <sstream>

namespace grader::build {

namespace {

bool path_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-' ||
         c == '+' || c == '~';
}

}  // namespace

std::string cut_line(const std::string& line, std::size_t max) {
  if (line.size() <= max) return line;
  std::size_t end = max;
  while (end > 0 && (static_cast<unsigned char>(line[end]) & 0xC0) == 0x80) --end;
  return line.substr(0, end) + " ...";
}

std::string hide_paths(std::string text, const std::vector<HiddenPath>& paths) {
  std::vector<HiddenPath> longest_first;
  for (const auto& p : paths) {
    std::string path = p.path;
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    if (path.size() > 1) longest_first.push_back({path, p.shown});
  }
  std::stable_sort(longest_first.begin(), longest_first.end(),
                   [](const HiddenPath& a, const HiddenPath& b) { return a.path.size() > b.path.size(); });
  for (const auto& [path, shown] : longest_first) {
    std::string out;
    std::size_t from = 0;
    for (std::size_t at = text.find(path); at != std::string::npos; at = text.find(path, at + 1)) {
      const std::size_t end = at + path.size();
      // Whatever comes before the folder: a submission chooses it (a string
      // literal's "\n/srv/course" prints "n/srv/course"), and hiding too much
      // only hides. After it, a longer name ("/srv/course2") is another folder.
      const bool ends = end == text.size() || !path_character(text[end]);
      if (!ends || at < from) continue;
      out.append(text, from, at - from);
      // "" drops the folder with its slash: "/tmp/x/lesson/a.cpp" -> "lesson/a.cpp".
      std::size_t skip = end;
      if (shown.empty() && skip < text.size() && text[skip] == '/') ++skip;
      out += shown;
      from = skip;
    }
    out.append(text, from, std::string::npos);
    text = std::move(out);
  }
  return text;
}

std::string trim_diagnostics(const std::string& text, const std::vector<HiddenPath>& paths, std::size_t max_lines) {
  std::istringstream in(text);
  std::vector<std::string> head, from_error;
  std::string line;
  bool started = false;
  std::size_t total = 0;
  while (std::getline(in, line)) {
    ++total;
    if (!started && (line.find("error") != std::string::npos || line.find("undefined reference") != std::string::npos))
      started = true;
    // Every line shown goes through the same hiding and cut, whichever part is shown.
    if (started && from_error.size() < max_lines) from_error.push_back(cut_line(hide_paths(line, paths), 300));
    if (!started && head.size() < max_lines) head.push_back(cut_line(hide_paths(line, paths), 300));
  }
  const std::vector<std::string>& lines = started ? from_error : head;  // no line said "error": the head
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  if (total > lines.size()) out += "... (" + std::to_string(total - lines.size()) + " more lines)\n";
  return out;
}

std::string explain_denied_reads(const std::string& diagnostics) {
  std::string out = diagnostics;
  // The compiler says "Permission denied"; the assembler (.incbin) says "file not found" either way.
  if (diagnostics.find("Permission denied") != std::string::npos ||
      diagnostics.find("Error: file not found") != std::string::npos)
    out += "note: a file your code names cannot be included or read: the grader compiles student files with the "
           "course headers and the system headers only\n";
  if (diagnostics.find("No such file or directory") != std::string::npos)
    out += "note: each student file is compiled on its own: it can include the course's headers "
           "(#include \"<lesson>/<header>.hpp\") and the system headers, never another student file\n";
  return out;
}

}  // namespace grader::build
