// Reading YAML a student wrote, within StructuredLimits (structured_limits.hpp),
// and one document only. The limits are checked on the parser's events, before
// yaml-cpp builds a tree: an alias is counted as everything it repeats, so a
// file that expands to gigabytes is refused after reading a few kilobytes of
// it, and nesting is refused at the first level past the limit, long before
// yaml-cpp's own recursion guard (2000 levels).
//
// One document only, because yaml-cpp 0.7's YAML::LoadAll never returns on
// some malformed input (" [x], b}}" makes it add empty documents until memory
// runs out; fixed upstream by jbeder/yaml-cpp#1319): the documents are counted
// with a bounded parse instead, and only the first is loaded.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <string>

#include "grader/util/structured_limits.hpp"

namespace grader::util {

struct YamlDocuments {
  YAML::Node first;          ///< the first document (null when there is none)
  std::size_t count = 0;     ///< documents seen, counting stops at 2
  YAML::Mark second_start;   ///< where the second one starts, when count == 2
};

/// Reads the first document of `text` (and scans the start of a second one,
/// to count it) within `limits`.
/// \throws StructuredLimitError past a limit (with the line and column);
///         YAML::Exception (with its mark) on a syntax error, and
///         YAML::ParserException for stray text after the first document.
YamlDocuments load_bounded_yaml(const std::string& text, const StructuredLimits& limits);

}  // namespace grader::util
