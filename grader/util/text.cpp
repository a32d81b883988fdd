#include "grader/util/text.hpp"

#include <cctype>

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

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace grader::util
