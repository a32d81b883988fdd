#include "grader/util/command_name.hpp"

namespace grader::util {
namespace {

std::string& name() {
  static std::string value = "grader";
  return value;
}

/// A path a shell takes as one word: no blanks, quotes or control characters
/// (anything else would need quoting to paste, so "grader" is said instead).
bool pastes_as_one_word(std::string_view path) {
  for (const char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    if (c <= ' ' || c == 0x7f || ch == '"' || ch == '\'' || ch == '\\' || ch == '$' || ch == '`' || ch == ';' ||
        ch == '&' || ch == '|' || ch == '<' || ch == '>' || ch == '(' || ch == ')' || ch == '*' || ch == '?')
      return false;
  }
  return !path.empty();
}

}  // namespace

void set_command_name(std::string_view argv0) {
  name() = argv0.find('/') != std::string_view::npos && pastes_as_one_word(argv0) ? std::string(argv0) : "grader";
}

const std::string& command_name() { return name(); }

}  // namespace grader::util
