// Small text helpers every part of the grader uses (ASCII only: ids, column
// names, keywords; never a student's Unicode name, see unicode.hpp).
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace grader::util {

/// `s` with the ASCII letters A-Z lowercased.
std::string lower(std::string s);

/// `s` without the characters of `blanks` at either end.
std::string_view trim(std::string_view s, std::string_view blanks = " \t");

/// The first line of `text` that holds something: leading newlines, spaces
/// and tabs skipped, the line ended before its '\n' ("" for blank text).
std::string_view first_line(std::string_view text);

/// `text` in at most `width` characters (code points) for a column: a
/// longer one is cut at a word boundary when there is one in its second
/// half and ends with "…"; never inside a UTF-8 sequence.
std::string clipped(const std::string& text, std::size_t width);

/// The lines of `text`, each with its '\n' (the last one without, when the
/// text does not end with one): joined again they are `text`, byte for byte.
std::vector<std::string_view> lines_with_endings(std::string_view text);

/// The number of characters (UTF-8 code points) of `text`.
std::size_t characters(std::string_view text);

/// `text` followed by spaces up to `width` characters (as it is when longer).
std::string padded(const std::string& text, std::size_t width);

/// Seconds since `start`, for the timings of logs and reports.
double seconds_since(std::chrono::steady_clock::time_point start);

}  // namespace grader::util
