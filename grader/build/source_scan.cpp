#include "grader/build/source_scan.hpp"

#include <vector>

#include "grader/build/compiler_messages.hpp"
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

// `.incbin` in assembler text: the path after it, or "/" when the name is
// not a plain quoted string (escaped, computed or missing: refused too).
std::optional<std::string> incbin_path(const std::string& assembler) {
  const std::size_t at = assembler.find(".incbin");
  if (at == std::string::npos) return std::nullopt;
  std::size_t q = assembler.find_first_not_of(" \t", at + 7);
  if (q == std::string::npos || assembler[q] != '"') return std::string("/");
  const std::size_t e = assembler.find('"', q + 1);
  if (e == std::string::npos || e == q + 1) return std::string("/");
  return assembler.substr(q + 1, e - q - 1);
}

}  // namespace

std::optional<ForbiddenConstruct> find_forbidden_file_reference(std::string_view source) {
  const std::vector<cpp::Token> tokens = cpp::tokenize(source);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const cpp::Token& t = tokens[i];
    // #include "x", # include <x>, %:include "x", #include_next, #import.
    if (t.text == "#" && t.kind == cpp::TokenKind::punct && t.line_start && i + 2 < tokens.size() &&
        tokens[i + 1].kind == cpp::TokenKind::identifier && tokens[i + 2].kind == cpp::TokenKind::header_name) {
      const std::string path = cpp::literal_value(tokens[i + 2]);
      if (std::string why = path_problem(path); !why.empty())
        return ForbiddenConstruct{t.line, "#" + tokens[i + 1].text + " " + tokens[i + 2].text, why};
      continue;
    }
    // .incbin inside string literals (adjacent literals joined, as the compiler joins them).
    if (is_string(t)) {
      std::string joined;
      std::size_t j = i;
      for (; j < tokens.size() && is_string(tokens[j]); ++j) joined += cpp::literal_value(tokens[j]);
      if (auto path = incbin_path(joined)) {
        std::string why = path_problem(*path);
        if (*path == "/") why = "does not name its file by a plain quoted name";
        if (!why.empty()) {
          const std::size_t at = joined.find(".incbin");
          std::string shown = joined.substr(at, joined.find_first_of("\n;", at) - at);
          return ForbiddenConstruct{t.line, shown, why};
        }
      }
      i = j - 1;
      continue;
    }
    // `.incbin` as tokens, e.g. stringified by a macro: `. incbin "..."`.
    if (t.text == "." && i + 1 < tokens.size() && tokens[i + 1].text == "incbin") {
      std::string path = "/";
      if (i + 2 < tokens.size() && is_string(tokens[i + 2])) path = cpp::literal_value(tokens[i + 2]);
      std::string why = path == "/" ? "does not name its file by a plain quoted name" : path_problem(path);
      if (!why.empty()) {
        const std::string shown =
            ".incbin" + (i + 2 < tokens.size() && is_string(tokens[i + 2]) ? " " + tokens[i + 2].text : std::string());
        return ForbiddenConstruct{t.line, shown, why};
      }
    }
  }
  return std::nullopt;
}

std::string describe(const ForbiddenConstruct& found, const std::string& file) {
  // Two lines, each under the 300 bytes a compiler message line is cut at;
  // the construct is the submission's text, of any length.
  return file + ":" + std::to_string(found.line) + ": `" + cut_line(found.construct, 160) + "` " + found.reason +
         ", which cannot be included\nnote: only the course's headers (#include \"<lesson>/<header>.hpp\") and the "
         "system headers can be included, never a file named by an absolute path or through \"..\"\n";
}

}  // namespace grader::build
