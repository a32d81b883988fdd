// Nearest-word suggestions for misspelt keys, ids and values.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace grader::course {

/// Edits (insert, delete, substitute, swap two neighbours) turning `a` into `b`.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `word`, if it is close enough to be a likely typo
/// (at most a third of the word's letters differ, at least one edit allowed).
/// Ties go to the earlier candidate.
std::optional<std::string> closest_match(std::string_view word,
                                         std::span<const std::string_view> candidates);
std::optional<std::string> closest_match(std::string_view word,
                                         std::span<const std::string> candidates);

}  // namespace grader::course
