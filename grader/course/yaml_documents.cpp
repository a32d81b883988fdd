#include "grader/course/yaml_documents.hpp"

#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <sstream>

namespace grader::course {
namespace {

// Only where documents start matters here.
class DocumentStarts : public YAML::EventHandler {
 public:
  YAML::Mark last;
  void OnDocumentStart(const YAML::Mark& mark) override { last = mark; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

}  // namespace

YamlDocuments load_documents(const std::string& text) {
  YamlDocuments out;
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentStarts starts;
  while (out.count < 2 && parser.HandleNextDocument(starts)) {
    ++out.count;
    if (out.count == 2) out.second_start = starts.last;
  }
  // A second document that does not start at a '---' is the parser giving up
  // on stray text (the input that sends LoadAll round forever): a syntax error.
  if (out.count == 2 && text.compare(static_cast<std::size_t>(std::max(out.second_start.pos, 0)), 3, "---") != 0)
    throw YAML::ParserException(out.second_start, "unexpected text after the end of the document (a stray ',' or a "
                                                  "closing bracket too many?)");
  if (out.count > 0) out.first = YAML::Load(text);
  return out;
}

}  // namespace grader::course
