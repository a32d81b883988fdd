#include "grader/build/source_scan.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "grader/build/compiler_messages.hpp"
#include "grader/build/assembler_directives.hpp"
#include "grader/util/cpp_tokens.hpp"

namespace grader::build {

namespace cpp = util::cpp;

namespace {

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

std::optional<ForbiddenConstruct> find_forbidden_in_generated_assembly(std::istream& in) {
  auto found = find_directive_in_generated_assembly(in);
  if (!found) return std::nullopt;
  return ForbiddenConstruct{ForbiddenConstruct::Kind::assembler_directive, found->line, found->directive.statement,
                            std::string("is the assembler directive ") + found->directive.name + ", which " +
                                found->directive.what +
                                ", in the assembly compiled from this file (a macro, an attribute or a pasted asm "
                                "built it, so no line of the file spells it)"};
}

std::string describe(const ForbiddenConstruct& found, const std::string& file) {
  // Each line under the 300 bytes a compiler message line is cut at; the
  // construct is the submission's text, of any length.
  std::string where = file;
  if (found.line > 0) where.append(":").append(std::to_string(found.line));
  where.append(": `").append(cut_line(found.construct, 160)).append("` ").append(found.reason);
  switch (found.kind) {
    case ForbiddenConstruct::Kind::include:
      return where +
             ", which cannot be included\nnote: only the course's headers (#include \"<lesson>/<header>.hpp\") and the "
             "system headers can be included, never a file named by an absolute path or through \"..\"\n";
    case ForbiddenConstruct::Kind::inline_assembler:
      return where +
             ", which student files may not use\nnote: the assembler can read files (.incbin, .include), and no "
             "exercise needs it; write the code in C++\n";
    case ForbiddenConstruct::Kind::assembler_directive:
      break;
  }
  return where +
         "\nnote: student files may not use inline assembler, and no string in them may hold an assembler "
         "directive that reads a file or builds one\nnote: (.incbin, .include, .macro, .irp, .irpc, .altmacro, in "
         "any case): a string can reach the assembler without asm (a section attribute, a macro)\n";
}

}  // namespace grader::build
