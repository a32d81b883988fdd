#include "grader/util/cpp_tokens.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <map>
#include <set>

namespace grader::util::cpp {

namespace {

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' || (c & 0x80); }
bool ident_char(char c) { return ident_start(c) || std::isdigit(static_cast<unsigned char>(c)); }
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// The value of `c` as a digit of `base` (8 or 16), or -1.
int digit_value(char c, int base) {
  if (c >= '0' && c <= '7') return c - '0';
  if (base == 8) return -1;
  if (c == '8' || c == '9') return c - '0';
  const char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return l >= 'a' && l <= 'f' ? l - 'a' + 10 : -1;
}

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xc0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xe0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | ((cp >> 18) & 0x07));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  }
}

// The character a \N{NAME} escape names, for the ASCII characters the scans
// look for (letters, digits, the full stop, blanks, quotes); '?' for others.
std::string character_named(std::string name) {
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  static const std::map<std::string, char> named = {
      {"FULL STOP", '.'},        {"SPACE", ' '},         {"CHARACTER TABULATION", '\t'}, {"LINE FEED", '\n'},
      {"QUOTATION MARK", '"'},   {"REVERSE SOLIDUS", '\\'}, {"SEMICOLON", ';'},         {"NUMBER SIGN", '#'},
      {"SOLIDUS", '/'},          {"ASTERISK", '*'},      {"COLON", ':'},                 {"LOW LINE", '_'}};
  if (auto it = named.find(name); it != named.end()) return std::string(1, it->second);
  for (const char* prefix : {"LATIN SMALL LETTER ", "LATIN CAPITAL LETTER "}) {
    const std::string p(prefix);
    if (name.size() == p.size() + 1 && name.compare(0, p.size(), p) == 0 && std::isalpha(static_cast<unsigned char>(name.back())))
      return std::string(1, p[6] == 'S' ? static_cast<char>(std::tolower(static_cast<unsigned char>(name.back()))) : name.back());
  }
  static const char* digits[] = {"ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"};
  for (int d = 0; d < 10; ++d)
    if (name == std::string("DIGIT ") + digits[d]) return std::string(1, static_cast<char>('0' + d));
  return "?";
}

// Phase 2: backslash-newline removed; each remaining character keeps its
// original line number.
struct Spliced {
  std::string text;
  std::vector<int> line;
  std::vector<std::size_t> offset;  ///< each character's byte offset in the original text
};

Spliced splice(std::string_view source) {
  Spliced s;
  s.text.reserve(source.size());
  s.line.reserve(source.size());
  int line = 1;
  for (std::size_t i = 0; i < source.size(); ++i) {
    const char c = source[i];
    if (c == '\\') {
      // A backslash, optional trailing blanks (GCC accepts them, with a warning) and a newline.
      std::size_t j = i + 1;
      while (j < source.size() && (source[j] == ' ' || source[j] == '\t' || source[j] == '\r')) ++j;
      if (j < source.size() && source[j] == '\n') {
        ++line;
        i = j;
        continue;
      }
    }
    s.text += c;
    s.line.push_back(line);
    s.offset.push_back(i);
    if (c == '\n') ++line;
  }
  return s;
}

// Longest first; digraphs map to what they mean.
struct Punct {
  const char* spelling;
  const char* meaning;
};
constexpr std::array<Punct, 56> kPuncts = {{
    {"%:%:", "##"}, {"...", "..."}, {"<=>", "<=>"}, {"<<=", "<<="}, {">>=", ">>="}, {"->*", "->*"},
    {"::", "::"},   {"->", "->"},   {"++", "++"},   {"--", "--"},   {"<<", "<<"},   {">>", ">>"},
    {"<=", "<="},   {">=", ">="},   {"==", "=="},   {"!=", "!="},   {"&&", "&&"},   {"||", "||"},
    {"+=", "+="},   {"-=", "-="},   {"*=", "*="},   {"/=", "/="},   {"%=", "%="},   {"&=", "&="},
    {"|=", "|="},   {"^=", "^="},   {"##", "##"},   {".*", ".*"},   {"%:", "#"},    {"<%", "{"},
    {"%>", "}"},    {"<:", "["},    {":>", "]"},    {"{", "{"},     {"}", "}"},     {"[", "["},
    {"]", "]"},     {"(", "("},     {")", ")"},     {";", ";"},     {":", ":"},     {",", ","},
    {".", "."},     {"?", "?"},     {"+", "+"},     {"-", "-"},     {"*", "*"},     {"/", "/"},
    {"%", "%"},     {"^", "^"},     {"&", "&"},     {"|", "|"},     {"~", "~"},     {"!", "!"},
    {"=", "="},     {"<", "<"},
}};

class Lexer {
 public:
  explicit Lexer(std::string_view source) : s_(splice(source)) {}

