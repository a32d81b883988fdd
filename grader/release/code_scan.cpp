#include "grader/release/code_scan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "grader/course/pristine_starter.hpp"
#include "grader/util/cpp_tokens.hpp"
#include "grader/util/kgrams.hpp"
#include "grader/util/files.hpp"

namespace grader::release {

namespace fs = std::filesystem;
namespace cpp = util::cpp;

namespace {

using Tokens = std::vector<cpp::Token>;

bool is(const cpp::Token& t, const char* text) { return t.kind != cpp::TokenKind::string && t.text == text; }
bool is_name(const cpp::Token& t) { return t.kind == cpp::TokenKind::identifier && !cpp::is_keyword(t.text); }

std::string normal(const cpp::Token& t) { return cpp::normalized_spelling(t); }

// Index of the token closing the bracket at `open` (or the last token).
std::size_t matching(const Tokens& t, std::size_t open, const char* o, const char* c) {
  int depth = 0;
  for (std::size_t i = open; i < t.size(); ++i) {
    if (is(t[i], o)) ++depth;
    if (is(t[i], c) && --depth == 0) return i;
  }
  return t.size() - 1;
}

// Rule 1's stub: every statement of the body is `throw ...`, `(void)x`,
// `static_cast<void>(x)`, `return` or `return` of one literal or `{}`.
bool stub_body(const Tokens& t, std::size_t open, std::size_t close) {
  std::size_t s = open + 1;
  while (s < close) {
    std::size_t e = s;
    int depth = 0;
    while (e < close && !(depth == 0 && is(t[e], ";"))) {
      if (is(t[e], "(") || is(t[e], "{") || is(t[e], "[")) ++depth;
      if (is(t[e], ")") || is(t[e], "}") || is(t[e], "]")) --depth;
      ++e;
    }
    const std::size_t n = e - s;
    const bool ok = (n >= 1 && is(t[s], "throw")) ||
                    (n >= 4 && is(t[s], "(") && is(t[s + 1], "void") && is(t[s + 2], ")")) ||
                    (n >= 5 && is(t[s], "static_cast") && is(t[s + 1], "<") && is(t[s + 2], "void")) ||
                    (n == 1 && is(t[s], "return")) ||
                    (n == 2 && is(t[s], "return") && t[s + 1].kind != cpp::TokenKind::identifier) ||
                    (n == 2 && is(t[s], "return") && (is(t[s + 1], "true") || is(t[s + 1], "false") ||
                                                      is(t[s + 1], "nullptr"))) ||
                    (n == 3 && is(t[s], "return") && is(t[s + 1], "{") && is(t[s + 2], "}"));
    if (!ok) return false;
    s = e + 1;
  }
  return true;
}

struct Scope {
  enum Kind { name_space, klass } kind;
  std::string name;  // "" for an anonymous namespace or extern "C"
  bool anonymous = false;
};

class Parser {
 public:
  Parser(const std::string& source, std::set<std::string> namespaces)
      : t_(strip_directives(cpp::tokenize(source))), namespaces_(std::move(namespaces)) {
    for (std::size_t i = 0; i + 1 < t_.size(); ++i)
      if (is(t_[i], "namespace") && is_name(t_[i + 1])) namespaces_.insert(t_[i + 1].text);
  }

  std::vector<CodeUnit> run() {
    std::size_t stmt = 0;
    int parens = 0;  // a `{` inside parentheses (a default argument `= {}`) opens nothing
    for (std::size_t i = 0; i < t_.size(); ++i) {
      if (is(t_[i], "(")) {
        ++parens;
      } else if (is(t_[i], ")")) {
        parens = parens > 0 ? parens - 1 : 0;
      } else if (parens > 0) {
        continue;
      } else if (is(t_[i], ";")) {
        stmt = i + 1;
      } else if (is(t_[i], "}")) {
        if (!scopes_.empty()) scopes_.pop_back();
        stmt = i + 1;
      } else if (is(t_[i], "{")) {
        i = open_brace(stmt, i);
        stmt = i + 1;
      }
    }
    return std::move(units_);
  }

 private:
  static constexpr std::size_t kSkipStatement = static_cast<std::size_t>(-1);

  static Tokens strip_directives(Tokens in) {
    Tokens out;
    bool directive = false;
    for (auto& tok : in) {
      if (tok.line_start) directive = is(tok, "#");
      if (!directive) out.push_back(std::move(tok));
    }
    return out;
  }

