#include "grader/build/source_scan.hpp"

#include <algorithm>
#include <cctype>

#include "grader/util/cpp_tokens.hpp"

namespace grader::build {

namespace cpp = util::cpp;

// From the GNU as manual's list of directives (binutils 2.40, "Assembler
// Directives"): the two that read a file, and those that substitute text into
// a statement, which could assemble one of the two from pieces
// (`.macro m a` + `.inc\a`, `.irpc x,b` + `.inc\x\()in`, `.altmacro`'s `&`).
// `.file`, `.loc`, `.ident` and `.print` only record or print a name.
const std::vector<AssemblerDirective> kAssemblerDirectives = {
    {".incbin", "reads a file into the program"},
    {".include", "reads a file and assembles it"},
    {".macro", "defines an assembler macro, which can assemble a directive such as .incbin from pieces"},
    {".irp", "repeats text with substitutions, which can assemble a directive such as .incbin from pieces"},
    {".irpc", "repeats text with substitutions, which can assemble a directive such as .incbin from pieces"},
    {".altmacro", "turns on alternate macro syntax, which can assemble a directive such as .incbin from pieces"},
};

namespace {

// Characters of an assembler name: a directive starts after none of them.
bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.'; }
bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Assembler text as the assembler's scrubber reads it: `/* */` comments
// outside strings removed (so `.inc/**/bin` is `.incbin`) and `#` comments
// dropped to the end of the line; `at` maps each kept byte to its offset.
struct Scrubbed {
  std::string text;
  std::vector<std::size_t> at;
};

Scrubbed scrub(std::string_view a) {
  Scrubbed s;
  auto keep = [&](std::size_t i) {
    s.text += a[i];
    s.at.push_back(i);
  };
  bool in_string = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const char c = a[i];
    if (in_string) {
      keep(i);
      if (c == '\\' && i + 1 < a.size()) {
        keep(++i);
      } else if (c == '"' || c == '\n') {
        in_string = false;
      }
    } else if (c == '"') {
      keep(i);
      in_string = true;
    } else if (c == '\'') {  // a character constant: 'c or '\c
      keep(i);
      if (i + 1 < a.size()) keep(++i);
      if (a[i] == '\\' && i + 1 < a.size()) keep(++i);
    } else if (c == '/' && i + 1 < a.size() && a[i + 1] == '*') {
      const std::size_t end = a.find("*/", i + 2);
      i = end == std::string_view::npos ? a.size() : end + 1;
    } else if (c == '#') {
      while (i + 1 < a.size() && a[i + 1] != '\n') ++i;
    } else {
      keep(i);
    }
  }
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The first directive in `text` (offsets of `text`).
std::optional<DirectiveFound> first_directive(std::string_view text) {
  for (std::size_t p = text.find('.'); p != std::string_view::npos; p = text.find('.', p + 1)) {
    if (p > 0 && name_char(text[p - 1])) continue;
    std::size_t e = p + 1;
    while (e < text.size() && word_char(text[e])) ++e;
    const std::string name = "." + lower(text.substr(p + 1, e - p - 1));
    for (const auto& d : kAssemblerDirectives)
      if (name == d.name) return DirectiveFound{p, d.name, "", d.what};
  }
  return std::nullopt;
}

std::string statement_at(std::string_view text, std::size_t at) {
  std::size_t end = at;
  while (end < text.size() && text[end] != '\n' && text[end] != ';' && end - at < 120) ++end;
  std::string s(text.substr(at, end - at));
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  return s;
}

// Why a path may not be read, or "" when it may.
std::string path_problem(const std::string& path) {
  if (path.empty()) return "";
  if (path[0] == '/') return "names a file by an absolute path";
  const std::string wrapped = "/" + path + "/";
  if (wrapped.find("/../") != std::string::npos) return "names a file through \"..\"";
  return "";
}

bool is_string(const cpp::Token& t) { return t.kind == cpp::TokenKind::string; }

bool is_asm_keyword(const cpp::Token& t) {
  return t.kind == cpp::TokenKind::identifier && (t.text == "asm" || t.text == "__asm__" || t.text == "__asm");
}

// Adjacent string literals from token `i`, joined and decoded as the
// compiler joins them, and where each one starts in the joined text.
struct JoinedLiterals {
  std::string text;
  std::vector<std::size_t> starts;  ///< offset in `text` of each literal
  std::size_t end = 0;              ///< the first token after them
};

JoinedLiterals join_literals(const std::vector<cpp::Token>& tokens, std::size_t i) {
  JoinedLiterals j;
  for (j.end = i; j.end < tokens.size() && is_string(tokens[j.end]); ++j.end) {
    j.starts.push_back(j.text.size());
    j.text += cpp::literal_value(tokens[j.end]);
  }
  return j;
}

// A directive in joined literals: the construct as the assembler would read
// it, on the line of the literal where it starts.
std::optional<ForbiddenConstruct> directive_in(const std::vector<cpp::Token>& tokens, std::size_t i,
                                               const JoinedLiterals& joined) {
  auto found = find_assembler_directive(joined.text);
  if (!found) return std::nullopt;
  std::size_t literal = 0;
  while (literal + 1 < joined.starts.size() && joined.starts[literal + 1] <= found->offset) ++literal;
  const cpp::Token& holder = tokens[i + literal];
  int line = holder.line;
  // A raw string spans lines as written: count them to the directive.
  const std::size_t quote = holder.text.find('"');
  if (quote != std::string::npos && quote > 0 && holder.text[quote - 1] == 'R')
    line += static_cast<int>(std::count(joined.text.begin() + static_cast<std::ptrdiff_t>(joined.starts[literal]),
                                        joined.text.begin() + static_cast<std::ptrdiff_t>(found->offset), '\n'));
  return ForbiddenConstruct{ForbiddenConstruct::Kind::assembler_directive, line, found->statement,
                            std::string("is the assembler directive ") + found->name + ", which " + found->what};
}

// A directive as tokens from token `i`, e.g. stringified by a macro:
// `S(.incbin "...")`. Not a member access (`x.include`: a name after a name).
std::optional<ForbiddenConstruct> directive_as_tokens(const std::vector<cpp::Token>& tokens, std::size_t i) {
  if (tokens[i].text != "." || i + 1 >= tokens.size() || tokens[i + 1].kind != cpp::TokenKind::identifier)
    return std::nullopt;
  const bool member_access = i > 0 && (tokens[i - 1].kind == cpp::TokenKind::identifier ||
                                       tokens[i - 1].kind == cpp::TokenKind::number || tokens[i - 1].text == ")" ||
                                       tokens[i - 1].text == "]");
  if (member_access) return std::nullopt;
  auto found = find_assembler_directive("." + tokens[i + 1].text);
  if (!found) return std::nullopt;
  std::string shown = found->statement;
  if (i + 2 < tokens.size() && is_string(tokens[i + 2])) shown += " " + tokens[i + 2].text;
  return ForbiddenConstruct{ForbiddenConstruct::Kind::assembler_directive, tokens[i].line, shown,
                            std::string("is the assembler directive ") + found->name + ", which " + found->what};
}

// The first directive in the string literals of an `asm` statement from
// token `i` (its arguments, to the matching parenthesis).
std::optional<ForbiddenConstruct> directive_in_asm(const std::vector<cpp::Token>& tokens, std::size_t i) {
  int depth = 0;
  for (std::size_t j = i + 1; j < tokens.size(); ++j) {
    const std::string& t = tokens[j].text;
    if (tokens[j].kind == cpp::TokenKind::punct) {
      if (auto found = directive_as_tokens(tokens, j)) return found;
      if (t == "(") ++depth;
      if (t == ")" && --depth <= 0) break;
      if (t == ";" && depth == 0) break;
      continue;
    }
    if (depth == 0 && tokens[j].kind != cpp::TokenKind::identifier) break;  // `asm volatile goto (` keep going
    if (is_string(tokens[j])) {
      const JoinedLiterals joined = join_literals(tokens, j);
      if (auto found = directive_in(tokens, j, joined)) return found;
      j = joined.end - 1;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<DirectiveFound> find_assembler_directive(std::string_view assembler) {
  std::optional<DirectiveFound> found = first_directive(assembler);
  if (found) {
    found->statement = statement_at(assembler, found->offset);
  } else {
    // Only a comment joins it: show the statement as the assembler reads it.
    const Scrubbed s = scrub(assembler);
    found = first_directive(s.text);
    if (!found) return std::nullopt;
    found->statement = statement_at(s.text, found->offset);
    found->offset = s.at[found->offset];
  }
  return found;
}

std::optional<ForbiddenConstruct> find_forbidden_file_reference(std::string_view source) {
  using Kind = ForbiddenConstruct::Kind;
  const std::vector<cpp::Token> tokens = cpp::tokenize(source);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const cpp::Token& t = tokens[i];
    // #include "x", # include <x>, %:include "x", #include_next, #import.
    if (t.text == "#" && t.kind == cpp::TokenKind::punct && t.line_start && i + 2 < tokens.size() &&
        tokens[i + 1].kind == cpp::TokenKind::identifier && tokens[i + 2].kind == cpp::TokenKind::header_name) {
      const std::string path = cpp::literal_value(tokens[i + 2]);
      if (std::string why = path_problem(path); !why.empty())
        return ForbiddenConstruct{Kind::include, t.line, "#" + tokens[i + 1].text + " " + tokens[i + 2].text, why};
      continue;
    }
    // Inline assembler, in any spelling and place (a function, a template, a
    // lambda, namespace scope, a macro's body, an asm label): named by the
    // directive it holds when it holds one.
    if (is_asm_keyword(t)) {
      if (auto found = directive_in_asm(tokens, i)) return found;
      return ForbiddenConstruct{Kind::inline_assembler, t.line, t.text, "is inline assembler"};
    }
    // Any string literal holding a directive (adjacent literals joined, as the
    // compiler joins them): it may reach the assembler without `asm`.
    if (is_string(t)) {
      const JoinedLiterals joined = join_literals(tokens, i);
      if (auto found = directive_in(tokens, i, joined)) return found;
      i = joined.end - 1;
      continue;
    }
    if (auto found = directive_as_tokens(tokens, i)) return found;
  }
  return std::nullopt;
}

std::string describe(const ForbiddenConstruct& found, const std::string& file) {
  const std::string where = file + ":" + std::to_string(found.line) + ": `" + found.construct + "` " + found.reason;
  switch (found.kind) {
    case ForbiddenConstruct::Kind::include:
      return where +
             ", which cannot be included: only the course's headers (#include \"<lesson>/<header>.hpp\") and the "
             "system headers can be included, never a file named by an absolute path or through \"..\"";
    case ForbiddenConstruct::Kind::inline_assembler:
      return where +
             ", which student files may not use: the assembler can read files (.incbin, .include), and no exercise "
             "needs it; write the code in C++";
    case ForbiddenConstruct::Kind::assembler_directive:
      break;
  }
  return where +
         ": student files may not use inline assembler, and no string in them may hold an assembler directive that "
         "reads a file or builds one (.incbin, .include, .macro, .irp, .irpc, .altmacro), in any case, since a "
         "string can reach the assembler without asm (a section attribute, a macro)";
}

}  // namespace grader::build