  std::vector<Token> run() {
    const std::string& t = s_.text;
    while (i_ < t.size()) {
      const char c = t[i_];
      if (c == '\n') {
        at_line_start_ = true;
        ++i_;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        ++i_;
      } else if (c == '/' && peek(1) == '/') {
        while (i_ < t.size() && t[i_] != '\n') ++i_;
      } else if (c == '/' && peek(1) == '*') {
        const std::size_t end = t.find("*/", i_ + 2);
        i_ = end == std::string::npos ? t.size() : end + 2;
      } else if (header_expected_ && (c == '<' || c == '"')) {
        const char close = c == '<' ? '>' : '"';
        std::size_t end = i_ + 1;
        while (end < t.size() && t[end] != close && t[end] != '\n') ++end;
        emit(TokenKind::header_name, i_, std::min(end + 1, t.size()));
      } else if (ident_start(c)) {
        lex_identifier_or_literal();
      } else if (digit(c) || (c == '.' && digit(peek(1)))) {
        lex_number();
      } else if (c == '"') {
        lex_quoted(i_, i_, '"', TokenKind::string);
      } else if (c == '\'') {
        lex_quoted(i_, i_, '\'', TokenKind::character);
      } else {
        lex_punct();
      }
    }
    return std::move(out_);
  }

 private:
  char peek(std::size_t ahead) const {
    return i_ + ahead < s_.text.size() ? s_.text[i_ + ahead] : '\0';
  }

  void emit(TokenKind kind, std::size_t begin, std::size_t end, std::string text = {}) {
    Token tok{kind, text.empty() ? s_.text.substr(begin, end - begin) : std::move(text), s_.line[begin],
              at_line_start_, s_.offset[begin], end > begin ? s_.offset[end - 1] + 1 : s_.offset[begin]};
    // `#include` (or include_next / import) at the start of a line: a header name follows.
    const bool directive_name = kind == TokenKind::identifier && !out_.empty() && out_.back().text == "#" &&
                                out_.back().line_start && !tok.line_start &&
                                (tok.text == "include" || tok.text == "include_next" || tok.text == "import");
    header_expected_ = directive_name;
    at_line_start_ = false;
    out_.push_back(std::move(tok));
    i_ = end;
  }

  void lex_identifier_or_literal() {
    const std::string& t = s_.text;
    std::size_t end = i_;
    while (end < t.size() && ident_char(t[end])) ++end;
    const std::string word = t.substr(i_, end - i_);
    const bool string_prefix = word == "L" || word == "u" || word == "U" || word == "u8";
    const bool raw_prefix = word == "R" || word == "LR" || word == "uR" || word == "UR" || word == "u8R";
    if (end < t.size() && t[end] == '"' && raw_prefix) return lex_raw(end);
    if (end < t.size() && t[end] == '"' && string_prefix) return lex_quoted(i_, end, '"', TokenKind::string);
    if (end < t.size() && t[end] == '\'' && string_prefix) return lex_quoted(i_, end, '\'', TokenKind::character);
    emit(TokenKind::identifier, i_, end);
  }

  void lex_number() {
    const std::string& t = s_.text;
    std::size_t end = i_ + 1;
    while (end < t.size()) {
      const char c = t[end];
      if ((c == '+' || c == '-') && std::string("eEpP").find(t[end - 1]) != std::string::npos) {
        ++end;
      } else if (c == '\'' && end + 1 < t.size() && ident_char(t[end + 1])) {
        end += 2;  // digit separator
      } else if (ident_char(c) || c == '.') {
        ++end;
      } else {
        break;
      }
    }
    emit(TokenKind::number, i_, end);
  }

  // A literal from `begin` (its prefix) whose opening quote is at `quote`.
  void lex_quoted(std::size_t begin, std::size_t quote, char close, TokenKind kind) {
    const std::string& t = s_.text;
    std::size_t end = quote + 1;
    while (end < t.size() && t[end] != close && t[end] != '\n') end += t[end] == '\\' ? 2 : 1;
    emit(kind, begin, std::min(end + 1, t.size()));
  }

  // R"delim( ... )delim"; the opening quote is at `quote`.
  void lex_raw(std::size_t quote) {
    const std::string& t = s_.text;
    const std::size_t open = t.find('(', quote + 1);
    if (open == std::string::npos || open - quote - 1 > 16) return lex_quoted(i_, quote, '"', TokenKind::string);
    const std::string closing = ")" + t.substr(quote + 1, open - quote - 1) + "\"";
    const std::size_t end = t.find(closing, open + 1);
    emit(TokenKind::string, i_, end == std::string::npos ? t.size() : end + closing.size());
  }

