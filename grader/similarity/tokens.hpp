// The token stream two copies of a file are compared on: what is left of a
// C++ file once everything a disguise changes cheaply is taken out.
//
// From grader/util/cpp_tokens (comments, spacing and backslash-newlines
// already gone):
//   - preprocessor lines (`#include`, `#define`, ...) are dropped: every
//     student writes the same includes;
//   - every name is `I` (variables, functions, types, and the built-in type
//     keywords: renaming `int` to `auto` is a rename too), qualifiers are
//     dropped (`std::max` is `max`, `this->x` is `x`), and `const`,
//     `constexpr`, `static`, `inline` and the like are dropped;
//   - literals by kind: `N` (number), `S` (string), `C` (character), so the
//     text of the error messages the course asks for never matches;
//   - a `throw` statement is the one token `throw`: its message is the
//     course's contract, not the student's code;
//   - loops have one shape, `LOOP condition body step`: `for (init; cond;
//     step) body` is `init LOOP cond body step`, as is `init; while (cond) {
//     body step; }`; a range `for` and a `do ... while` are `LOOP header body`;
//   - `x op= e` is `x = x op e`, postfix `i++` is `++i`;
//   - braces and semicolons are dropped (noise a reformatting moves around).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace grader::similarity {

struct NormalToken {
  std::string text;  ///< normalised spelling ("I", "N", "LOOP", "+", "return", ...)
  int line = 0;      ///< 1-based line in the original text
};

/// The normalised tokens of a C++ source text, in order. Never throws.
std::vector<NormalToken> normal_tokens(std::string_view source);

}  // namespace grader::similarity
