#include "grader/validate/patch.hpp"

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace grader::validate {
namespace fs = std::filesystem;

namespace {

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

std::string without_cr(std::string s) {
  if (!s.empty() && s.back() == '\r') s.pop_back();
  return s;
}

// The patch's lines without their '\n' (a '\r' before it stays: CRLF files
// are matched and written as they are).
std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto end = text.find('\n', start);
    if (end == std::string::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// A file's lines, each with its '\n' (the last one may lack it).
std::vector<std::string> file_lines(const std::string& bytes) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < bytes.size()) {
    const auto end = bytes.find('\n', start);
    const auto stop = end == std::string::npos ? bytes.size() : end + 1;
    lines.push_back(bytes.substr(start, stop - start));
    start = stop;
  }
  return lines;
}

// One line of a file or a patch for a message: no newline, control characters visible, short.
std::string shown(const std::string& line) {
  std::string out = "\"";
  for (char c : line.substr(0, 160)) {
    if (c == '\n') continue;
    if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) out += "?";
    else out += c;
  }
  out += "\"";
  if (line.size() > 160) out += " (cut)";
  if (line.empty() || line.back() != '\n') out += " (no newline at end of file)";
  return out;
}

// "a/vectors/dot.cpp" -> "vectors/dot.cpp"; empty for /dev/null.
std::string header_path(const std::string& line, const std::string& marker, const std::string& prefix,
                        const std::string& where) {
  std::string path = without_cr(line.substr(marker.size()));
  // diff -u writes "PATH<TAB>TIMESTAMP"; a tab never belongs to a course path.
  path = path.substr(0, path.find('\t'));
  if (path == "/dev/null") return "";
  if (!path.empty() && path.front() == '"')
    throw PatchError(where + ": quoted path " + path + ": name the file plainly (a course path needs no quoting)");
  if (!path.empty() && path.front() == '/')
    throw PatchError(where + ": absolute path '" + path + "': paths are relative to solutions/, as " + prefix + "PATH");
  if (!starts_with(path, prefix))
    throw PatchError(where + ": path '" + path + "' does not start with '" + prefix +
                     "' (write the patch with `diff -u --label a/PATH --label b/PATH` or `git diff --no-index`)");
  path = path.substr(prefix.size());
  if (path.empty()) throw PatchError(where + ": no path after '" + prefix + "'");
  std::size_t start = 0;
  for (;;) {
    const auto slash = path.find('/', start);
    const std::string part = path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    if (part.empty() || part == "." || part == "..")
      throw PatchError(where + ": path '" + path + "' leaves solutions/ or is not plain (empty, '.' or '..' part)");
    if (part.find('\\') != std::string::npos || part.find('\0') != std::string::npos)
      throw PatchError(where + ": path '" + path + "' holds a backslash or a NUL byte");
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return path;
}

Hunk read_hunk_header(const std::string& line, int line_number, const std::string& where) {
  static const std::regex header(R"(^@@ -([0-9]{1,9})(?:,([0-9]{1,9}))? \+([0-9]{1,9})(?:,([0-9]{1,9}))? @@(.*)$)");
  std::smatch m;
  const std::string text = without_cr(line);
  if (!std::regex_match(text, m, header))
    throw PatchError(where + ": malformed hunk header " + shown(text + "\n") +
                     " (expected \"@@ -START,COUNT +START,COUNT @@\")");
  Hunk h;
  h.old_start = std::stoi(m[1]);
  h.old_count = m[2].matched ? std::stoi(m[2]) : 1;
  h.new_start = std::stoi(m[3]);
  h.new_count = m[4].matched ? std::stoi(m[4]) : 1;
  h.header = text;
  h.patch_line = line_number;
  if ((h.old_count > 0 && h.old_start == 0) || (h.new_count > 0 && h.new_start == 0))
    throw PatchError(where + ": hunk header " + shown(text + "\n") + " starts a non-empty side at line 0");
  return h;
}

}  // namespace

