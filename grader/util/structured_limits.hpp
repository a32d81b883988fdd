// Limits on a structured file a student wrote (YAML quiz answers, the JSON
// hints-seen state of a workspace), checked while the file is read and
// before any tree is built. A small file can stand for a huge one: YAML
// aliases repeat a node wherever they appear (a 64 KiB file with one 30 KB
// anchor and 11,700 aliases reads as 350 MB of text), and every level of
// nesting costs a frame of recursion somewhere (a JSON writer, a tree's
// destructor). So a reader counts, event by event, the file's size, how deep
// lists and mappings are nested, how many aliases it uses, and how many
// values and bytes of text it holds with every alias expanded; past a limit
// it stops and says which limit (StructuredLimitError). The readers are
// bounded_yaml.hpp and bounded_json.hpp; what each file may hold is set
// where it is read (runner/quiz.hpp, cli/hint_state.hpp).
#pragma once

#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace grader::util {

struct StructuredLimits {
  std::size_t max_bytes = 0;           ///< the file as written
  std::size_t max_depth = 0;           ///< lists and mappings inside each other (aliases expanded)
  std::size_t max_aliases = 0;         ///< YAML alias references (*name); JSON has none
  std::size_t max_values = 0;          ///< scalars, lists and mappings, every alias expanded
  std::size_t max_expanded_bytes = 0;  ///< text of every scalar and key, every alias expanded

  /// No limit at all: for the course's own files, which are trusted.
  static constexpr StructuredLimits none() {
    constexpr std::size_t n = std::numeric_limits<std::size_t>::max();
    return {n, n, n, n, n};
  }
};

/// A file refused for a limit. what() says which limit and by how much, without
/// the file's name ("lists and mappings are nested more than 16 levels deep,
/// over the depth limit of 16"); line() and column() say where, when known.
class StructuredLimitError : public std::runtime_error {
 public:
  enum class Limit { size, depth, aliases, values, expanded_bytes };
  StructuredLimitError(Limit limit, const std::string& what, int line = 0, int column = 0)
      : std::runtime_error(what), limit_(limit), line_(line), column_(column) {}
  Limit limit() const { return limit_; }
  int line() const { return line_; }      ///< 1-based; 0 when not known
  int column() const { return column_; }  ///< 1-based; 0 when not known

 private:
  Limit limit_;
  int line_, column_;
};

/// "64 KiB" for whole KiB, "100 bytes" otherwise.
std::string size_text(std::size_t bytes);

/// Throws the size error when `bytes` is over the limit.
void check_structured_size(std::size_t bytes, const StructuredLimits& limits);

/// What a value stands for once every alias in it is expanded.
struct Extent {
  std::size_t values = 0;  ///< itself and everything inside it
  std::size_t bytes = 0;   ///< text of its scalars and keys
  std::size_t height = 0;  ///< 0 for a scalar, 1 + the deepest inside for a list or mapping
};

/// The running count of one file against its limits, fed by a reader's
/// events in document order; every call throws StructuredLimitError the
/// moment a limit is passed, so nothing past it is ever read.
class StructureBudget {
 public:
  explicit StructureBudget(const StructuredLimits& limits) : limits_(limits) {}

  /// A list or mapping starts (its own value counts).
  void open(int line = 0, int column = 0);
  /// The innermost open list or mapping ends: its extent.
  Extent close();
  /// A scalar (or a key) of `bytes` bytes of text.
  Extent scalar(std::size_t bytes, int line = 0, int column = 0);
  /// An alias to a node of extent `target`: counted again in full.
  void alias(const Extent& target, int line = 0, int column = 0);
  /// Refuses an alias to a list or mapping that is still open around it
  /// (`&a [*a]`): its expansion never ends. Nothing is thrown without limits.
  void cyclic_alias(int line = 0, int column = 0);

  std::size_t depth() const { return open_.size(); }

 private:
  void count(const Extent& e, int line, int column);
  void place(const Extent& e);
  StructuredLimits limits_;
  std::vector<Extent> open_;  ///< the lists and mappings around the current event
  Extent total_;              ///< values and bytes so far (aliases expanded)
  std::size_t aliases_ = 0;
};

}  // namespace grader::util
