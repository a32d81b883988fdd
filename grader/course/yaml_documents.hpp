// Reading a YAML stream that should hold one document, safely. yaml-cpp 0.7's
// YAML::LoadAll never returns on some malformed input (" [x], b}}" makes it
// add empty documents until memory runs out; fixed upstream by
// jbeder/yaml-cpp#1319), and students hand in YAML (quiz answers): count the
// documents with a bounded parse instead, and load only the first.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <string>

namespace grader::course {

struct YamlDocuments {
  YAML::Node first;          ///< the first document (null when there is none)
  std::size_t count = 0;     ///< documents seen, counting stops at 2
  YAML::Mark second_start;   ///< where the second one starts, when count == 2
};

/// Throws YAML::Exception (with its mark) on a syntax error, like YAML::LoadAll,
/// and YAML::ParserException for stray text after the first document.
YamlDocuments load_documents(const std::string& text);

}  // namespace grader::course
