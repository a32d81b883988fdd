// The skeleton's template files (grader/skeleton/templates/*.tmpl), embedded
// at build time, and the one way their placeholders are filled.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace grader::skeleton {

/// Each template's text by its file name without ".tmpl" ("README.md",
/// "solution.cpp", ...). Defined in a source the build generates.
const std::map<std::string_view, std::string_view>& templates();

/// The template `name` with every "{{key}}" replaced by values.at(key).
/// Throws std::logic_error for an unknown template or a placeholder without a
/// value: both are mistakes in the framework, never in the user's input.
std::string fill(std::string_view name, const std::map<std::string, std::string>& values);

}  // namespace grader::skeleton
