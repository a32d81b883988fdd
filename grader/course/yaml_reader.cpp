#include "grader/course/yaml_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

#include "grader/course/edit_distance.hpp"

namespace grader::course::yaml {

namespace {

// Quoted or explicitly tagged scalars are text by YAML's rules, even "10".
bool is_plain(const YAML::Node& node) { return node.IsScalar() && node.Tag() == "?"; }

std::optional<double> parse_number(const std::string& s) {
  double value = 0;
  const char* end = s.data() + s.size();
  auto [ptr, ec] = std::from_chars(s.data(), end, value);
  if (ec != std::errc() || ptr != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::string shorten(const std::string& s) {
  constexpr std::size_t max_length = 40;
  std::string one_line = s.substr(0, s.find('\n'));
  if (one_line.size() > max_length || one_line.size() < s.size()) {
    return one_line.substr(0, max_length) + "...";
  }
  return one_line;
}

}  // namespace

Location Problems::at(const YAML::Mark& mark) const {
  if (mark.is_null()) return Location{file_, 0, 0};
  return Location{file_, mark.line + 1, mark.column + 1};
}

Location Problems::at(const YAML::Node& node) const { return at(node.Mark()); }

void Problems::add(Location where, std::string message) {
  found_.push_back(Diagnostic{std::move(where), std::move(message)});
}

std::vector<Diagnostic> Problems::in_file_order() const {
  std::vector<Diagnostic> sorted = found_;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (a.where.line != b.where.line) return a.where.line < b.where.line;
    return a.where.column < b.where.column;
  });
  return sorted;
}

std::string describe(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Map: return "a mapping";
    case YAML::NodeType::Scalar:
      if (is_plain(node) && parse_number(node.Scalar())) return "the number " + node.Scalar();
      return "text '" + shorten(node.Scalar()) + "'";
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined: break;
  }
  return "nothing";
}

Fields::Fields(const YAML::Node& map, Problems& problems, std::string owner)
    : problems_(problems), owner_(std::move(owner)), where_(problems.at(map)) {
  for (auto it = map.begin(); it != map.end(); ++it) {
    entries_.push_back(Entry{it->first.IsScalar() ? it->first.Scalar() : std::string(), it->first,
                             it->second});
  }
}

void Fields::check_keys(std::span<const std::string_view> allowed) const {
  std::vector<std::string> seen;
  for (const Entry& entry : entries_) {
    const Location at = problems_.at(entry.key_node);
    if (!entry.key_node.IsScalar()) {
      problems_.add(at, fmt::format("a key in {} must be text, got {}; write 'name: value'",
                                    owner_, describe(entry.key_node)));
      continue;
    }
    if (std::find(allowed.begin(), allowed.end(), entry.key) == allowed.end()) {
      std::string message = fmt::format("unknown key '{}' in {}", entry.key, owner_);
      if (auto near = closest_match(entry.key, allowed)) {
        message += fmt::format("; did you mean '{}'?", *near);
      } else {
        message += fmt::format("; valid keys are {}", fmt::join(allowed, ", "));
      }
      problems_.add(at, std::move(message));
      continue;
    }
    if (std::find(seen.begin(), seen.end(), entry.key) != seen.end()) {
      problems_.add(at, fmt::format("key '{}' is written twice in {} (first at {}); keep one",
                                    entry.key, owner_, key_location(entry.key).text()));
      continue;
    }
    seen.push_back(entry.key);
  }
}

const Fields::Entry* Fields::find(std::string_view key) const {
  // The first one wins, as with yaml-cpp's own lookup; check_keys reports the rest.
  for (const Entry& entry : entries_) {
    if (entry.key_node.IsScalar() && entry.key == key) return &entry;
  }
  return nullptr;
}

const YAML::Node* Fields::value(std::string_view key) const {
  const Entry* entry = find(key);
  return entry ? &entry->value : nullptr;
}

