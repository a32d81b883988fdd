// Text that comes from a submission (what its code printed, exception
// messages, compiler diagnostics quoting it, quiz answers, file and student
// names) is data: whatever renderer prints it must not let it drive a
// terminal, close a Markdown code span or open an HTML tag. One helper per
// output kind; each renderer passes every such string through its helper at
// the moment it writes it (the gradebook keeps the raw bytes).
//
// The text rule every helper starts with (plain_text):
//   - C0 controls other than newline and tab, and DEL, become \xNN
//     (ESC is "\x1b", BEL "\x07", NUL "\x00"); a lone CR becomes "\r"
//     (it would overwrite the line); CR LF stays a line break ("\n");
//   - C1 controls U+0080..U+009F written in UTF-8 become \u00NN ("\u009b");
//   - bytes that are not UTF-8 become \xNN ("\x9b", "\xff");
//   - characters that reorder or hide text become \uNNNN ("\u202e",
//     "\u200b"; past U+FFFF \UNNNNNNNN): every format character (general
//     category Cf: zero width space, non-joiner and joiner U+200B..U+200D,
//     word joiner U+2060, BOM U+FEFF, soft hyphen U+00AD, the bidi marks
//     U+200E, U+200F, U+061C, embeddings, overrides and isolates
//     U+202A..U+202E, U+2066..U+2069, tag characters U+E0001..U+E007F...),
//     the separators U+2028, U+2029 and the noncharacters U+FFFE, U+FFFF.
// Everything else, including other non-ASCII text, is kept as it is.
#pragma once

#include <string>
#include <string_view>

namespace grader::report {

/// Plain text and terminal output: the text rule; newlines and tabs kept.
std::string plain_text(std::string_view text);

/// One line of plain text (a name or path in a list, a progress line): the
/// text rule, and newline and tab shown as "\n" and "\t" too.
std::string plain_line(std::string_view text);

/// A string value for a JSON writer: the text rule (visible form, so a
/// consumer printing the field to a terminal is safe too); the JSON writer
/// then escapes quotes and the newlines and tabs that are left.
std::string json_text(std::string_view text);

/// XML character data and attribute values: the text rule, then & < > " '
/// as entities. The result is valid UTF-8 holding no character XML 1.0
/// forbids.
std::string xml_text(std::string_view text);

/// HTML text and attribute values: the text rule, then & < > " ' as entities.
std::string html_text(std::string_view text);

/// Inline Markdown (a table cell, a heading, a list item): the text rule on
/// one line (line breaks become spaces), Markdown punctuation backslash-escaped
/// (so `|` cannot end a table cell, `[x](...)` is no link, `*` no emphasis)
/// and & < written as HTML entities (no tag, no entity of the student's), as
/// is a '>' that starts the line (a block quote); '>' mid-line stays as it is.
std::string markdown_text(std::string_view text);

/// A Markdown code span holding `text` verbatim (on one line, the text rule
/// applied, "\n" shown visibly): delimited by a backtick run longer than any
/// inside, padded with a space when the text starts or ends with a backtick
/// or a space. Not for table cells (a `|` inside still splits the cell there).
std::string markdown_code_span(std::string_view text);

/// A fenced Markdown code block ending in a newline: the text rule (lines
/// kept), fenced by more backticks than any run of backticks or tildes in it.
std::string markdown_block(std::string_view text, std::string_view info = "text");

// CSV: csv_text_field (grader/report/csv.hpp) is the helper for free text: the
// text rule, a leading apostrophe against formula injection, RFC 4180 quoting.

}  // namespace grader::report
