// A small C++ tokenizer for the checks the grader makes on source text: the
// forbidden-construct scan before a student file is compiled
// (grader/build/source_scan.hpp) and the release scan for reference code in
// a handout (grader/release/code_scan.hpp).
//
// It does what translation phases 1-3 do, as far as those checks need:
// backslash-newlines are joined, comments (// and /* */, also across joined
// lines) are dropped, and the text is split into identifiers, numbers
// (pp-numbers, digit separators included), string literals (with encoding
// prefixes, and raw strings R"delim(...)delim"), character literals,
// header names (after `#include`) and punctuators. Digraphs are spelled as
// the token they stand for (`%:` is `#`, `<%` is `{`, `<:` is `[`). It never
// fails: an unterminated literal or comment ends at the end of the text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace grader::util::cpp {

enum class TokenKind {
  identifier,  ///< also keywords
  number,
  string,       ///< a string literal, prefix and quotes included in `text`
  character,    ///< a character literal
  header_name,  ///< <...> or "..." right after #include / #include_next / #import
  punct,        ///< an operator or punctuator, digraphs spelled as what they mean
};

struct Token {
  TokenKind kind;
  std::string text;  ///< as written (comments and backslash-newlines removed), digraphs replaced
  int line = 0;      ///< 1-based line of the token's first character in the original text
  bool line_start = false;  ///< first token of its (joined) line: where a `#` starts a directive
  /// Byte range [begin, end) of the token in the original text (a mutation
  /// tool rewrites exactly these bytes; grader/validate/mutation_operators.hpp).
  std::size_t begin = 0, end = 0;
};

/// Tokens of `source`. Never throws.
std::vector<Token> tokenize(std::string_view source);

/// The characters a string literal stands for: prefix and quotes removed,
/// escapes decoded (\" \\ \' \n \t \r \0 \a \b \f \v \? \xHH, octal, the
/// delimited \x{..} \o{..} \u{..}, universal character names \uXXXX and
/// \UXXXXXXXX as UTF-8, and \N{NAME} for the ASCII names a scan looks for);
/// a raw string's content as written. For a header name, the name.
std::string literal_value(const Token& token);

/// True for C++ keywords (and the alternative operator spellings such as `and`).
bool is_keyword(std::string_view word);

/// The token as code comparisons see it: every identifier that is not a
/// keyword is `I`, every number `N`, string or header name `S`, character
/// `C`; keywords and punctuators as written. Renaming, re-commenting and
/// re-spacing code change nothing of its normalized tokens.
std::string normalized_spelling(const Token& token);

}  // namespace grader::util::cpp
