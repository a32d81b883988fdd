// Reading JSON a student's workspace holds (the hints-seen state) within
// StructuredLimits (structured_limits.hpp): nlohmann's SAX parser (iterative,
// whatever the nesting) counts every event first, and the tree is built only
// for a file within the limits, so that neither building it nor writing it
// back (dump() recurses once per level) can take more than the limits allow.
#pragma once

#include <nlohmann/json.hpp>

#include <string_view>

#include "grader/util/structured_limits.hpp"

namespace grader::util {

/// \throws StructuredLimitError past a limit (JSON has no aliases, so
///         max_aliases does not apply; no line and column are known);
///         nlohmann::json::parse_error on a syntax error.
nlohmann::json read_bounded_json(std::string_view text, const StructuredLimits& limits);

}  // namespace grader::util
