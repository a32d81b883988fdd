#include "grader/report/sanitize.hpp"

#include <algorithm>

#include "grader/util/unicode.hpp"

namespace grader::report {
namespace {

constexpr char kHex[] = "0123456789abcdef";

void append_byte(std::string& out, unsigned char byte) {
  out += "\\x";
  out += kHex[byte >> 4];
  out += kHex[byte & 0xF];
}

// \uNNNN, or \UNNNNNNNN past U+FFFF (tag characters U+E0001..U+E007F).
void append_code_point(std::string& out, char32_t value) {
  out += value > 0xFFFF ? "\\U" : "\\u";
  for (int shift = value > 0xFFFF ? 28 : 12; shift >= 0; shift -= 4) out += kHex[(value >> shift) & 0xF];
}

/// Characters that control a terminal or reorder, break or hide the text
/// around them: C1 controls, every format character (Cf: zero width
/// characters, word joiner, BOM, bidi marks, embeddings, overrides and
/// isolates, soft hyphen, tags...), the line and paragraph separators and
/// the noncharacters U+FFFE, U+FFFF.
bool shown_as_code_point(char32_t v) {
  return (v >= 0x80 && v <= 0x9F) || util::is_format_character(v) || v == 0x2028 || v == 0x2029 || v == 0xFFFE ||
         v == 0xFFFF;
}

std::string text_rule(std::string_view text, bool one_line) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    char32_t value = 0;
    const std::size_t length = util::utf8_sequence(text, i, value);
    if (length == 0) {
      append_byte(out, static_cast<unsigned char>(text[i]));
      ++i;
      continue;
    }
    if (length == 1) {
      const char c = text[i];
      if (c == '\n' || c == '\t') {
        if (!one_line) out += c;
        else out += c == '\n' ? "\\n" : "\\t";
      } else if (c == '\r') {
        // CR LF is a line break from a Windows editor; a lone CR overwrites the line.
        if (!one_line && i + 1 < text.size() && text[i + 1] == '\n') {
        } else {
          out += "\\r";
        }
      } else if (value < 0x20 || value == 0x7F) {
        append_byte(out, static_cast<unsigned char>(c));
      } else {
        out += c;
      }
    } else if (shown_as_code_point(value)) {
      append_code_point(out, value);
    } else {
      out.append(text.substr(i, length));
    }
    i += length;
  }
  return out;
}

/// & < > " ' as entities; XML has &apos;, HTML before 5 only the numeric form.
std::string entities(std::string_view clean, std::string_view apostrophe) {
  std::string out;
  out.reserve(clean.size());
  for (char c : clean) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += apostrophe; break;
      default: out += c;
    }
  }
  return out;
}

std::size_t longest_run(std::string_view text, char a, char b) {
  std::size_t longest = 0, run = 0;
  char in = 0;
  for (char c : text) {
    if ((c == a || c == b) && (run == 0 || c == in)) {
      ++run;
    } else if (c == a || c == b) {
      run = 1;
    } else {
      run = 0;
    }
    in = c;
    longest = std::max(longest, run);
  }
  return longest;
}

}  // namespace

std::string plain_text(std::string_view text) { return text_rule(text, false); }

std::string plain_line(std::string_view text) { return text_rule(text, true); }

std::string json_text(std::string_view text) { return plain_text(text); }

std::string xml_text(std::string_view text) { return entities(plain_text(text), "&apos;"); }

std::string html_text(std::string_view text) { return entities(plain_text(text), "&#39;"); }

std::string markdown_text(std::string_view text) {
  std::string line = plain_text(text);
  for (char& c : line)
    if (c == '\n' || c == '\t') c = ' ';
  static constexpr std::string_view kPunctuation = "\\`*_{}[]()#+-.!|~=";
  std::string out;
  out.reserve(line.size());
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    // '>' opens a block quote only at the start of a line (CommonMark 5.1, after
    // up to three spaces); mid-line it is plain text ("215 -> 172"), and no tag
    // can close with it since every '<' is an entity.
    else if (c == '>' && line.find_first_not_of(' ') == i) out += "&gt;";
    else if (kPunctuation.find(c) != std::string_view::npos &&
             // . + - = only matter at the start (lists, headings); keep "3.5" and "a-b" readable.
             (std::string_view(".+-=").find(c) == std::string_view::npos || i == 0))
      out += std::string("\\") + c;
    else out += c;
  }
  return out;
}

std::string markdown_code_span(std::string_view text) {
  const std::string body = plain_line(text);
  if (body.empty()) return "` `";
  const std::string fence(longest_run(body, '`', '`') + 1, '`');
  const bool pad = body.front() == '`' || body.back() == '`' || body.front() == ' ' || body.back() == ' ';
  const std::string space = pad ? " " : "";
  return fence + space + body + space + fence;
}

std::string markdown_block(std::string_view text, std::string_view info) {
  std::string body = plain_text(text);
  while (!body.empty() && body.back() == '\n') body.pop_back();
  const std::string fence(std::max<std::size_t>(3, longest_run(body, '`', '~') + 1), '`');
  return fence + std::string(info) + "\n" + body + "\n" + fence + "\n";
}

}  // namespace grader::report
