// The mutants `grader mutate` derives by itself from a reference solution:
// the standard operators of mutation testing, applied on tokens
// (grader/util/cpp_tokens.hpp), so that a string, a character literal or a
// comment is never changed and every edit replaces whole tokens.
//
// Operators (their names are part of a mutant's key):
//   relational      <  <=  >  >=  ==  != : each to its neighbour (< to <=, == to !=, ...)
//   arithmetic      binary + - * / and += -= *= /= : + and - swapped, * and / swapped
//   constant        an integer literal (or a float written N.0) moved by one up and down
//   loop-bound      the bound of a `for` condition moved by one (the direction the
//                   relational operator does not already give)
//   swap-arguments  two neighbouring arguments of a call, both plain names declared
//                   with the same type in the file, swapped (min and max excepted)
//   delete-statement an expression statement (an assignment or a call) removed
//   delete-check    an `if` without `else` whose body throws or returns, removed
//   delete-throw    a `throw` statement that is not the whole body of an `if`, removed
//   condition       an `if`/`while` condition forced true or false; one operand of a
//                   top-level && (or ||) in an if/while/for condition forced true (false)
//   reduction-range .sum() .mean() .maxCoeff() .minCoeff() .norm() .squaredNorm()
//                   .prod() on one element less (head(size() - 1), or topRows/leftCols
//                   before colwise()/rowwise()), and the range of std::accumulate,
//                   reduce, max_element, min_element, inner_product ended one early
// A mutant that does not compile is possible (the analysis is lexical); the
// caller compiles each one and counts those that do not.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace grader::validate {

struct Mutation {
  std::string file;         ///< workspace-relative, e.g. "vectors/dot.cpp"
  std::string op;           ///< one of mutation_operator_names()
  int line = 0;             ///< 1-based first line the edit touches
  std::string before;       ///< the lines the edit touches, whitespace runs as one space
  std::string after;        ///< the same lines mutated, the same way
  int occurrence = 1;       ///< counts mutations of the same file, op, before and after, in order
  std::size_t begin = 0;    ///< the edit: bytes [begin, end) of the source become `replacement`
  std::size_t end = 0;
  std::string replacement;

  /// What identifies the mutation across runs and line moves: file, operator,
  /// both texts and the occurrence (the line number is not part of it).
  std::string key() const;
};

/// The operators, in the order their mutations are listed.
const std::vector<std::string>& mutation_operator_names();

/// Every mutation of `source` (the file `file`), in source order per
/// operator; no two give the same text. Preprocessor lines are left alone.
std::vector<Mutation> generate_mutations(const std::string& file, const std::string& source);

/// `source` with the mutation's edit made.
std::string apply_mutation(const std::string& source, const Mutation& mutation);

}  // namespace grader::validate
