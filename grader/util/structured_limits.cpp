#include "grader/util/structured_limits.hpp"

#include <algorithm>

namespace grader::util {
namespace {

constexpr std::size_t kUnlimited = std::numeric_limits<std::size_t>::max();

std::size_t saturating_add(std::size_t a, std::size_t b) { return b > kUnlimited - a ? kUnlimited : a + b; }

}  // namespace

std::string size_text(std::size_t bytes) {
  if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes / 1024) + " KiB";
  return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
}

void check_structured_size(std::size_t bytes, const StructuredLimits& limits) {
  if (bytes > limits.max_bytes)
    throw StructuredLimitError(StructuredLimitError::Limit::size, "the file is " + std::to_string(bytes) +
                                                                      " bytes, over the size limit of " +
                                                                      size_text(limits.max_bytes));
}

void StructureBudget::count(const Extent& e, int line, int column) {
  total_.values = saturating_add(total_.values, e.values);
  if (total_.values > limits_.max_values)
    throw StructuredLimitError(StructuredLimitError::Limit::values,
                               "it holds more than " + std::to_string(limits_.max_values) +
                                   " values (scalars, lists and mappings, each alias counted as what it repeats), "
                                   "over the value limit of " + std::to_string(limits_.max_values),
                               line, column);
  total_.bytes = saturating_add(total_.bytes, e.bytes);
  if (total_.bytes > limits_.max_expanded_bytes)
    throw StructuredLimitError(StructuredLimitError::Limit::expanded_bytes,
                               "it holds more than " + size_text(limits_.max_expanded_bytes) +
                                   " of text (each alias counted as the text it repeats), over the expanded-text "
                                   "limit of " + size_text(limits_.max_expanded_bytes),
                               line, column);
}

void StructureBudget::place(const Extent& e) {
  if (open_.empty()) return;
  Extent& parent = open_.back();
  parent.values = saturating_add(parent.values, e.values);
  parent.bytes = saturating_add(parent.bytes, e.bytes);
  parent.height = std::max(parent.height, saturating_add(e.height, 1));
}

void StructureBudget::open(int line, int column) {
  if (open_.size() + 1 > limits_.max_depth)
    throw StructuredLimitError(StructuredLimitError::Limit::depth,
                               "lists and mappings are nested more than " + std::to_string(limits_.max_depth) +
                                   " levels deep, over the depth limit of " + std::to_string(limits_.max_depth),
                               line, column);
  count(Extent{1, 0, 0}, line, column);
  open_.push_back(Extent{1, 0, 1});
}

Extent StructureBudget::close() {
  if (open_.empty()) return {};
  Extent e = open_.back();
  open_.pop_back();
  place(e);
  return e;
}

Extent StructureBudget::scalar(std::size_t bytes, int line, int column) {
  const Extent e{1, bytes, 0};
  count(e, line, column);
  place(e);
  return e;
}

void StructureBudget::alias(const Extent& target, int line, int column) {
  ++aliases_;
  if (aliases_ > limits_.max_aliases)
    throw StructuredLimitError(StructuredLimitError::Limit::aliases,
                               "it uses more than " + std::to_string(limits_.max_aliases) +
                                   " aliases (*name), over the alias limit of " + std::to_string(limits_.max_aliases),
                               line, column);
  if (saturating_add(open_.size(), target.height) > limits_.max_depth)
    throw StructuredLimitError(StructuredLimitError::Limit::depth,
                               "with an alias expanded, lists and mappings are nested more than " +
                                   std::to_string(limits_.max_depth) + " levels deep, over the depth limit of " +
                                   std::to_string(limits_.max_depth),
                               line, column);
  count(target, line, column);
  place(target);
}

void StructureBudget::cyclic_alias(int line, int column) {
  if (limits_.max_values == kUnlimited) {
    alias(Extent{1, 0, 0}, line, column);
    return;
  }
  throw StructuredLimitError(StructuredLimitError::Limit::values,
                             "an alias (*name) inside the list or mapping it names repeats it without end, over the "
                             "value limit of " + std::to_string(limits_.max_values),
                             line, column);
}

}  // namespace grader::util
