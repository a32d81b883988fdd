// Typed reading of yaml-cpp nodes that records, instead of throwing, every
// problem with the place it was written. The loader builds on this; nothing
// outside grader/course needs it.
#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "grader/course/model.hpp"

namespace grader::course::yaml {

/// Every problem found so far in one file.
class Problems {
 public:
  explicit Problems(std::string file) : file_(std::move(file)) {}

  const std::string& file() const { return file_; }
  /// 1-based; line 0 when yaml-cpp has no position for the node.
  Location at(const YAML::Node& node) const;
  Location at(const YAML::Mark& mark) const;

  void add(Location where, std::string message);
  bool any() const { return !found_.empty(); }
  /// In the order they appear in the file, so an author can fix them top-down.
  std::vector<Diagnostic> in_file_order() const;

 private:
  std::string file_;
  std::vector<Diagnostic> found_;
};

/// How a value reads to an author: "a list", "a mapping", "nothing",
/// "the number 5", "text 'abc'".
std::string describe(const YAML::Node& node);

/// A text value and where it was written.
struct Text {
  std::string value;
  Location where;
};

/// The keys of one YAML mapping. Every getter reports what is wrong (named
/// after `owner`, e.g. "exercise 'pe-formula'") and returns nullopt, so the
/// caller can carry on and find the next problem.
class Fields {
 public:
  /// `map` must be a mapping. Reports keys written twice and keys that are not text.
  Fields(const YAML::Node& map, Problems& problems, std::string owner);

  void set_owner(std::string owner) { owner_ = std::move(owner); }
  const std::string& owner() const { return owner_; }
  Location where() const { return where_; }

  /// Reports every key not in `allowed`, with the nearest allowed key.
  void check_keys(std::span<const std::string_view> allowed) const;

  bool has(std::string_view key) const { return find(key) != nullptr; }
  /// Where the key itself was written (the mapping's place when absent).
  Location key_location(std::string_view key) const;
  /// Where the value was written; for an empty value, where its key was.
  Location value_location(std::string_view key) const;

  /// Reports "<owner> has no '<key>'; <what_to_do>" when absent.
  bool require(std::string_view key, std::string_view what_to_do) const;

  /// Any scalar, kept exactly as written (so `version: 2026.10` stays "2026.10").
  std::optional<Text> text(std::string_view key) const;
  /// An unquoted finite number.
  std::optional<double> number(std::string_view key) const;
  /// An unquoted integer > 0 that fits an int.
  std::optional<int> positive_integer(std::string_view key) const;
  /// true or false.
  std::optional<bool> boolean(std::string_view key) const;
  /// A list of scalars; every bad entry is reported and skipped.
  std::optional<std::vector<Text>> text_list(std::string_view key) const;
  /// The raw value, or nullptr when the key is absent.
  const YAML::Node* value(std::string_view key) const;

  /// Reports "'<key>' in <owner> must be <expected>, got <what it is>[; advice]".
  void wrong_type(std::string_view key, std::string_view expected,
                  std::string_view advice = {}) const;

 private:
  struct Entry {
    std::string key;
    YAML::Node key_node;
    YAML::Node value;
  };
  const Entry* find(std::string_view key) const;

  Problems& problems_;
  std::string owner_;
  Location where_;
  std::vector<Entry> entries_;
};

}  // namespace grader::course::yaml
