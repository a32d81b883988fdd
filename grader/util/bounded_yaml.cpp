#include "grader/util/bounded_yaml.hpp"

#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <vector>

namespace grader::util {
namespace {

// Counts every event against the budget, and remembers what each anchor
// stands for, so an alias costs what it repeats.
class BoundedEvents : public YAML::EventHandler {
 public:
  explicit BoundedEvents(const StructuredLimits& limits) : budget_(limits) {}
  YAML::Mark last_document_start;

  void OnDocumentStart(const YAML::Mark& mark) override {
    last_document_start = mark;
    anchors_.clear();  // anchors belong to their document
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { leaf(mark, 0, anchor); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    if (std::find(open_anchors_.begin(), open_anchors_.end(), anchor) != open_anchors_.end()) {
      budget_.cyclic_alias(line(mark), column(mark));
      return;
    }
    auto it = anchors_.find(anchor);
    // yaml-cpp refuses an undefined alias itself; count it as one value meanwhile.
    budget_.alias(it == anchors_.end() ? Extent{1, 0, 0} : it->second, line(mark), column(mark));
  }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, const std::string& value) override {
    leaf(mark, value.size(), anchor);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    start(mark, anchor);
  }
  void OnSequenceEnd() override { end(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    start(mark, anchor);
  }
  void OnMapEnd() override { end(); }

 private:
  static int line(const YAML::Mark& m) { return m.line >= 0 ? m.line + 1 : 0; }
  static int column(const YAML::Mark& m) { return m.column >= 0 ? m.column + 1 : 0; }

  void leaf(const YAML::Mark& mark, std::size_t bytes, YAML::anchor_t anchor) {
    Extent e = budget_.scalar(bytes, line(mark), column(mark));
    if (anchor != YAML::NullAnchor) anchors_[anchor] = e;
  }
  void start(const YAML::Mark& mark, YAML::anchor_t anchor) {
    budget_.open(line(mark), column(mark));
    open_anchors_.push_back(anchor);
  }
  void end() {
    Extent e = budget_.close();
    const YAML::anchor_t anchor = open_anchors_.empty() ? YAML::NullAnchor : open_anchors_.back();
    if (!open_anchors_.empty()) open_anchors_.pop_back();
    if (anchor != YAML::NullAnchor) anchors_[anchor] = e;
  }

  StructureBudget budget_;
  std::map<YAML::anchor_t, Extent> anchors_;
  std::vector<YAML::anchor_t> open_anchors_;  ///< of each open list or mapping (NullAnchor: none)
};

}  // namespace

YamlDocuments load_bounded_yaml(const std::string& text, const StructuredLimits& limits) {
  check_structured_size(text.size(), limits);
  YamlDocuments out;
  std::istringstream in(text);
  YAML::Parser parser(in);
  BoundedEvents events(limits);
  while (out.count < 2 && parser.HandleNextDocument(events)) {
    ++out.count;
    if (out.count == 2) out.second_start = events.last_document_start;
  }
  // A second document that does not start at a '---' is the parser giving up
  // on stray text (the input that sends LoadAll round forever): a syntax error.
  if (out.count == 2 && text.compare(static_cast<std::size_t>(std::max(out.second_start.pos, 0)), 3, "---") != 0)
    throw YAML::ParserException(out.second_start, "unexpected text after the end of the document (a stray ',' or a "
                                                  "closing bracket too many?)");
  // Within the limits: the tree yaml-cpp builds holds what was counted (an
  // alias shares its node, so it costs less than counted, never more).
  if (out.count > 0) out.first = YAML::Load(text);
  return out;
}

}  // namespace grader::util
