// The release scan for reference code in a handout (docs/release.md).
//
// The exercise functions are the functions the reference solutions define
// with external linkage: every definition in solutions/<lesson>/*.cpp outside
// an anonymous namespace and not `static`, known by its name and class
// (`dot`, `Counter::add`) within its top-level
// namespace (`course`). Two rules, checked on tokens (grader/util/cpp_tokens.hpp):
//
// 1. Names. No course-owned C++ file of the handout defines a function with
//    an exercise function's name, class and number of parameters inside
//    that namespace (in any namespace nested in it, anonymous ones
//    included). An overload with another number of parameters is another
//    function (a header's inline overload forwarding to the exercise's function). The one exception is
//    the starter file at the same workspace path as the solution file that
//    defines it (starter/vectors/dot.cpp for dot), and only
//    when its body is a stub (statements that are only `throw ...;`,
//    `(void)x;`, `static_cast<void>(x);`, `return;` or `return` of one
//    literal or `{}`) or, for an exercise whose starter is deliberately
//    broken code to repair, when its tokens differ from the reference's
//    (`grader validate` proves such a starter fails its tests).
// 2. Similarity. Comments dropped, every identifier spelled `I`, every
//    number `N`, string `S` and character `C` (so renaming and re-commenting
//    change nothing), each function body of the handout is compared with each
//    reference function body by the k-grams of its tokens (k = kKgram): the
//    share of the reference's distinct k-grams found in the handout body.
//    At or above kThreshold the release is refused. References with fewer
//    than kMinKgrams distinct k-grams are too small to tell apart from honest
//    code and are not compared. A starter's own exercise function is
//    compared under rule 1 only.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "grader/release/contents.hpp"

namespace grader::release {

inline constexpr std::size_t kKgram = 12;
inline constexpr std::size_t kMinKgrams = 30;
inline constexpr double kThreshold = 0.60;

/// One function definition (or a brace block outside any function, such as
/// a lambda in a variable's initialiser) found in a source file.
struct CodeUnit {
  std::string name;        ///< `Counter::add`, `dot`, `(code)`
  std::string top_namespace;  ///< first enclosing namespace, "" for the global one
  bool function = false;   ///< a function definition (not a block)
  bool external = false;   ///< not in an anonymous namespace, not `static`
  bool stub = false;       ///< the body does no computation (see rule 1)
  int parameters = 0;      ///< how many the function takes (defaulted ones included)
  int line = 0;            ///< where the name (or block) is
  std::vector<std::string> normalized;  ///< the body's tokens, names spelled I, N, S, C
};

/// Function definitions and top-level brace blocks of a C++ source. A
/// qualifier of a definition (`a::B::f`) is a namespace when the file or
/// `namespaces` declares one of that name, otherwise a class.
std::vector<CodeUnit> code_units(const std::string& source, const std::set<std::string>& namespaces = {});

/// How much of `reference` (its distinct k-grams) is found in `candidate`, 0..1.
double resemblance(const CodeUnit& candidate, const CodeUnit& reference);

/// One handout body and the reference it resembles most.
struct Resemblance {
  std::string file;       ///< handout path
  std::string unit;       ///< function name
  int line = 0;
  std::string reference;  ///< "solutions/vectors/dot.cpp: dot"
  double score = 0;
  bool own_starter = false;  ///< the starter's own exercise function (rule 1 applies, not the threshold)
};

/// Every C++ body of the handout's course-owned files with its closest
/// reference, highest first (what the threshold is measured on).
std::vector<Resemblance> measure_resemblance(const course::Course& course, const Contents& contents);

/// Refuses (LeakError naming the file, the line, the function and the
/// reference, and what to do) a handout that breaks rule 1 or 2.
/// \throws LeakError
void check_no_reference_code(const course::Course& course, const Contents& contents);

}  // namespace grader::release
