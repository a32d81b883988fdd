#include "grader/report/student_view.hpp"

namespace grader::report {

std::string shown_message(const runner::TestResult& test, Audience audience) {
  if (audience == Audience::instructor || test.show_details) {
    // A pending quiz question's message is the answer itself; say why it has no score yet.
    if (test.status == runner::TestStatus::pending_review)
      return "Awaiting review by an instructor. The answer:\n" + test.message;
    return test.message;
  }
  if (!test.public_message.empty()) return test.public_message;
  using runner::TestStatus;
  switch (test.status) {
    case TestStatus::passed: return "";
    case TestStatus::failed: return "This test failed; its details are not shown.";
    case TestStatus::not_implemented: return "The function this test calls is not implemented yet.";
    case TestStatus::not_run: return "This test did not run.";
    case TestStatus::pending_review: return "Awaiting review by an instructor.";
  }
  return "";
}

std::string display_name(const runner::TestResult& test) {
  return test.exercise.empty() ? test.name : test.exercise + ": " + test.name;
}

std::string sanitize_utf8(std::string_view text) {
  static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    char32_t min_value = 0;
    char32_t value = 0;
    if (lead < 0x80) {
      out += static_cast<char>(lead);
      ++i;
      continue;
    } else if ((lead & 0xE0) == 0xC0) {
      length = 2, min_value = 0x80, value = lead & 0x1Fu;
    } else if ((lead & 0xF0) == 0xE0) {
      length = 3, min_value = 0x800, value = lead & 0x0Fu;
    } else if ((lead & 0xF8) == 0xF0) {
      length = 4, min_value = 0x10000, value = lead & 0x07u;
    }
    bool ok = length != 0 && i + length <= text.size();
    for (std::size_t k = 1; ok && k < length; ++k) {
      const auto c = static_cast<unsigned char>(text[i + k]);
      ok = (c & 0xC0) == 0x80;
      value = (value << 6) | (c & 0x3Fu);
    }
    // Overlong forms, UTF-16 surrogates and values past U+10FFFF are not UTF-8 either.
    ok = ok && value >= min_value && value <= 0x10FFFF && !(value >= 0xD800 && value <= 0xDFFF);
    if (ok) {
      out.append(text.substr(i, length));
      i += length;
    } else {
      out += kReplacement;
      ++i;  // resynchronise on the next byte
    }
  }
  return out;
}

}  // namespace grader::report