std::vector<FilePatch> parse_patch(const std::string& text, const std::string& name) {
  const auto lines = split_lines(text);
  const auto at = [&](std::size_t i) { return name + ":" + std::to_string(i + 1); };
  std::vector<FilePatch> files;
  std::set<std::string> seen;
  std::size_t i = 0;
  while (i < lines.size()) {
    const std::string& line = lines[i];
    if (starts_with(line, "+++ ")) throw PatchError(at(i) + ": a '+++' line without the '---' line before it");
    if (starts_with(line, "@@")) throw PatchError(at(i) + ": a hunk before any '--- a/PATH' and '+++ b/PATH' lines");
    if (!starts_with(line, "--- ")) {
      // Between hunks only headers may stand ("diff --git", "index", free text);
      // a hunk line here means the counts of the hunk above are too small.
      if (!line.empty() && (line[0] == '+' || line[0] == '-' || line[0] == ' ' || line[0] == '\\'))
        throw PatchError(at(i) + ": " + shown(line + "\n") +
                         " is a hunk line outside any hunk: the counts in the hunk header above do not add up");
      ++i;
      continue;
    }
    if (i + 1 >= lines.size() || !starts_with(lines[i + 1], "+++ "))
      throw PatchError(at(i) + ": a '---' line without a '+++' line after it");
    const std::string old_path = header_path(line, "--- ", "a/", at(i));
    const std::string new_path = header_path(lines[i + 1], "+++ ", "b/", at(i + 1));
    if (old_path.empty() && new_path.empty()) throw PatchError(at(i) + ": both sides are /dev/null");
    if (new_path.empty())
      throw PatchError(at(i + 1) + ": deletes " + old_path + "; a mutant changes files or adds new ones");
    if (!old_path.empty() && old_path != new_path)
      throw PatchError(at(i) + ": renames " + old_path + " to " + new_path + "; a patch here changes a file in place");
    if (!seen.insert(new_path).second) throw PatchError(at(i) + ": " + new_path + " appears twice in the patch");
    FilePatch file;
    file.path = new_path;
    file.creates = old_path.empty();
    i += 2;
    while (i < lines.size() && starts_with(lines[i], "@@")) {
      Hunk h = read_hunk_header(lines[i], static_cast<int>(i + 1), at(i));
      const std::string which =
          "hunk " + std::to_string(file.hunks.size() + 1) + " of " + file.path + " (" + h.header + ", line " +
          std::to_string(i + 1) + ")";
      ++i;
      int old_left = h.old_count, new_left = h.new_count, changes = 0;
      enum class Side { none, old_only, new_only, both } last = Side::none;
      auto no_newline = [&](std::size_t marker) {
        if (last == Side::none) throw PatchError(at(marker) + ": '\\' marker with no line before it in " + which);
        if (last != Side::new_only) h.old_lines.back().pop_back();
        if (last != Side::old_only) h.new_lines.back().pop_back();
        last = Side::none;  // one marker per line
      };
      while (old_left > 0 || new_left > 0) {
        // The counts decide what is a hunk line (a removed "-- x" may look like a
        // header); only the end of the patch or the next hunk's header ends a hunk early.
        if (i >= lines.size() || starts_with(lines[i], "@@"))
          throw PatchError(name + ": " + which + " ends early: its header counts " + std::to_string(h.old_count) +
                           " old and " + std::to_string(h.new_count) + " new lines, " + std::to_string(old_left) +
                           " old and " + std::to_string(new_left) + " new are missing");
        const std::string& body = lines[i];
        // An empty line is an empty context line whose leading space was stripped (as patch reads it).
        const char kind = body.empty() ? ' ' : body[0];
        const std::string content = (body.empty() ? std::string() : body.substr(1)) + "\n";
        if (kind == '\\') {
          no_newline(i);
        } else if (kind == ' ') {
          if (old_left == 0 || new_left == 0)
            throw PatchError(at(i) + ": a context line beyond the counts of " + which + ": the counts do not add up");
          h.old_lines.push_back(content);
          h.new_lines.push_back(content);
          --old_left;
          --new_left;
          last = Side::both;
        } else if (kind == '-') {
          if (old_left == 0) throw PatchError(at(i) + ": more '-' lines than " + which + " counts");
          h.old_lines.push_back(content);
          --old_left;
          ++changes;
          last = Side::old_only;
        } else if (kind == '+') {
          if (new_left == 0) throw PatchError(at(i) + ": more '+' lines than " + which + " counts");
          h.new_lines.push_back(content);
          --new_left;
          ++changes;
          last = Side::new_only;
        } else {
          throw PatchError(at(i) + ": " + shown(body + "\n") + " is not a hunk line (' ', '-', '+' or '\\') in " +
                           which + ": the counts do not add up");
        }
        ++i;
      }
      if (i < lines.size() && starts_with(lines[i], "\\")) no_newline(i++);
      if (changes == 0) throw PatchError(name + ": " + which + " changes nothing (no '-' or '+' line)");
      if (file.creates && (h.old_count != 0 || h.old_start != 0 || !file.hunks.empty()))
        throw PatchError(name + ": " + which + ": a new file (from /dev/null) has one hunk \"@@ -0,0 +1,N @@\"");
      if (!file.hunks.empty()) {
        const Hunk& before = file.hunks.back();
        if (h.old_start < before.old_start + before.old_count)
          throw PatchError(name + ": " + which + " overlaps or comes before the hunk above it");
      }
      file.hunks.push_back(std::move(h));
    }
    if (file.hunks.empty()) throw PatchError(at(i - 2) + ": " + file.path + " has no hunk (\"@@ ... @@\") after its header");
    files.push_back(std::move(file));
  }
  if (files.empty())
    throw PatchError(name + ": holds no change (no '--- a/PATH' / '+++ b/PATH' lines); write it with diff -u");
  return files;
}