  // A `{` at namespace or class scope, in the statement starting at `stmt`.
  // Returns the index to continue after (the brace itself when a scope was
  // entered, the closing brace when the block was skipped).
  std::size_t open_brace(std::size_t stmt, std::size_t brace) {
    // namespace [a::b] {   /   extern "C" {
    for (std::size_t j = stmt; j < brace; ++j) {
      if (is(t_[j], "namespace")) {
        std::string name;
        for (std::size_t k = j + 1; k < brace; ++k)
          if (is_name(t_[k]) && name.empty()) name = t_[k].text;  // a::b: a, where the top namespace is
        scopes_.push_back({Scope::name_space, name, name.empty()});
        return brace;
      }
    }
    if (brace == stmt + 2 && is(t_[stmt], "extern") && t_[stmt + 1].kind == cpp::TokenKind::string) {
      scopes_.push_back({Scope::name_space, "", false});
      return brace;
    }
    if (std::size_t paren = declarator_paren(stmt, brace); paren != kSkipStatement) {
      const std::size_t close = matching(t_, paren, "(", ")");
      // Between `)` and the body: cv, ref, noexcept(...), override, final,
      // `-> type`, or a constructor's `: member(x), other{y}` list, whose
      // brace initialisers follow a name or `>`, the body a `)` or `}`.
      bool init_list = false;
      for (std::size_t k = close + 1; k < brace; ++k)
        if (is(t_[k], ":")) init_list = true;
      std::size_t body = brace;
      while (init_list && (is_name(t_[body - 1]) || is(t_[body - 1], ">"))) {
        body = matching(t_, body, "{", "}") + 1;
        while (body < t_.size() && !is(t_[body], "{")) ++body;
        if (body >= t_.size()) return t_.size() - 1;
      }
      const std::size_t end = matching(t_, body, "{", "}");
      add_function(stmt, paren, body, end);
      return end;
    }
    // class / struct / union NAME ... {   (not enum class)
    std::string class_name;
    bool enumeration = false;
    for (std::size_t j = stmt; j < brace; ++j) {
      if (is(t_[j], "enum")) enumeration = true;
      if ((is(t_[j], "class") || is(t_[j], "struct") || is(t_[j], "union")) && j + 1 < brace && is_name(t_[j + 1]))
        class_name = t_[j + 1].text;
    }
    if (!enumeration && (!class_name.empty() || is(t_[brace - (brace > stmt ? 1 : 0)], "struct"))) {
      scopes_.push_back({Scope::klass, class_name, false});
      return brace;
    }
    // Anything else (an initialiser, an enum, a lambda in a variable): a block.
    const std::size_t end = matching(t_, brace, "{", "}");
    if (!enumeration) add_unit("(code)", false, false, t_[brace].line, brace, end);
    return end;
  }

  // The `(` that opens a function's parameters in [stmt, brace): the first
  // at parenthesis depth 0 after a name or an operator-function-id, with no
  // `=` before it at depth 0 (which makes it an initialiser).
  std::size_t declarator_paren(std::size_t stmt, std::size_t brace) const {
    int depth = 0;
    for (std::size_t j = stmt; j < brace; ++j) {
      if (depth == 0 && is(t_[j], "=")) return kSkipStatement;
      if (depth == 0 && is(t_[j], "operator")) {
        std::size_t k = j + 1;
        if (k + 1 < brace && is(t_[k], "(") && is(t_[k + 1], ")")) k += 2;
        while (k < brace && !is(t_[k], "(")) ++k;
        return k < brace ? k : kSkipStatement;
      }
      if (is(t_[j], "(")) {
        if (depth == 0 && j > stmt && (is_name(t_[j - 1]) || is(t_[j - 1], ">"))) {
          if (is_name(t_[j - 1]) && (t_[j - 1].text == "alignas" || t_[j - 1].text == "decltype")) {
            ++depth;
            continue;
          }
          return is_name(t_[j - 1]) ? j : kSkipStatement;
        }
        ++depth;
      } else if (is(t_[j], ")")) {
        --depth;
      }
    }
    return kSkipStatement;
  }

