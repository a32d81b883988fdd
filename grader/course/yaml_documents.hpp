// Reading a course file's YAML stream, which should hold one document, safely:
// the same reader as a student's YAML (grader/util/bounded_yaml.hpp), without
// limits, since the course is trusted. It counts the documents with a bounded
// parse instead of YAML::LoadAll, which never returns on some malformed input.
#pragma once

#include <string>

#include "grader/util/bounded_yaml.hpp"

namespace grader::course {

using YamlDocuments = util::YamlDocuments;

/// Throws YAML::Exception (with its mark) on a syntax error, like YAML::LoadAll,
/// and YAML::ParserException for stray text after the first document.
inline YamlDocuments load_documents(const std::string& text) {
  return util::load_bounded_yaml(text, util::StructuredLimits::none());
}

}  // namespace grader::course
