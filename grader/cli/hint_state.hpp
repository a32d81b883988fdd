// How many hints of each exercise the student has seen, per workspace, in
// <workspace>/.grader/hints.json: {"pe-formula": 2}. The file lives with the
// student's files, so it survives a rebuild and another workspace starts over;
// grading ignores the .grader/ folder and releases never ship it.
//
// The folder is the student's, so the file is read and written like a
// submission file (util/safe_open.hpp): beneath the workspace, never through
// a link (a .grader/ or hints.json that is a link is never followed, so the
// grader cannot be made to read or write elsewhere), and read within
// kHintStateLimits before it is parsed. Anything wrong with it costs only the
// count: it starts over, with a one-line note, and `grader hint` goes on.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <filesystem>
#include <ostream>
#include <string>

#include "grader/util/structured_limits.hpp"

namespace grader::cli {

/// What hints.json may hold: one number per exercise, so one level of
/// nesting and a few hundred values; 64 KiB is far more than any course needs.
inline constexpr util::StructuredLimits kHintStateLimits{
    .max_bytes = 64 * 1024,
    .max_depth = 8,
    .max_aliases = 0,
    .max_values = 4096,
    .max_expanded_bytes = 64 * 1024,
};

class HintState {
 public:
  /// Reads the workspace's state; a note ("grader: ...") goes to `notes` when
  /// it cannot be used.
  HintState(std::filesystem::path workspace, std::ostream& notes);

  std::size_t seen(const std::string& exercise) const;
  void set_seen(const std::string& exercise, std::size_t count) { state_[exercise] = count; }
  void forget(const std::string& exercise) { state_.erase(exercise); }

  /// Writes the state back (making .grader/ when missing); a note when it cannot.
  void save();

 private:
  void note(const std::string& text);
  std::filesystem::path workspace_;
  std::ostream& notes_;
  nlohmann::json state_ = nlohmann::json::object();
  bool noted_ = false;  ///< one note per run: a link refused on reading is refused again on writing
};

}  // namespace grader::cli
