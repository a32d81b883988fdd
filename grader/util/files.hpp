// Small filesystem helpers with errors that say which file and why.
#pragma once

#include <filesystem>
#include <string>

namespace grader::util {

namespace fs = std::filesystem;

/// Whole file as bytes; throws std::runtime_error naming the file.
std::string read_file(const fs::path& path);

/// Writes to a temporary sibling, fsyncs and renames over `path`, so readers
/// see the old file or the new one, never half of one. Missing folders of
/// `path` are created.
void write_file_atomically(const fs::path& path, const std::string& bytes);

/// A fresh private directory (mode 0700) that is removed on destruction.
class TempDir {
 public:
  explicit TempDir(const std::string& prefix = "grader");
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }
  /// Keep the directory (for debugging with --keep).
  void keep() { keep_ = true; }

 private:
  fs::path path_;
  bool keep_ = false;
};

/// Path relative to `base` using '/' separators, e.g. "vectors/x.cpp".
std::string relative_text(const fs::path& path, const fs::path& base);

}  // namespace grader::util
