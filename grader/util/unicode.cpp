#include "grader/util/unicode.hpp"

#include <utf8proc.h>

#include <cstdlib>
#include <memory>

namespace grader::util {
namespace {

constexpr char kHex[] = "0123456789abcdef";

std::string hex_byte(unsigned char byte) { return std::string("\\x") + kHex[byte >> 4] + kHex[byte & 0xF]; }

std::string code_point_name(char32_t value) {
  // At least four digits, as Unicode writes them: U+200B, U+E0061, U+10FFFF.
  std::string digits;
  for (int shift = value > 0xFFFFF ? 20 : value > 0xFFFF ? 16 : 12; shift >= 0; shift -= 4) digits += kHex[(value >> shift) & 0xF];
  for (auto& c : digits) c = static_cast<char>(c >= 'a' ? c - 'a' + 'A' : c);
  return "U+" + digits;
}

std::string control_name(char32_t value) {
  switch (value) {
    case '\n': return "a line break (\\n)";
    case '\r': return "a carriage return (\\r)";
    case '\t': return "a tab (\\t)";
    case 0x1B: return "an escape character (\\x1b)";
    case 0x7F: return "a delete character (\\x7f)";
    default:
      return value < 0x80 ? "the control character " + hex_byte(static_cast<unsigned char>(value))
                          : "the control character " + code_point_name(value);
  }
}

// utf8proc_map's result (malloc'ed), or nothing when the text is not UTF-8.
std::string mapped(std::string_view text, int options) {
  utf8proc_uint8_t* out = nullptr;
  const auto length = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()),
                                   static_cast<utf8proc_ssize_t>(text.size()), &out,
                                   static_cast<utf8proc_option_t>(options));
  std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owned(out, &std::free);
  if (length < 0) return std::string(text);
  return std::string(reinterpret_cast<const char*>(out), static_cast<std::size_t>(length));
}

}  // namespace

std::size_t utf8_sequence(std::string_view text, std::size_t i, char32_t& value) {
  const auto lead = static_cast<unsigned char>(text[i]);
  std::size_t length = 0;
  char32_t min_value = 0;
  if (lead < 0x80) {
    value = lead;
    return 1;
  } else if ((lead & 0xE0) == 0xC0) {
    length = 2, min_value = 0x80, value = lead & 0x1Fu;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, min_value = 0x800, value = lead & 0x0Fu;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, min_value = 0x10000, value = lead & 0x07u;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    const auto c = static_cast<unsigned char>(text[i + k]);
    if ((c & 0xC0) != 0x80) return 0;
    value = (value << 6) | (c & 0x3Fu);
  }
  if (value < min_value || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 0;
  return length;
}

bool is_valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    char32_t value = 0;
    const std::size_t length = utf8_sequence(text, i, value);
    if (length == 0) return false;
    i += length;
  }
  return true;
}

bool is_control_character(char32_t value) { return value < 0x20 || (value >= 0x7F && value <= 0x9F); }

bool is_format_character(char32_t value) {
  return utf8proc_category(static_cast<utf8proc_int32_t>(value)) == UTF8PROC_CATEGORY_CF;
}

std::string entry_name_problem(std::string_view name) {
  for (std::size_t i = 0; i < name.size();) {
    char32_t value = 0;
    const std::size_t length = utf8_sequence(name, i, value);
    if (length == 0) return "the byte " + hex_byte(static_cast<unsigned char>(name[i])) + ", which is not UTF-8";
    if (is_control_character(value)) return control_name(value);
    i += length;
  }
  return {};
}

std::string student_id_problem(std::string_view id) {
  if (std::string why = entry_name_problem(id); !why.empty()) return why;
  for (std::size_t i = 0; i < id.size();) {
    char32_t value = 0;
    const std::size_t length = utf8_sequence(id, i, value);
    if (is_format_character(value)) return "the invisible format character " + code_point_name(value);
    i += length;
  }
  return {};
}

std::string nfc(std::string_view text) { return mapped(text, UTF8PROC_STABLE | UTF8PROC_COMPOSE); }

std::string id_comparison_key(std::string_view id) {
  std::string visible;
  for (std::size_t i = 0; i < id.size();) {
    char32_t value = 0;
    const std::size_t length = utf8_sequence(id, i, value);
    if (length == 0) {
      visible += id[i++];  // not UTF-8: compared byte for byte
      continue;
    }
    if (!is_format_character(value)) visible.append(id.substr(i, length));
    i += length;
  }
  // Folding can leave text that composes differently: NFC once more after it.
  return nfc(mapped(visible, UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD));
}

}  // namespace grader::util