namespace {

// Refuses a path under `base` that passes through a symbolic link, and says
// whether the file exists.
bool check_inside(const fs::path& base, const std::string& rel, const std::string& where) {
  fs::path p = base;
  const fs::path relative(rel);
  for (auto part = relative.begin(); part != relative.end(); ++part) {
    p /= *part;
    std::error_code ec;
    const auto status = fs::symlink_status(p, ec);
    if (ec || status.type() == fs::file_type::not_found) return false;
    if (status.type() == fs::file_type::symlink)
      throw PatchError(where + ": " + rel + " goes through the symbolic link " + p.string() +
                       "; a patch stays inside " + base.string());
    if (std::next(part) == relative.end()) {
      if (status.type() != fs::file_type::regular) throw PatchError(where + ": " + rel + " is not a regular file");
    } else if (status.type() != fs::file_type::directory) {
      throw PatchError(where + ": " + rel + ": " + p.string() + " is not a folder");
    }
  }
  return true;
}

std::string read_bytes(const fs::path& path, const std::string& where) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw PatchError(where + ": cannot read " + path.string());
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

bool matches_at(const std::vector<std::string>& lines, std::size_t at, const std::vector<std::string>& want) {
  if (at + want.size() > lines.size()) return false;
  return std::equal(want.begin(), want.end(), lines.begin() + static_cast<std::ptrdiff_t>(at));
}

}  // namespace

