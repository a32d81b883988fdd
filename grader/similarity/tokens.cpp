#include "grader/similarity/tokens.hpp"

#include <algorithm>
#include <array>

#include "grader/util/cpp_tokens.hpp"

namespace grader::similarity {

namespace {

namespace cpp = util::cpp;

// Words that change nothing a comparison should see: qualifiers and
// specifiers a disguise adds or removes freely.
constexpr std::array<std::string_view, 16> kDroppedWords = {
    "const",    "constexpr", "consteval", "constinit", "static", "inline", "volatile", "mutable",
    "register", "typename",  "noexcept",  "override",  "final",  "explicit", "virtual", "extern"};

// Built-in type keywords: spelled `I` like every other type name.
constexpr std::array<std::string_view, 15> kTypeWords = {"int",    "float",  "double",  "auto",     "long",
                                                         "short",  "unsigned", "signed", "char",    "bool",
                                                         "void",   "wchar_t", "char8_t", "char16_t", "char32_t"};

constexpr std::array<std::string_view, 10> kCompound = {"+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="};

// Nested statements past this depth are emitted flat (no loop reshaping):
// hostile text of a million `for (` must not exhaust the stack.
constexpr int kMaxDepth = 64;

template <std::size_t N>
bool one_of(std::string_view word, const std::array<std::string_view, N>& words) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

class Normaliser {
 public:
  explicit Normaliser(std::vector<cpp::Token> tokens) : t_(std::move(tokens)) {}

  std::vector<NormalToken> run() {
    emit(0, t_.size(), 0);
    return std::move(out_);
  }

 private:
  bool is(std::size_t i, std::string_view s) const {
    return i < t_.size() && (t_[i].kind == cpp::TokenKind::punct || t_[i].kind == cpp::TokenKind::identifier) &&
           t_[i].text == s;
  }
  bool opens(std::size_t i) const { return is(i, "(") || is(i, "[") || is(i, "{"); }
  bool closes(std::size_t i) const { return is(i, ")") || is(i, "]") || is(i, "}"); }

  // Index past the bracket that closes the one at i (or `end`).
  std::size_t past_group(std::size_t i, std::size_t end) const {
    int depth = 0;
    for (std::size_t k = i; k < end; ++k) {
      if (opens(k)) ++depth;
      else if (closes(k) && --depth <= 0) return k + 1;
    }
    return end;
  }

  // Index past the expression statement or declaration at i: its `;`
  // outside brackets (not consumed when a closing bracket comes first).
  std::size_t past_simple(std::size_t i, std::size_t end) const {
    int depth = 0;
    for (std::size_t k = i; k < end; ++k) {
      if (opens(k)) ++depth;
      else if (closes(k)) {
        if (depth == 0) return k;
        --depth;
      } else if (depth == 0 && is(k, ";")) return k + 1;
    }
    return end;
  }

  // Index past the statement at i (a block, a loop, an `if` with its
  // `else`, or a simple statement).
  std::size_t statement_end(std::size_t i, std::size_t end, int depth) const {
    if (i >= end) return end;
    if (depth > kMaxDepth) return past_simple(i, end);
    if (is(i, "{")) return past_group(i, end);
    if (is(i, "for") || is(i, "while") || is(i, "switch")) {
      std::size_t k = i + 1;
      if (is(k, "(")) k = past_group(k, end);
      return statement_end(k, end, depth + 1);
    }
    if (is(i, "if")) {
      std::size_t k = i + 1;
      if (is(k, "constexpr")) ++k;
      if (is(k, "(")) k = past_group(k, end);
      k = statement_end(k, end, depth + 1);
      if (k < end && is(k, "else")) k = statement_end(k + 1, end, depth + 1);
      return k;
    }
    if (is(i, "do")) {
      std::size_t k = statement_end(i + 1, end, depth + 1);
      if (k < end && is(k, "while")) {
        ++k;
        if (is(k, "(")) k = past_group(k, end);
        if (k < end && is(k, ";")) ++k;
      }
      return k;
    }
    return past_simple(i, end);
  }

  void push(std::string text, std::size_t at) { out_.push_back({std::move(text), t_[at].line}); }

  // A parenthesised header at `open`: the tokens inside, [first, last).
  std::pair<std::size_t, std::size_t> inside(std::size_t open, std::size_t end) const {
    const std::size_t past = past_group(open, end);
    const std::size_t last = past > open + 1 && past <= end && is(past - 1, ")") ? past - 1 : past;
    return {open + 1, std::max(open + 1, last)};
  }

