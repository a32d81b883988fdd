// Whether an std::invalid_argument message names an argument the way the
// course's headers promise. Shared by the suites' EXPECT_INVALID_ARGUMENT
// (lessons/common/testing.hpp) and `grader validate`'s check that no such
// expectation is vacuous (grader/validate/argument_checks.hpp). Header only:
// suites and the grader read the same rule.
//
// The headers' messages name the bad argument first:
//   "x: expected shape (B, L, 8), got (2, 3, 5)"      the argument, then ':'
//   "max_len must be > 0, got 0"                      the argument, then ' '
//   "embed_dim (10) must be divisible by num_heads (3)" a whole message
// or name a value of it in quotes, anywhere:
//   "unknown word 'unicorn': the toy vocabulary knows ..."
// An argument may also appear as a field of the argument the message starts
// with ("norm1.weight: expected shape (8,), got (5,)" names "weight").
// A fragment found anywhere else does not count: "x" is in "expected", and
// "key" is in "key_padding_mask: ...".
#pragma once

#include <cctype>
#include <string_view>

namespace grader::testing {

inline bool names_argument(std::string_view message, std::string_view argument) {
  if (argument.empty()) return false;
  // A quoted value ("'unicorn'") is named wherever it stands.
  if (argument.size() >= 2 && argument.front() == '\'' && argument.back() == '\'')
    return message.find(argument) != std::string_view::npos;
  // The first word of the message: up to ':' or ' ' (or all of it).
  if (message.substr(0, argument.size()) == argument &&
      (message.size() == argument.size() || message[argument.size()] == ':' || message[argument.size()] == ' '))
    return true;
  // A field of the first word: "<argument>.<field>" ends where the argument is named.
  const auto first_end = message.find_first_of(": ");
  const std::string_view first = message.substr(0, first_end);
  return first.size() > argument.size() && first.substr(first.size() - argument.size()) == argument &&
         first[first.size() - argument.size() - 1] == '.';
}

/// The argument an expectation names: its fragment's first word ("key" for
/// "key: expected shape (3, 4), got (3, 5)", "embed_dim" for "embed_dim (10)
/// must be divisible by num_heads (3)"), or the quoted value itself.
inline std::string_view named_argument(std::string_view fragment) {
  if (fragment.size() >= 2 && fragment.front() == '\'' && fragment.back() == '\'') return fragment;
  return fragment.substr(0, fragment.find_first_of(": "));
}

}  // namespace grader::testing