std::map<std::string, std::string> apply_patch(const std::vector<FilePatch>& patch, const fs::path& base,
                                               const std::string& name) {
  std::map<std::string, std::string> out;
  for (const auto& file : patch) {
    const bool exists = check_inside(base, file.path, name);
    if (file.creates && exists)
      throw PatchError(name + ": creates " + file.path + " (from /dev/null), which already exists in " + base.string());
    if (!file.creates && !exists)
      throw PatchError(name + ": changes " + file.path + ", which does not exist in " + base.string() +
                       " (a new file is written from /dev/null)");
    const std::string original = file.creates ? std::string() : read_bytes(base / file.path, name);
    std::vector<std::string> lines = file_lines(original);
    // Where the next hunk is expected in the partly patched file: its stated
    // line moved by what the hunks above added or removed, and by the offset
    // at which the last one was found.
    std::ptrdiff_t shift = 0;
    std::size_t earliest = 0;  // hunks do not overlap: never before the end of the last one
    for (std::size_t k = 0; k < file.hunks.size(); ++k) {
      const Hunk& h = file.hunks[k];
      const std::ptrdiff_t stated = (h.old_count == 0 ? h.old_start : h.old_start - 1) + shift;
      const std::ptrdiff_t last_start = static_cast<std::ptrdiff_t>(lines.size()) - static_cast<std::ptrdiff_t>(h.old_lines.size());
      std::ptrdiff_t found = -1;
      const std::ptrdiff_t reach = static_cast<std::ptrdiff_t>(lines.size()) + 1;
      for (std::ptrdiff_t d = 0; d <= reach && found < 0; ++d)
        for (const std::ptrdiff_t at : {stated - d, stated + d}) {
          if (at < static_cast<std::ptrdiff_t>(earliest) || at > last_start) continue;
          if (matches_at(lines, static_cast<std::size_t>(at), h.old_lines)) {
            found = at;
            break;
          }
        }
      const std::string which =
          "hunk " + std::to_string(k + 1) + " of " + file.path + " (" + h.header + ", line " + std::to_string(h.patch_line) + ")";
      if (found < 0) {
        // The first line that differs where the hunk says it belongs.
        const std::size_t from = static_cast<std::size_t>(std::clamp<std::ptrdiff_t>(stated, 0, static_cast<std::ptrdiff_t>(lines.size())));
        std::string why = "its context is not in the file";
        for (std::size_t j = 0; j < h.old_lines.size(); ++j) {
          const std::size_t line_no = from + j + 1;
          if (from + j >= lines.size()) {
            why = "line " + std::to_string(line_no) + " of " + file.path + " is past the end of the file, where the patch expects " +
                  shown(h.old_lines[j]);
            break;
          }
          if (lines[from + j] != h.old_lines[j]) {
            why = "line " + std::to_string(line_no) + " of " + file.path + " is " + shown(lines[from + j]) +
                  " where the patch expects " + shown(h.old_lines[j]);
            break;
          }
        }
        throw PatchError(name + ": " + which + " does not apply: " + why +
                         " (did the reference change? write the patch again from an edited copy of it: docs/architecture.md, \"Mutants\")");
      }
      lines.erase(lines.begin() + found, lines.begin() + found + static_cast<std::ptrdiff_t>(h.old_lines.size()));
      lines.insert(lines.begin() + found, h.new_lines.begin(), h.new_lines.end());
      shift += (found - stated) + static_cast<std::ptrdiff_t>(h.new_lines.size()) - static_cast<std::ptrdiff_t>(h.old_lines.size());
      earliest = static_cast<std::size_t>(found) + h.new_lines.size();
      // "\ No newline at end of file" on a '+' line is only right for the file's last line.
      for (std::size_t j = 0; j + 1 < lines.size() && j < earliest; ++j)
        if (lines[j].empty() || lines[j].back() != '\n')
          throw PatchError(name + ": " + which + " leaves line " + std::to_string(j + 1) + " of " + file.path +
                           " without a newline although more lines follow it");
    }
    std::string result;
    for (const auto& l : lines) result += l;
    if (!file.creates && result == original) throw PatchError(name + ": leaves " + file.path + " as it was: it changes nothing");
    out[file.path] = std::move(result);
  }
  return out;
}

std::map<std::string, std::string> apply_patch_text(const std::string& text, const fs::path& base, const std::string& name) {
  return apply_patch(parse_patch(text, name), base, name);
}

}  // namespace grader::validate
