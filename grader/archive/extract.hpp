// Unpacking submission archives (.zip, .tar, .tar.gz, .tgz) with libarchive,
// refusing everything an archive can do to the grading machine: absolute
// paths, ".." components, links, device files, and bombs (caps on total size,
// entry count and compression ratio).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace grader::archive {

struct ExtractLimits {
  std::uint64_t max_total_bytes = 64ull << 20;  ///< sum of unpacked sizes
  std::uint64_t max_entry_bytes = 8ull << 20;   ///< one unpacked file
  std::uint64_t max_entries = 2000;
  double max_ratio = 200.0;  ///< unpacked / packed bytes, checked once past 1 MiB unpacked
};

struct ExtractReport {
  int files = 0;
  std::uint64_t bytes = 0;
  /// Entries skipped, each with the reason ("../x: path leaves the archive").
  std::vector<std::string> refused;
};

/// Thrown when the whole archive must be refused (unreadable, a bomb, too
/// many entries); `what()` says which and why.
class ArchiveError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Is this a file name the grader unpacks?
bool is_archive(const std::filesystem::path& path);

/// Extracts regular files and folders into `into` (which must exist). Unsafe
/// entries are skipped and listed; caps exceeded throw ArchiveError (files
/// already written stay under `into`, which the caller owns and removes).
ExtractReport extract(const std::filesystem::path& archive, const std::filesystem::path& into,
                      const ExtractLimits& limits = {});

/// The same from an archive already open (a batch entry opened without
/// following a link); `archive_name` is used in messages. The descriptor
/// must be a regular file; it is read from its current offset and not closed.
ExtractReport extract(int archive_fd, const std::string& archive_name, const std::filesystem::path& into,
                      const ExtractLimits& limits = {});

/// Text fit for a report: report::plain_line, control characters, bidi
/// overrides and invalid UTF-8 shown visibly ("\x1b", "\u202e", "\xff").
std::string printable_name(const std::string& raw);

}  // namespace grader::archive