Location Fields::key_location(std::string_view key) const {
  const Entry* entry = find(key);
  return entry ? problems_.at(entry->key_node) : where_;
}

Location Fields::value_location(std::string_view key) const {
  const Entry* entry = find(key);
  if (!entry) return where_;
  // yaml-cpp places an empty value at the next token, often on a later line.
  if (entry->value.IsNull()) return problems_.at(entry->key_node);
  return problems_.at(entry->value);
}

bool Fields::require(std::string_view key, std::string_view what_to_do) const {
  if (has(key)) return true;
  problems_.add(where_, fmt::format("{} has no '{}'; {}", owner_, key, what_to_do));
  return false;
}

void Fields::wrong_type(std::string_view key, std::string_view expected,
                        std::string_view advice) const {
  const Entry* entry = find(key);
  std::string message = fmt::format("'{}' in {} must be {}, got {}", key, owner_, expected,
                                    entry ? describe(entry->value) : "nothing");
  if (!advice.empty()) message += fmt::format("; {}", advice);
  problems_.add(value_location(key), std::move(message));
}

std::optional<Text> Fields::text(std::string_view key) const {
  const Entry* entry = find(key);
  if (!entry) return std::nullopt;
  if (!entry->value.IsScalar()) {
    wrong_type(key, "text");
    return std::nullopt;
  }
  return Text{entry->value.Scalar(), value_location(key)};
}

std::optional<double> Fields::number(std::string_view key) const {
  const Entry* entry = find(key);
  if (!entry) return std::nullopt;
  const YAML::Node& v = entry->value;
  if (v.IsScalar()) {
    auto parsed = parse_number(v.Scalar());
    if (parsed && is_plain(v)) return parsed;
    if (parsed) {
      wrong_type(key, "a number", "remove the quotes");
      return std::nullopt;
    }
  }
  wrong_type(key, "a number");
  return std::nullopt;
}

std::optional<int> Fields::positive_integer(std::string_view key) const {
  const Entry* entry = find(key);
  if (!entry) return std::nullopt;
  const YAML::Node& v = entry->value;
  if (v.IsScalar() && is_plain(v)) {
    const std::string& s = v.Scalar();
    int value = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec == std::errc() && ptr == s.data() + s.size() && value > 0) return value;
    if (ec == std::errc::result_out_of_range) {
      wrong_type(key, "a positive integer",
                 fmt::format("the largest accepted is {}", std::numeric_limits<int>::max()));
      return std::nullopt;
    }
  }
  wrong_type(key, "a positive integer",
             v.IsScalar() && !is_plain(v) ? "remove the quotes" : std::string_view{});
  return std::nullopt;
}

std::optional<bool> Fields::boolean(std::string_view key) const {
  const Entry* entry = find(key);
  if (!entry) return std::nullopt;
  const YAML::Node& v = entry->value;
  if (is_plain(v)) {
    const std::string& s = v.Scalar();
    if (s == "true" || s == "True" || s == "TRUE") return true;
    if (s == "false" || s == "False" || s == "FALSE") return false;
  }
  wrong_type(key, "true or false");
  return std::nullopt;
}

std::optional<std::vector<Text>> Fields::text_list(std::string_view key) const {
  const Entry* entry = find(key);
  if (!entry) return std::nullopt;
  const YAML::Node& v = entry->value;
  if (!v.IsSequence()) {
    wrong_type(key, "a list",
               v.IsScalar() ? fmt::format("write it in brackets: [{}]", v.Scalar()) : std::string());
    return std::nullopt;
  }
  std::vector<Text> items;
  for (const YAML::Node& item : v) {
    if (item.IsScalar()) {
      items.push_back(Text{item.Scalar(), problems_.at(item)});
    } else {
      problems_.add(problems_.at(item).line > 0 ? problems_.at(item) : value_location(key),
                    fmt::format("each entry of '{}' in {} must be text, got {}", key, owner_,
                                describe(item)));
    }
  }
  return items;
}

}  // namespace grader::course::yaml
