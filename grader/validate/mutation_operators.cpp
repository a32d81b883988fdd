#include "grader/validate/mutation_operators.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <tuple>

#include "grader/util/cpp_tokens.hpp"

namespace grader::validate {

namespace cpp = util::cpp;
using cpp::Token;
using cpp::TokenKind;

std::string Mutation::key() const {
  return file + "\x1f" + op + "\x1f" + before + "\x1f" + after + "\x1f" + std::to_string(occurrence);
}

const std::vector<std::string>& mutation_operator_names() {
  static const std::vector<std::string> names = {"relational",     "arithmetic",   "constant",     "loop-bound",
                                                 "swap-arguments", "delete-statement", "delete-check", "delete-throw",
                                                 "condition",      "reduction-range"};
  return names;
}

std::string apply_mutation(const std::string& source, const Mutation& m) {
  return source.substr(0, m.begin) + m.replacement + source.substr(m.end);
}

namespace {

std::string collapsed(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

class Generator {
 public:
  Generator(const std::string& file, const std::string& source)
      : file_(file), src_(source), all_(cpp::tokenize(source)) {
    // Tokens of preprocessor lines are never mutated: drop them.
    int directive_line = -1;
    for (const auto& tok : all_) {
      if (tok.line_start) directive_line = tok.text == "#" ? tok.line : -1;
      if (tok.line != directive_line) t_.push_back(tok);
    }
    match_brackets();
    mark_template_angles();
    collect_declared_types();
  }

  std::vector<Mutation> run() {
    relational();
    arithmetic();
    constant();
    loop_bound();
    swap_arguments();
    delete_statement();
    delete_check_and_throw();
    condition();
    reduction_range();
    return std::move(out_);
  }

 private:
  // ---- token helpers -------------------------------------------------------
  std::size_t n() const { return t_.size(); }
  bool is(std::size_t i, const char* text) const { return i < n() && t_[i].text == text; }
  bool is_name(std::size_t i) const {
    return i < n() && t_[i].kind == TokenKind::identifier && !cpp::is_keyword(t_[i].text);
  }
  // Ends an operand: what may stand just before a binary operator.
  bool operand_end(std::size_t i) const {
    if (i >= n()) return false;
    const auto& tok = t_[i];
    if (tok.kind == TokenKind::identifier)
      return !cpp::is_keyword(tok.text) || tok.text == "this" || tok.text == "true" || tok.text == "false";
    if (tok.kind == TokenKind::number || tok.kind == TokenKind::string || tok.kind == TokenKind::character) return true;
    return tok.text == ")" || tok.text == "]";
  }
  std::size_t after_match(std::size_t open) const { return match_.count(open) ? match_.at(open) : npos; }
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  void match_brackets() {
    std::vector<std::size_t> stack;
    for (std::size_t i = 0; i < n(); ++i) {
      const auto& s = t_[i].text;
      if (t_[i].kind != TokenKind::punct) continue;
      if (s == "(" || s == "[" || s == "{") {
        stack.push_back(i);
      } else if ((s == ")" || s == "]" || s == "}") && !stack.empty()) {
        match_[stack.back()] = i;
        back_[i] = stack.back();
        stack.pop_back();
      }
    }
  }

  // `vector<double>`, `static_cast<std::size_t>(...)`: angle brackets that
  // hold only names, numbers, `::`, `,`, `*`, `&` and nested brackets.
  void mark_template_angles() {
    for (std::size_t k = 0; k < n(); ++k) {
      if (!is(k, "<") || k == 0 || t_[k - 1].kind != TokenKind::identifier) continue;
      int depth = 1;
      std::vector<std::size_t> angles = {k};
      for (std::size_t j = k + 1; j < n(); ++j) {
        const auto& tok = t_[j];
        if (tok.kind == TokenKind::identifier || tok.kind == TokenKind::number || tok.text == "::" ||
            tok.text == "," || tok.text == "*" || tok.text == "&") {
          continue;
        }
        if (tok.text == "<") {
          ++depth;
          angles.push_back(j);
          continue;
        }
        if (tok.text == ">" || tok.text == ">>") {
          depth -= tok.text == ">" ? 1 : 2;
          angles.push_back(j);
          if (depth <= 0) template_angle_.insert(angles.begin(), angles.end());
          if (depth <= 0) break;
          continue;
        }
        break;
      }
    }
  }

  // Plain declarations `TYPE name` followed by , ) = ; ( or {: name -> TYPE
  // (without const, & and *). A name declared with two types has none.
  void collect_declared_types() {
    std::map<std::string, std::set<std::string>> seen;
    for (std::size_t i = 1; i < n(); ++i) {
      if (!is_name(i)) continue;
      if (!(is(i + 1, ",") || is(i + 1, ")") || is(i + 1, "=") || is(i + 1, ";") || is(i + 1, "(") || is(i + 1, "{")))
        continue;
      std::string type;
      std::size_t j = i;
      bool plain = true;
      while (j > 0) {
        const auto& p = t_[j - 1];
        if (p.text == "(" || p.text == "," || p.text == ";" || p.text == "{" || p.text == "}") break;
        if (p.text == "const" || p.text == "&" || p.text == "*" || p.text == "constexpr" || p.text == "static") {
          --j;
          continue;
        }
        if (p.kind == TokenKind::identifier && (!cpp::is_keyword(p.text) || p.text == "double" || p.text == "float" ||
                                                p.text == "int" || p.text == "bool" || p.text == "long" ||
                                                p.text == "unsigned" || p.text == "char")) {
          type = p.text + type;
          --j;
          continue;
        }
        if (p.text == "::" || p.text == "<" || p.text == ">") {
          type = p.text + type;
          --j;
          continue;
        }
        plain = false;
        break;
      }
      if (plain && !type.empty()) seen[t_[i].text].insert(type);
    }
    for (const auto& [name, types] : seen)
      if (types.size() == 1) type_of_[name] = *types.begin();
  }

  // ---- recording -------------------------------------------------------------
  void add(const std::string& op, std::size_t begin, std::size_t end, const std::string& replacement) {
    if (!edits_.insert({begin, end, replacement}).second) return;
    if (src_.compare(begin, end - begin, replacement) == 0) return;
    Mutation m;
    m.file = file_;
    m.op = op;
    m.begin = begin;
    m.end = end;
    m.replacement = replacement;
    const std::size_t line_begin = begin == 0 ? 0 : (src_.rfind('\n', begin - 1) == std::string::npos ? 0 : src_.rfind('\n', begin - 1) + 1);
    std::size_t line_end = src_.find('\n', end == begin ? end : end - 1);
    if (line_end == std::string::npos) line_end = src_.size();
    m.line = 1 + static_cast<int>(std::count(src_.begin(), src_.begin() + static_cast<std::ptrdiff_t>(begin), '\n'));
    m.before = collapsed(src_.substr(line_begin, line_end - line_begin));
    m.after = collapsed(src_.substr(line_begin, begin - line_begin) + replacement + src_.substr(end, line_end - end));
    m.occurrence = ++occurrences_[file_ + "\x1f" + op + "\x1f" + m.before + "\x1f" + m.after];
    out_.push_back(std::move(m));
  }
  void replace_token(const std::string& op, std::size_t i, const std::string& text) {
    add(op, t_[i].begin, t_[i].end, text);
  }
  std::string text_of(std::size_t first, std::size_t last) const {  // tokens [first, last], as written
    return src_.substr(t_[first].begin, t_[last].end - t_[first].begin);
  }

  // ---- operators ----------------------------------------------------------------
  void relational() {
    static const std::map<std::string, std::string> to = {{"<", "<="}, {"<=", "<"}, {">", ">="},
                                                          {">=", ">"}, {"==", "!="}, {"!=", "=="}};
    for (std::size_t i = 1; i < n(); ++i) {
      const auto it = to.find(t_[i].text);
      if (t_[i].kind != TokenKind::punct || it == to.end() || template_angle_.count(i) || !operand_end(i - 1)) continue;
      replace_token("relational", i, it->second);
    }
  }

  // Text being put together (a message) is no arithmetic to mutate.
  bool near_text(std::size_t i) const {
    auto text_like = [&](std::size_t j) {
      return j < n() && (t_[j].kind == TokenKind::string || t_[j].text == "to_string" || t_[j].text == "shape_string");
    };
    if (text_like(i - 1) || text_like(i + 1) || (is(i + 1, "std") && text_like(i + 3))) return true;
    if (is(i - 1, ")") && back_.count(i - 1)) {
      const std::size_t open = back_.at(i - 1);
      return open > 0 && text_like(open - 1);
    }
    return false;
  }

  void arithmetic() {
    static const std::map<std::string, std::string> to = {{"+", "-"}, {"-", "+"}, {"*", "/"}, {"/", "*"},
                                                          {"+=", "-="}, {"-=", "+="}, {"*=", "/="}, {"/=", "*="}};
    for (std::size_t i = 1; i + 1 < n(); ++i) {
      const auto it = to.find(t_[i].text);
      if (t_[i].kind != TokenKind::punct || it == to.end() || !operand_end(i - 1) || near_text(i)) continue;
      replace_token("arithmetic", i, it->second);
    }
  }

  void constant() {
    static const std::regex integer(R"(^(0|[1-9][0-9]*)([uUlLzZ]*)$)");
    static const std::regex whole_float(R"(^([0-9]+)\.(0*)([fFlL]?)$)");
    for (std::size_t i = 0; i < n(); ++i) {
      if (t_[i].kind != TokenKind::number) continue;
      std::smatch m;
      const std::string& s = t_[i].text;
      if (std::regex_match(s, m, integer)) {
        const long long v = std::stoll(m[1].str());
        replace_token("constant", i, std::to_string(v + 1) + m[2].str());
        if (v > 0) replace_token("constant", i, std::to_string(v - 1) + m[2].str());
      } else if (std::regex_match(s, m, whole_float) && m[1].str().size() < 12) {
        const long long v = std::stoll(m[1].str());
        const std::string tail = "." + (m[2].str().empty() ? std::string("0") : m[2].str()) + m[3].str();
        replace_token("constant", i, std::to_string(v + 1) + tail);
        if (v > 0) replace_token("constant", i, std::to_string(v - 1) + tail);
      }
    }
  }

  // Top-level parts of the tokens (first, last) split at `sep` tokens.
  std::vector<std::pair<std::size_t, std::size_t>> split(std::size_t first, std::size_t last,
                                                         const std::set<std::string>& sep) const {
    std::vector<std::pair<std::size_t, std::size_t>> parts;
    std::size_t start = first;
    for (std::size_t j = first; j <= last && j < n(); ++j) {
      if (match_.count(j)) {
        j = match_.at(j);
        continue;
      }
      if (sep.count(t_[j].text) && t_[j].kind == TokenKind::punct) {
        if (j > start) parts.push_back({start, j - 1});
        start = j + 1;
      }
    }
    if (start <= last) parts.push_back({start, last});
    return parts;
  }

  void loop_bound() {
    for (std::size_t i = 0; i + 1 < n(); ++i) {
      if (!is(i, "for") || !is(i + 1, "(")) continue;
      const std::size_t close = after_match(i + 1);
      if (close == npos) continue;
      const auto parts = split(i + 2, close - 1, {";"});
      if (parts.size() != 3) continue;  // a range-for, or a part left empty
      const auto [cf, cl] = parts[1];
      const auto operands = split(cf, cl, {"&&", "||"});
      if (operands.empty()) continue;
      const auto [of, ol] = operands.front();
      for (std::size_t j = of; j <= ol; ++j) {
        if (match_.count(j)) {
          j = match_.at(j);
          continue;
        }
        const std::string& op = t_[j].text;
        if (template_angle_.count(j) || !(op == "<" || op == "<=" || op == ">" || op == ">=") || j == ol) continue;
        // < n and <= n: the bound one down and one up; the relational
        // operator already gives the other (< n+1 is <= n).
        const std::string by = op == "<" || op == ">=" ? " - 1" : " + 1";
        add("loop-bound", t_[j + 1].begin, t_[ol].end, "(" + text_of(j + 1, ol) + ")" + by);
        break;
      }
    }
  }

  void swap_arguments() {
    static const std::set<std::string> commutative = {"min", "max", "hypot", "swap"};
    for (std::size_t i = 0; i + 1 < n(); ++i) {
      if (!is_name(i) || !is(i + 1, "(") || commutative.count(t_[i].text)) continue;
      const std::size_t close = after_match(i + 1);
      if (close == npos || close == i + 2) continue;
      const auto args = split(i + 2, close - 1, {","});
      for (std::size_t a = 0; a + 1 < args.size(); ++a) {
        const auto [f1, l1] = args[a];
        const auto [f2, l2] = args[a + 1];
        if (f1 != l1 || f2 != l2 || !is_name(f1) || !is_name(f2) || t_[f1].text == t_[f2].text) continue;
        const auto t1 = type_of_.find(t_[f1].text), t2 = type_of_.find(t_[f2].text);
        if (t1 == type_of_.end() || t2 == type_of_.end() || t1->second != t2->second) continue;
        add("swap-arguments", t_[f1].begin, t_[f2].end,
            t_[f2].text + src_.substr(t_[f1].end, t_[f2].begin - t_[f1].end) + t_[f1].text);
      }
    }
  }

  // The `;` ending the statement that starts at `first`, or npos (a `)` or
  // `}` closes first: the statement is part of something larger).
  std::size_t statement_end(std::size_t first) const {
    for (std::size_t j = first; j < n(); ++j) {
      if (match_.count(j)) {
        j = match_.at(j);
        continue;
      }
      if (is(j, ";")) return j;
      if (is(j, ")") || is(j, "}") || is(j, "]")) return npos;
    }
    return npos;
  }

  // Whether `i` starts a statement: after ; { } or else, or after the
  // closing parenthesis of an if/for/while header.
  bool statement_start(std::size_t i) const {
    if (i == 0) return false;
    if (is(i - 1, ";") || is(i - 1, "{") || is(i - 1, "}") || is(i - 1, "else")) {
      // `;` inside a for header is no statement boundary.
      if (is(i - 1, ";"))
        for (const auto& [open, close] : match_)
          if (open < i && close > i && is(open, "(")) return false;
      return true;
    }
    return is(i - 1, ")") && back_.count(i - 1) && header_keyword(back_.at(i - 1));
  }
  bool header_keyword(std::size_t open_paren) const {
    return open_paren > 0 && (is(open_paren - 1, "if") || is(open_paren - 1, "for") || is(open_paren - 1, "while"));
  }

  void delete_statement() {
    static const std::set<std::string> assignments = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="};
    for (std::size_t i = 1; i < n(); ++i) {
      if (!is_name(i) || !statement_start(i)) continue;
      const std::size_t end = statement_end(i);
      if (end == npos) continue;
      // The leading name chain: a::b.c(...)[...]->d ...
      std::size_t j = i + 1;
      while (j < end) {
        if (is(j, "::") || is(j, ".") || is(j, "->")) {
          j += is_name(j + 1) ? 2 : 1;
        } else if ((is(j, "(") || is(j, "[")) && match_.count(j)) {
          j = match_.at(j) + 1;
        } else if (is(j, "<") && template_angle_.count(j)) {
          while (j < end && !(template_angle_.count(j) && (is(j, ">") || is(j, ">>")))) ++j;
          ++j;
        } else {
          break;
        }
      }
      if (j < end && (is_name(j) || t_[j].kind == TokenKind::identifier)) continue;  // `Type name ...`: a declaration
      const bool call = j == end && is(j - 1, ")");
      const bool assigns = j < end && (assignments.count(t_[j].text) || is(j, "++") || is(j, "--"));
      if (!call && !assigns) continue;
      add("delete-statement", t_[i].begin, t_[end].end, ";");
    }
  }

  // The last token of the statement starting at `first` (a block, or up to its `;`).
  std::size_t body_last(std::size_t first) const {
    if (is(first, "{")) return after_match(first);
    if (is(first, "if") || is(first, "for") || is(first, "while")) return npos;  // nested control: not followed
    return statement_end(first);
  }

  bool holds(std::size_t first, std::size_t last, const char* word) const {
    for (std::size_t j = first; j <= last && j < n(); ++j)
      if (is(j, word)) return true;
    return false;
  }

  // if (...) BODY with no else, not an `else if`, body throwing or returning.
  std::optional<std::size_t> check_end(std::size_t i) const {
    if (!is(i, "if") || !is(i + 1, "(") || (i > 0 && is(i - 1, "else"))) return std::nullopt;
    const std::size_t close = after_match(i + 1);
    if (close == npos) return std::nullopt;
    const std::size_t last = body_last(close + 1);
    if (last == npos || is(last + 1, "else")) return std::nullopt;
    if (!holds(close + 1, last, "throw") && !holds(close + 1, last, "return")) return std::nullopt;
    return last;
  }

  void delete_check_and_throw() {
    for (std::size_t i = 0; i < n(); ++i)
      if (const auto last = check_end(i)) add("delete-check", t_[i].begin, t_[*last].end, ";");
    for (std::size_t i = 1; i < n(); ++i) {
      if (!is(i, "throw") || !statement_start(i)) continue;
      if (is(i - 1, ")") && back_.count(i - 1) && is(back_.at(i - 1) - 1, "if")) continue;  // the check's whole body
      const std::size_t end = statement_end(i);
      if (end != npos) add("delete-throw", t_[i].begin, t_[end].end, ";");
    }
  }

  void condition() {
    for (std::size_t i = 0; i + 1 < n(); ++i) {
      const bool if_or_while = is(i, "if") || is(i, "while");
      if (!(if_or_while || is(i, "for")) || !is(i + 1, "(")) continue;
      const std::size_t close = after_match(i + 1);
      if (close == npos || close == i + 2) continue;
      std::size_t cf = i + 2, cl = close - 1;
      if (is(i, "for")) {
        const auto parts = split(i + 2, close - 1, {";"});
        if (parts.size() != 3) continue;
        std::tie(cf, cl) = parts[1];
      } else {
        // Forced whole: true, and false unless removing the check says the same.
        add("condition", t_[cf].begin, t_[cl].end, "true");
        if (!check_end(i) && !is(i, "while")) add("condition", t_[cf].begin, t_[cl].end, "false");
      }
      const auto ands = split(cf, cl, {"&&"}), ors = split(cf, cl, {"||"});
      if (ands.size() > 1 && ors.size() == 1)
        for (const auto& [f, l] : ands) add("condition", t_[f].begin, t_[l].end, "true");
      if (ors.size() > 1 && ands.size() == 1)
        for (const auto& [f, l] : ors) add("condition", t_[f].begin, t_[l].end, "false");
    }
  }

  // The first token of the postfix expression that ends at `last` (a `)` or a name).
  std::size_t receiver_start(std::size_t last) const {
    std::size_t j = last;
    while (true) {
      if ((is(j, ")") || is(j, "]")) && back_.count(j)) {
        const std::size_t open = back_.at(j);
        if (open > 0 && is_name(open - 1)) {
          j = open - 1;
        } else {
          return open;  // a parenthesised expression: the receiver starts there
        }
      } else if (!is_name(j)) {
        return npos;
      }
      if (j >= 2 && (is(j - 1, ".") || is(j - 1, "->") || is(j - 1, "::"))) {
        j -= 2;
        continue;
      }
      return j;
    }
  }

  void reduction_range() {
    static const std::set<std::string> members = {"sum", "mean", "maxCoeff", "minCoeff", "norm", "squaredNorm", "prod"};
    static const std::set<std::string> algorithms = {"accumulate", "reduce", "max_element", "min_element", "inner_product"};
    for (std::size_t i = 2; i + 2 < n(); ++i) {
      if (is(i - 1, ".") && members.count(t_[i].text) && is(i + 1, "(") && is(i + 2, ")")) {
        const std::size_t first = receiver_start(i - 2);
        if (first == npos) continue;
        std::string receiver = text_of(first, i - 2);
        std::string cut;
        for (const auto& [partial, take, count] : {std::tuple{".colwise()", "topRows", "rows"}, std::tuple{".rowwise()", "leftCols", "cols"}}) {
          const std::string p(partial);
          if (receiver.size() > p.size() && receiver.compare(receiver.size() - p.size(), p.size(), p) == 0) {
            const std::string inner = "(" + receiver.substr(0, receiver.size() - p.size()) + ")";
            cut = inner + "." + take + "(" + inner + "." + count + "() - 1)" + p;
          }
        }
        if (cut.empty()) cut = "(" + receiver + ").head((" + receiver + ").size() - 1)";
        add("reduction-range", t_[first].begin, t_[i - 2].end, cut);
      } else if (is(i - 2, "std") && is(i - 1, "::") && algorithms.count(t_[i].text) && is(i + 1, "(")) {
        const std::size_t close = after_match(i + 1);
        if (close == npos) continue;
        const auto args = split(i + 2, close - 1, {","});
        if (args.size() < 2) continue;
        const auto [f, l] = args[1];
        add("reduction-range", t_[f].begin, t_[l].end, "(" + text_of(f, l) + ") - 1");
      }
    }
  }

  std::string file_;
  const std::string& src_;
  std::vector<Token> all_, t_;
  std::map<std::size_t, std::size_t> match_, back_;
  std::set<std::size_t> template_angle_;
  std::map<std::string, std::string> type_of_;
  std::set<std::tuple<std::size_t, std::size_t, std::string>> edits_;
  std::map<std::string, int> occurrences_;
  std::vector<Mutation> out_;
};

}  // namespace

std::vector<Mutation> generate_mutations(const std::string& file, const std::string& source) {
  return Generator(file, source).run();
}

}  // namespace grader::validate
