#include "grader/util/text.hpp"

#include <cctype>
#include <vector>

namespace grader::util {

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string_view first_line(std::string_view text) {
  const auto start = text.find_first_not_of("\n \t");
  if (start == std::string_view::npos) return {};
  return text.substr(start, text.find('\n', start) - start);
}

std::string_view trim(std::string_view s, std::string_view blanks) {
  const auto first = s.find_first_not_of(blanks);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(blanks) - first + 1);
}

std::vector<std::string_view> lines_with_endings(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    end = end == std::string_view::npos ? text.size() : end + 1;
    lines.push_back(text.substr(start, end - start));
    start = end;
  }
  return lines;
}

std::size_t characters(std::string_view text) {
  std::size_t n = 0;
  for (const char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

std::string padded(const std::string& text, std::size_t width) {
  const std::size_t n = characters(text);
  return n >= width ? text : text + std::string(width - n, ' ');
}

std::string clipped(const std::string& text, std::size_t width) {
  std::vector<std::size_t> starts;  // where each code point begins
  for (std::size_t i = 0; i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) starts.push_back(i);
  if (starts.size() <= width || width < 2) return text;
  const std::size_t keep = width - 1;  // code points before the ellipsis
  std::size_t cut = starts[keep];
  if (const std::size_t space = text.rfind(' ', cut); space != std::string::npos && space > starts[keep / 2]) cut = space;
  while (cut > 0 && (text[cut - 1] == ' ' || text[cut - 1] == ',')) --cut;
  return text.substr(0, cut) + "\u2026";
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace grader::util