  void add_function(std::size_t stmt, std::size_t paren, std::size_t body, std::size_t end) {
    // The declarator's name: `a :: B :: f` or `B :: operator ()`.
    std::size_t first = paren - 1;
    for (std::size_t j = stmt; j < paren; ++j)
      if (is(t_[j], "operator")) first = j;
    std::string name;
    for (std::size_t j = first; j < paren; ++j) name += t_[j].text;
    if (is(t_[first], "~") || (first > stmt && is(t_[first - 1], "~"))) {
      name = "~" + name;
      if (first > stmt) --first;
    }
    std::vector<std::string> qualifiers;
    std::size_t q = first;
    while (q >= stmt + 2 && is(t_[q - 1], "::") && is_name(t_[q - 2])) {
      qualifiers.insert(qualifiers.begin(), t_[q - 2].text);
      q -= 2;
    }
    std::string top;
    bool external = true;
    std::string klass;
    for (const auto& s : scopes_) {
      if (s.kind == Scope::name_space && top.empty() && !s.name.empty()) top = s.name;
      if (s.kind == Scope::name_space && s.anonymous) external = false;
      if (s.kind == Scope::klass) klass = s.name;
    }
    for (const auto& qual : qualifiers) {
      if (namespaces_.count(qual) && klass.empty()) {
        if (top.empty()) top = qual;
      } else {
        klass = qual;
      }
    }
    const bool in_class = !scopes_.empty() && scopes_.back().kind == Scope::klass;
    for (std::size_t j = stmt; j < paren; ++j)
      if (is(t_[j], "static") && !in_class) external = false;
    CodeUnit& u = add_unit(klass.empty() ? name : klass + "::" + name, true, external, t_[first].line, body, end);
    u.top_namespace = top;
    u.stub = stub_body(t_, body, end);
    const std::size_t close = matching(t_, paren, "(", ")");
    int depth = 0;
    u.parameters = close > paren + 1 && !(close == paren + 2 && is(t_[paren + 1], "void")) ? 1 : 0;
    for (std::size_t j = paren + 1; j < close; ++j) {
      if (is(t_[j], "(") || is(t_[j], "<") || is(t_[j], "{") || is(t_[j], "[")) ++depth;
      if (is(t_[j], ")") || is(t_[j], ">") || is(t_[j], "}") || is(t_[j], "]")) --depth;
      if (depth == 0 && is(t_[j], ",")) ++u.parameters;
    }
  }

  CodeUnit& add_unit(std::string name, bool function, bool external, int line, std::size_t open, std::size_t close) {
    CodeUnit u;
    u.name = std::move(name);
    u.function = function;
    u.external = external;
    u.line = line;
    for (const auto& s : scopes_)
      if (s.kind == Scope::name_space && !s.name.empty()) {
        u.top_namespace = s.name;
        break;
      }
    for (std::size_t j = open; j <= close && j < t_.size(); ++j) u.normalized.push_back(normal(t_[j]));
    units_.push_back(std::move(u));
    return units_.back();
  }

