// Checks on rendered reports, shared by the sanitiser's unit test and the
// exploit suite: is there a raw control character, and what of a Markdown
// text is markup (outside its code spans and fenced blocks)?
#pragma once

#include <algorithm>
#include <sstream>
#include <string>
#include <string_view>

namespace report_checks {

/// The first raw control (C0 but \n and \t, DEL, C1, bidi, other format
/// characters such as zero width ones) or byte that is
/// not UTF-8, described; "" when there is none.
inline std::string raw_control(std::string_view out, bool allow_tab_newline = true) {
  for (std::size_t i = 0; i < out.size(); ++i) {
    const auto c = static_cast<unsigned char>(out[i]);
    if (c < 0x80) {
      if ((c < 0x20 && !(allow_tab_newline && (c == '\n' || c == '\t'))) || c == 0x7f)
        return "C0/DEL byte " + std::to_string(c) + " at " + std::to_string(i);
      continue;
    }
    std::size_t len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || i + len > out.size()) return "invalid UTF-8 at " + std::to_string(i);
    char32_t v = c & (0xFF >> (len + 1));
    for (std::size_t k = 1; k < len; ++k) {
      const auto b = static_cast<unsigned char>(out[i + k]);
      if ((b & 0xC0) != 0x80) return "invalid UTF-8 at " + std::to_string(i);
      v = (v << 6) | (b & 0x3F);
    }
    if ((len == 2 && v < 0x80) || (len == 3 && v < 0x800) || (len == 4 && v < 0x10000) || (v >= 0xD800 && v <= 0xDFFF))
      return "invalid UTF-8 at " + std::to_string(i);
    if (v >= 0x80 && v <= 0x9F) return "C1 control at " + std::to_string(i);
    if ((v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)) return "bidi control at " + std::to_string(i);
    // Format characters (Cf), listed here independently of the sanitiser's table.
    if ((v >= 0x200B && v <= 0x200F) || (v >= 0x2060 && v <= 0x2064) || v == 0xFEFF || v == 0x00AD || v == 0x061C ||
        v == 0x180E || (v >= 0xE0001 && v <= 0xE007F))
      return "invisible format character at " + std::to_string(i);
    i += len - 1;
  }
  return "";
}

inline std::size_t longest_backtick_run(std::string_view text) {
  std::size_t longest = 0, run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

/// The Markdown a reader sees as markup: fenced blocks and code spans removed
/// as CommonMark delimits them (what is left can hold tags and links).
inline std::string markdown_outside_code(const std::string& md) {
  std::istringstream in(md);
  std::string outside;
  std::size_t fence = 0;
  for (std::string line; std::getline(in, line);) {
    const auto first = line.find_first_not_of(' ');
    const std::string trimmed = first == std::string::npos ? "" : line.substr(first);
    std::size_t run = 0;
    while (run < trimmed.size() && trimmed[run] == '`') ++run;
    if (fence) {
      if (run >= fence && trimmed.find_first_not_of('`') == std::string::npos) fence = 0;
      continue;
    }
    if (run >= 3 && first <= 3) {
      fence = run;
      continue;
    }
    for (std::size_t i = 0; i < line.size();) {
      if (line[i] != '`') {
        outside += line[i++];
        continue;
      }
      std::size_t n = 0;
      while (i + n < line.size() && line[i + n] == '`') ++n;
      // The span closes at the next run of exactly n backticks.
      std::size_t j = i + n, close = std::string::npos;
      while (j < line.size()) {
        if (line[j] != '`') {
          ++j;
          continue;
        }
        std::size_t m = 0;
        while (j + m < line.size() && line[j + m] == '`') ++m;
        if (m == n) {
          close = j;
          break;
        }
        j += m;
      }
      if (close == std::string::npos) {
        outside += line.substr(i, n);
        i += n;
      } else {
        i = close + n;
      }
    }
    outside += '\n';
  }
  return outside;
}

/// A CSV cell a spreadsheet would run as a formula.
inline bool formula_cell(std::string_view cell) {
  const auto first = cell.find_first_not_of(' ');
  return first != std::string_view::npos && std::string_view("=+-@\t\r").find(cell[first]) != std::string_view::npos;
}

}  // namespace report_checks