  void lex_punct() {
    const std::string& t = s_.text;
    for (const auto& p : kPuncts) {
      const std::string_view spelling(p.spelling);
      if (t.compare(i_, spelling.size(), spelling) != 0) continue;
      // `<::` not followed by `:` or `>` is `<` then `::` (a template argument list).
      if (spelling == "<:" && peek(2) == ':' && peek(3) != ':' && peek(3) != '>') continue;
      emit(TokenKind::punct, i_, i_ + spelling.size(), p.meaning);
      return;
    }
    emit(TokenKind::punct, i_, i_ + 1);  // anything else (`@`, a stray backslash): one character
  }

  Spliced s_;
  std::size_t i_ = 0;
  bool at_line_start_ = true;
  bool header_expected_ = false;
  std::vector<Token> out_;
};

}  // namespace

std::vector<Token> tokenize(std::string_view source) { return Lexer(source).run(); }

std::string literal_value(const Token& token) {
  const std::string& t = token.text;
  if (token.kind == TokenKind::header_name) {
    const bool closed = t.size() >= 2 && (t.back() == '>' || t.back() == '"');
    return t.substr(1, t.size() - (closed ? 2 : 1));
  }
  const char quote = token.kind == TokenKind::character ? '\'' : '"';
  const std::size_t open = t.find(quote);
  if (open == std::string::npos) return {};
  if (open > 0 && t[open - 1] == 'R') {  // raw: R"delim( ... )delim"
    const std::size_t paren = t.find('(', open);
    if (paren == std::string::npos) return {};
    const std::size_t delim = paren - open - 1;
    const std::size_t tail = delim + 2;  // )delim"
    if (t.size() < paren + 1 + tail) return t.substr(paren + 1);
    return t.substr(paren + 1, t.size() - paren - 1 - tail);
  }
  std::string out;
  std::size_t end = t.size();
  if (end > open + 1 && t[end - 1] == quote) --end;
  for (std::size_t i = open + 1; i < end; ++i) {
    if (t[i] != '\\' || i + 1 >= end) {
      out += t[i];
      continue;
    }
    const char e = t[++i];
    switch (e) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'v': out += '\v'; break;
      case 'x':
      case 'o': {
        // \xHH..., and the delimited forms \x{HH} and \o{OOO} (C++23).
        const int base = e == 'x' ? 16 : 8;
        const bool delimited = i + 1 < end && t[i + 1] == '{';
        if (delimited) ++i;
        if (e == 'o' && !delimited) {
          out += e;
          break;
        }
        std::uint32_t value = 0;
        while (i + 1 < end && digit_value(t[i + 1], base) >= 0) value = value * base + digit_value(t[++i], base);
        if (delimited && i + 1 < end && t[i + 1] == '}') ++i;
        if (delimited && value > 0x7f) {
          append_utf8(out, value);
        } else {
          out += static_cast<char>(value);
        }
        break;
      }
      case 'u':
      case 'U': {  // universal character names: \uXXXX, \UXXXXXXXX, \u{X...} (C++23), as UTF-8
        const bool delimited = e == 'u' && i + 1 < end && t[i + 1] == '{';
        if (delimited) ++i;
        const int digits = delimited ? 8 : (e == 'u' ? 4 : 8);
        std::uint32_t value = 0;
        for (int n = 0; n < digits && i + 1 < end && digit_value(t[i + 1], 16) >= 0; ++n)
          value = value * 16 + digit_value(t[++i], 16);
        if (delimited && i + 1 < end && t[i + 1] == '}') ++i;
        append_utf8(out, value);
        break;
      }
      case 'N': {  // \N{NAME} (C++23): the names of the characters a check looks for
        if (i + 1 >= end || t[i + 1] != '{') {
          out += e;
          break;
        }
        const std::size_t close = t.find('}', i + 2);
        const std::string name = t.substr(i + 2, (close == std::string::npos ? end : close) - i - 2);
        i = close == std::string::npos ? end - 1 : close;
        out += character_named(name);
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          int value = e - '0';
          for (int n = 0; n < 2 && i + 1 < end && t[i + 1] >= '0' && t[i + 1] <= '7'; ++n) value = value * 8 + (t[++i] - '0');
          out += static_cast<char>(value);
        } else {
          out += e;  // \" \\ \' \? and anything unknown
        }
    }
  }
  return out;
}

bool is_keyword(std::string_view word) {
  static const std::set<std::string_view> keywords = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
      "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
      "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
      "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
      "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
      "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
      "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
      "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
      "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
      "__asm__", "__asm", "__volatile__"};
  return keywords.count(word) > 0;
}

std::string normalized_spelling(const Token& token) {
  switch (token.kind) {
    case TokenKind::identifier: return is_keyword(token.text) ? token.text : "I";
    case TokenKind::number: return "N";
    case TokenKind::string:
    case TokenKind::header_name: return "S";
    case TokenKind::character: return "C";
    case TokenKind::punct: return token.text;
  }
  return token.text;
}

}  // namespace grader::util::cpp