  Tokens t_;
  std::set<std::string> namespaces_;
  std::vector<Scope> scopes_;
  std::vector<CodeUnit> units_;
};

using Kgrams = std::unordered_set<std::uint64_t>;

Kgrams kgrams(const std::vector<std::string>& tokens) {
  const auto hashes = util::kgram_hashes(tokens, kKgram);
  return Kgrams(hashes.begin(), hashes.end());
}

bool is_cpp_source(const std::string& path) {
  for (const char* ext : {".cpp", ".cc", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h", ".ipp", ".inl", ".tpp"})
    if (path.size() > std::string(ext).size() && path.compare(path.size() - std::string(ext).size(), std::string::npos, ext) == 0)
      return true;
  return false;
}

struct Reference {
  std::string file;  // solutions/<lesson>/<name>.cpp
  std::string workspace_path;  // <lesson>/<name>.cpp
  CodeUnit unit;
  Kgrams grams;
};

struct Scan {
  std::vector<Reference> references;  // every function of solutions/ (exercise functions and helpers)
  std::set<std::string> namespaces;
};

std::set<std::string> declared_namespaces(const std::string& source) {
  std::set<std::string> out;
  const Tokens t = cpp::tokenize(source);
  for (std::size_t i = 0; i + 1 < t.size(); ++i)
    if (is(t[i], "namespace") && is_name(t[i + 1])) out.insert(t[i + 1].text);
  return out;
}

Scan load_references(const course::Course& course, const Contents& contents) {
  Scan scan;
  std::vector<std::pair<fs::path, std::string>> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(course.root / "solutions", ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file(ec) || !is_cpp_source(it->path().string())) continue;
    files.emplace_back(it->path(), util::read_file(it->path()));
  }
  std::sort(files.begin(), files.end());
  for (const auto& [path, text] : files) {
    auto ns = declared_namespaces(text);
    scan.namespaces.insert(ns.begin(), ns.end());
  }
  for (const auto& item : contents.items) {
    if (!is_cpp_source(item.path)) continue;
    auto ns = declared_namespaces(content_of(item));
    scan.namespaces.insert(ns.begin(), ns.end());
  }
  for (const auto& [path, text] : files) {
    const std::string rel = util::relative_text(path, course.root);
    for (auto& unit : code_units(text, scan.namespaces)) {
      if (!unit.function) continue;
      Reference r{rel, rel.substr(std::string("solutions/").size()), std::move(unit), {}};
      r.grams = kgrams(r.unit.normalized);
      scan.references.push_back(std::move(r));
    }
  }
  return scan;
}

// The reference functions a handout unit matches by name (rule 1).
std::vector<const Reference*> same_name(const Scan& scan, const CodeUnit& unit) {
  std::vector<const Reference*> out;
  if (!unit.function) return out;
  for (const auto& r : scan.references)
    if (r.unit.external && r.unit.name == unit.name && r.unit.parameters == unit.parameters &&
        (r.unit.top_namespace.empty() || r.unit.top_namespace == unit.top_namespace))
      out.push_back(&r);
  return out;
}

struct Finding {
  Resemblance resemblance;
  std::string problem;  // empty: fine
};

std::vector<Finding> scan_handout(const course::Course& course, const Contents& contents) {
  const Scan scan = load_references(course, contents);
  std::vector<Finding> out;
  for (const auto& item : contents.items) {
    if (!is_cpp_source(item.path)) continue;
    // The starter, and the handout's copy of it (course/pristine_starter.hpp).
    const std::string copy = std::string(course::kHandoutStarterCopy) + "/";
    const std::size_t prefix = item.path.rfind("starter/", 0) == 0 ? std::string("starter/").size()
                               : item.path.rfind(copy, 0) == 0    ? copy.size()
                                                                  : 0;
    const bool starter = prefix > 0;
    const std::string workspace_path = starter ? item.path.substr(prefix) : "";
    for (const auto& unit : code_units(content_of(item), scan.namespaces)) {
      Finding f;
      f.resemblance.file = item.path;
      f.resemblance.unit = unit.name;
      f.resemblance.line = unit.line;
      // Rule 1: a definition named as an exercise function.
      const Reference* own = nullptr;
      for (const Reference* r : same_name(scan, unit)) {
        if (starter && r->workspace_path == workspace_path) {
          own = r;
          if (!unit.stub && unit.normalized == r->unit.normalized)
            f.problem = fmt::format("{}:{}: `{}` is the reference solution {} (the same code with other names "
                                    "or comments); a starter holds a stub that throws not_implemented, or code "
                                    "with the bug the exercise asks to repair",
                                    item.path, unit.line, unit.name, r->file);
        } else if (f.problem.empty()) {
          f.problem = fmt::format(
              "{}:{}: defines `{}`, a function the exercise solved by {} asks students to write; course files "
              "must call the student's own function (declared in the lesson's header) instead of defining it",
              item.path, unit.line, unit.name, r->file);
        }
      }
      // Rule 2: the closest reference body.
      const Kgrams grams = kgrams(unit.normalized);
      for (const auto& r : scan.references) {
        if (&r == own || r.grams.size() < kMinKgrams) continue;
        std::size_t shared = 0;
        for (std::size_t g : r.grams) shared += grams.count(g);
        const double score = static_cast<double>(shared) / static_cast<double>(r.grams.size());
        if (score > f.resemblance.score) {
          f.resemblance.score = score;
          f.resemblance.reference = r.file + ": " + r.unit.name;
        }
      }
      f.resemblance.own_starter = own != nullptr;
      if (f.problem.empty() && f.resemblance.score >= kThreshold)
        f.problem = fmt::format(
            "{}:{}: `{}` is {:.0f}% the same code as the reference {} (compared on tokens, names and comments "
            "ignored; refused from {:.0f}%); a course file must call the student's function instead of carrying "
            "its own implementation",
            item.path, unit.line, unit.name, 100 * f.resemblance.score, f.resemblance.reference, 100 * kThreshold);
      out.push_back(std::move(f));
    }
  }
  return out;
}

}  // namespace

std::vector<CodeUnit> code_units(const std::string& source, const std::set<std::string>& namespaces) {
  return Parser(source, namespaces).run();
}

double resemblance(const CodeUnit& candidate, const CodeUnit& reference) {
  const Kgrams r = kgrams(reference.normalized);
  if (r.empty()) return 0;
  const Kgrams c = kgrams(candidate.normalized);
  std::size_t shared = 0;
  for (std::size_t g : r) shared += c.count(g);
  return static_cast<double>(shared) / static_cast<double>(r.size());
}

std::vector<Resemblance> measure_resemblance(const course::Course& course, const Contents& contents) {
  std::vector<Resemblance> out;
  for (auto& f : scan_handout(course, contents)) out.push_back(std::move(f.resemblance));
  std::stable_sort(out.begin(), out.end(), [](const Resemblance& a, const Resemblance& b) { return a.score > b.score; });
  return out;
}

void check_no_reference_code(const course::Course& course, const Contents& contents) {
  std::vector<std::string> problems;
  for (const auto& f : scan_handout(course, contents))
    if (!f.problem.empty()) problems.push_back(f.problem);
  if (problems.empty()) return;
  std::string message = "the handout would give exercise answers away:";
  for (const auto& p : problems) message += "\n  " + p;
  message +=
      "\nremove that code from the shipped files (pictures and experiments call the student's functions, built from "
      "the workspace) and run `grader release` again";
  throw LeakError(message);
}

}  // namespace grader::release
