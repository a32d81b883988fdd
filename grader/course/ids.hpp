// The spelling of ids in course.yaml (lessons, exercises, tracks): one rule,
// shared by the loader and by the commands that write course.yaml
// (`grader new-course`, `grader new-lesson`).
#pragma once

#include <string>
#include <string_view>

namespace grader::course {

/// What an id may contain, for messages: "... may contain only <id_rule>".
inline constexpr std::string_view id_rule = "lowercase letters, digits and hyphens";

/// True for a non-empty id of lowercase letters, digits and hyphens.
inline bool is_valid_id(std::string_view id) {
  if (id.empty()) return false;
  for (char c : id) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  }
  return true;
}

/// What the author probably meant: "Pe_Formula" -> "pe-formula" (may still
/// be invalid, e.g. empty: check it with is_valid_id before suggesting it).
inline std::string id_like(std::string_view id) {
  std::string out;
  for (char c : id) {
    if (c >= 'A' && c <= 'Z') {
      out += static_cast<char>(c - 'A' + 'a');
    } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') {
      out += c;
    } else if (c == '_' || c == ' ' || c == '.') {
      out += '-';
    }
  }
  return out;
}

}  // namespace grader::course