  void emit(std::size_t begin, std::size_t end, int depth) {
    std::size_t i = begin;
    while (i < end) {
      const cpp::Token& tk = t_[i];
      if (tk.line_start && is(i, "#")) {  // a directive, to the end of its (joined) line
        ++i;
        while (i < end && !t_[i].line_start) ++i;
        continue;
      }
      const bool reshape = depth < kMaxDepth;
      if (reshape && is(i, "for") && is(i + 1, "(")) {
        auto [first, last] = inside(i + 1, end);
        const std::size_t body = past_group(i + 1, end);
        const std::size_t body_end = statement_end(body, end, depth + 1);
        std::vector<std::size_t> semis;
        int nest = 0;
        for (std::size_t k = first; k < last; ++k) {
          if (opens(k)) ++nest;
          else if (closes(k)) --nest;
          else if (nest == 0 && is(k, ";")) semis.push_back(k);
        }
        if (semis.size() == 2) {  // init LOOP cond body step
          emit(first, semis[0], depth + 1);
          push("LOOP", i);
          emit(semis[0] + 1, semis[1], depth + 1);
          emit(body, body_end, depth + 1);
          emit(semis[1] + 1, last, depth + 1);
        } else {  // a range for: LOOP header body
          push("LOOP", i);
          emit(first, last, depth + 1);
          emit(body, body_end, depth + 1);
        }
        i = body_end;
        continue;
      }
      if (reshape && is(i, "while") && is(i + 1, "(")) {
        auto [first, last] = inside(i + 1, end);
        const std::size_t body = past_group(i + 1, end);
        const std::size_t body_end = statement_end(body, end, depth + 1);
        push("LOOP", i);
        emit(first, last, depth + 1);
        emit(body, body_end, depth + 1);
        i = body_end;
        continue;
      }
      if (reshape && is(i, "do")) {
        const std::size_t body_end = statement_end(i + 1, end, depth + 1);
        if (body_end < end && is(body_end, "while") && is(body_end + 1, "(")) {
          auto [first, last] = inside(body_end + 1, end);
          push("LOOP", i);
          emit(first, last, depth + 1);
          emit(i + 1, body_end, depth + 1);
          i = past_group(body_end + 1, end);
          continue;
        }
        push("LOOP", i);  // no `while` after the body: still a loop, and never read twice
        emit(i + 1, body_end, depth + 1);
        i = std::max(i + 1, body_end);
        continue;
      }
      if (reshape && is(i, "if") && is(i + 1, "(")) {  // an argument check the header asks for: `if (...) throw ...;`
        const std::size_t then = past_group(i + 1, end);
        std::size_t k = then;
        while (k < end && is(k, "{")) ++k;
        const std::size_t then_end = statement_end(then, end, depth + 1);
        if (is(k, "throw") && !is(then_end, "else")) {
          i = std::max(i + 1, then_end);
          continue;
        }
      }
      if ((is(i, "static_cast") || is(i, "const_cast") || is(i, "reinterpret_cast") || is(i, "dynamic_cast")) &&
          is(i + 1, "<")) {  // static_cast<double>(x) is (x), as double(x) is
        std::size_t k = i + 2;
        for (int nest = 1; k < end && nest > 0; ++k) nest += is(k, "<") ? 1 : is(k, ">") ? -1 : 0;
        i = k;
        continue;
      }
      if (tk.kind == cpp::TokenKind::identifier && one_of(tk.text, kTypeWords) && is(i + 1, "(") &&
          !(i > begin && is(i - 1, "operator"))) {  // double(x): a cast
        ++i;
        continue;
      }
      if (is(i, "throw")) {  // the message is the course's, not the student's
        push("throw", i);
        i = std::max(i + 1, past_simple(i + 1, end));
        continue;
      }
      switch (tk.kind) {
        case cpp::TokenKind::identifier:
          if (one_of(tk.text, kDroppedWords)) break;
          if (is(i + 1, "::") || (tk.text == "this" && is(i + 1, "->"))) {  // a qualifier: the name after it stays
            ++i;
            break;
          }
          if (cpp::is_keyword(tk.text) && !one_of(tk.text, kTypeWords)) push(tk.text, i);
          else push("I", i);
          break;
        case cpp::TokenKind::number: push("N", i); break;
        case cpp::TokenKind::string:
        case cpp::TokenKind::header_name: push("S", i); break;
        case cpp::TokenKind::character: push("C", i); break;
        case cpp::TokenKind::punct:
          if (tk.text == "{" || tk.text == "}" || tk.text == ";" || tk.text == "::") break;
          if (one_of(tk.text, kCompound)) {  // x op= e  ->  x = x op e
            push("=", i);
            push("I", i);
            push(tk.text.substr(0, tk.text.size() - 1), i);
            break;
          }
          if ((tk.text == "++" || tk.text == "--") && i > begin && t_[i - 1].kind == cpp::TokenKind::identifier &&
              !out_.empty() && out_.back().text == "I") {  // postfix i++ -> ++i
            out_.insert(out_.end() - 1, {tk.text, tk.line});
            break;
          }
          push(tk.text, i);
          break;
      }
      ++i;
    }
  }

  std::vector<cpp::Token> t_;
  std::vector<NormalToken> out_;
};

}  // namespace

std::vector<NormalToken> normal_tokens(std::string_view source) { return Normaliser(cpp::tokenize(source)).run(); }

}  // namespace grader::similarity
