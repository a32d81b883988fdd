// A strict unified-diff applier for the course's mutants (tests/mutants/*/*/change.patch).
//
// The patch is what `diff -u --label a/PATH --label b/PATH` or `git diff --no-index`
// writes, with paths relative to the folder it applies to: `--- a/vectors/dot.cpp`,
// `+++ b/vectors/dot.cpp`; `--- /dev/null` creates a file. Several files and
// hunks, "\ No newline at end of file" and CRLF lines (kept as they are) are
// understood. A hunk is found at its stated line or at an offset from it, but its
// context must match exactly (no fuzz). Anything else is refused with a PatchError
// that names the patch, the file and the hunk.
#pragma once

#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace grader::validate {

/// A patch that cannot be read or does not apply; what() says where and why.
class PatchError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Hunk {
  int old_start = 0, old_count = 0;  ///< as in the header "@@ -old_start,old_count +new_start,new_count @@"
  int new_start = 0, new_count = 0;
  std::string header;                ///< the "@@ ... @@" line, for messages
  int patch_line = 0;                ///< 1-based line of the header in the patch
  /// The hunk's lines, each with its terminating '\n' unless a
  /// "\ No newline at end of file" follows it; old = context and '-', new = context and '+'.
  std::vector<std::string> old_lines, new_lines;
};

struct FilePatch {
  std::string path;  ///< relative to the folder the patch applies to, '/' separated
  bool creates = false;
  std::vector<Hunk> hunks;
};

/// Parses `text`; `name` (e.g. "tests/mutants/vectors/x/change.patch") is
/// used in messages. Throws PatchError on a malformed patch: no file in it,
/// paths that are absolute, hold "..", lack the a/ and b/ prefixes or differ
/// between --- and +++, a file named twice, a malformed hunk header, counts
/// that do not add up, a hunk that changes nothing, a deleted file.
std::vector<FilePatch> parse_patch(const std::string& text, const std::string& name);

/// The new contents of every file the patch touches (path -> bytes), the
/// originals read from under `base`. Throws PatchError when a path leaves
/// `base` through a symbolic link, a modified file does not exist (or a
/// created one does), a hunk's context is not found (naming the hunk and the
/// first line that differs at its stated place), or the result is unchanged.
std::map<std::string, std::string> apply_patch(const std::vector<FilePatch>& patch, const std::filesystem::path& base,
                                               const std::string& name);

/// parse_patch and apply_patch on `text`.
std::map<std::string, std::string> apply_patch_text(const std::string& text, const std::filesystem::path& base,
                                                    const std::string& name);

}  // namespace grader::validate
