// Unicode facts the grader needs about text from a submission (file and
// student names above all): is it UTF-8, which characters control a terminal
// or hide themselves (general category Cf), and the forms two student ids are
// stored and compared in. utf8proc (Debian: libutf8proc-dev) has the tables.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace grader::util {

/// Length of the well-formed UTF-8 sequence starting at text[i] (its value in
/// `value`), or 0 when the byte there does not start one (overlong forms,
/// surrogates and values past U+10FFFF are not UTF-8).
std::size_t utf8_sequence(std::string_view text, std::size_t i, char32_t& value);

bool is_valid_utf8(std::string_view text);

/// C0 controls (tab, line feed and carriage return included), DEL and the C1
/// controls U+0080..U+009F.
bool is_control_character(char32_t value);

/// General category Cf ("format"): invisible characters that change how the
/// text around them is shown or read: zero width space, non-joiner and joiner
/// (U+200B..U+200D), word joiner (U+2060), byte order mark (U+FEFF), soft
/// hyphen, bidi marks, embeddings, overrides and isolates, tag characters...
bool is_format_character(char32_t value);

/// Why `name` cannot name an entry of a batch ("" when it can): a control
/// character or a byte that is not UTF-8, said with the character shown
/// ("a line break (\n)", "the byte \xff, which is not UTF-8").
std::string entry_name_problem(std::string_view name);

/// Why `id` cannot be a student id ("" when it can): what entry_name_problem
/// refuses, and any format character (Cf), which would make two different ids
/// look the same ("the invisible format character U+200B").
std::string student_id_problem(std::string_view id);

/// The Unicode NFC form of valid UTF-8 text (how ids are stored); other text
/// is returned unchanged.
std::string nfc(std::string_view text);

/// What two student ids are compared by: NFC, case folded (Unicode, not only
/// ASCII), with format characters left out. Two ids with one key are the same
/// student, or a look-alike of one.
std::string id_comparison_key(std::string_view id);

}  // namespace grader::util
