// Whether an std::invalid_argument message names an argument the way the
// course's headers promise. Shared by the suites' EXPECT_INVALID_ARGUMENT
// (grader/authoring/testing.hpp) and `grader validate`'s check that no such
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
// The message may open with the name of the function that throws it
// ("causal_mask: length must be >= 0"). A fragment found anywhere else does
// not count: "x" is in "expected", and "key" is in "key_padding_mask: ...".
#pragma once

#include <cctype>
#include <string_view>

namespace grader::testing {

namespace detail {

// Whether `text` starts with `argument` as a whole: followed by nothing, or
// by ':', ' ', ',' or ';' ("num_heads must be > 0" in "num_heads must be > 0, got 0").
inline bool starts_with_argument(std::string_view text, std::string_view argument) {
  if (text.substr(0, argument.size()) != argument) return false;
  if (text.size() == argument.size()) return true;
  const char next = text[argument.size()];
  return next == ':' || next == ' ' || next == ',' || next == ';';
}

// The argument as a field of the text's first word: "<argument>.<field>"
// ends where the argument is named ("norm1.weight: ..." names "weight").
inline bool first_word_is_field(std::string_view text, std::string_view argument) {
  const std::string_view first = text.substr(0, text.find_first_of(": "));
  return first.size() > argument.size() && first.substr(first.size() - argument.size()) == argument &&
         first[first.size() - argument.size() - 1] == '.';
}

// A message may open with the function that throws it ("positional_encoding:
// seq_len must be >= 0", "Counter::add: amount: ..."): the text
// after that prefix, or empty when the first word is not a name and ": ".
inline std::string_view after_function_prefix(std::string_view message) {
  std::size_t i = 0;
  while (i < message.size() && (std::isalnum(static_cast<unsigned char>(message[i])) || message[i] == '_' ||
                                message[i] == '.' || (message[i] == ':' && i + 1 < message.size() && message[i + 1] == ':')))
    i += message[i] == ':' ? 2 : 1;
  if (i == 0 || message.substr(i, 2) != ": ") return {};
  return message.substr(i + 2);
}

}  // namespace detail

inline bool names_argument(std::string_view message, std::string_view argument) {
  if (argument.empty()) return false;
  // A quoted value ("'unicorn'") is named wherever it stands.
  if (argument.size() >= 2 && argument.front() == '\'' && argument.back() == '\'')
    return message.find(argument) != std::string_view::npos;
  // The first word of the message, or of the text after the throwing function's name.
  for (const std::string_view text : {message, detail::after_function_prefix(message)}) {
    if (text.empty()) continue;
    if (detail::starts_with_argument(text, argument) || detail::first_word_is_field(text, argument)) return true;
  }
  return false;
}

/// The argument an expectation names: its fragment's first word ("key" for
/// "key: expected shape (3, 4), got (3, 5)", "embed_dim" for "embed_dim (10)
/// must be divisible by num_heads (3)"), or the quoted value itself.
inline std::string_view named_argument(std::string_view fragment) {
  if (fragment.size() >= 2 && fragment.front() == '\'' && fragment.back() == '\'') return fragment;
  return fragment.substr(0, fragment.find_first_of(": "));
}

}  // namespace grader::testing
