// Reading submission files without following links: every path a student
// controls is opened beneath a directory descriptor, one component at a
// time, and a symbolic link in any component (not only the last) is refused
// with a message naming that component. Checks are made on the opened
// descriptor (fstat), never on a name looked up again later, so a file
// swapped for a link between a check and its use cannot slip through.
//
// openat2(RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH) is used where the kernel has
// it (Linux 5.6+); otherwise, and to explain a refusal, the same rule is
// applied by a walk with O_NOFOLLOW on every component
// (GRADER_SAFE_OPEN_WALK=1 forces the walk, for testing).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <filesystem>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "grader/util/fd.hpp"

namespace grader::util {

/// Opens a folder the grader was told to use (a path from the command line
/// or the course): links in it are followed, as for any trusted path.
/// Returns an empty Fd (and errno set) when it is not an openable folder.
Fd open_trusted_directory(const std::filesystem::path& dir);

/// A path to the very folder `dir` is open on (/proc/self/fd/N when /proc is
/// mounted), for code that takes paths; `fallback` otherwise.
std::filesystem::path path_of(const Fd& dir, const std::filesystem::path& fallback);

/// Result of opening a relative path beneath a folder.
struct Opened {
  Fd fd;
  bool missing = false;  ///< a component does not exist (refused stays empty)
  /// Why it was not opened, naming the component:
  /// "vectors/ is a symbolic link: never followed".
  std::string refused;
  /// The component `refused` is about, as a relative path ("vectors").
  std::string component;
};

/// Opens `rel` (a relative path, '/'-separated) beneath the folder `base`.
/// Absolute names, ".." and a symbolic link in any component are refused;
/// `flags` are open(2) flags for the last component (O_NOFOLLOW, O_CLOEXEC
/// and O_NOCTTY are always added). With O_DIRECTORY the result must be a folder.
Opened open_beneath(int base, const std::string& rel, int flags);

/// Opens the folder `name` (one name, no '/') beneath `base`, making it
/// (mode 0755) when it is missing; refused like open_beneath when it is a
/// link or not a folder.
Opened open_or_make_folder_beneath(int base, const std::string& name);

/// Replaces the file `name` (one name, no '/') in the folder `dir` with
/// `bytes`: written to a temporary file beside it, fsynced and renamed over
/// it, so readers see the old file or the new one. Never through a link: when
/// `name` is a symbolic link or anything but a regular file, nothing is
/// written. Returns why it was not written, naming `name` ("" when written).
std::string write_beneath_atomically(int dir, const std::string& name, const std::string& bytes);

/// What a submission file may be, beyond not being reached through a link.
struct ReadRules {
  std::size_t max_bytes = 1u << 20;  ///< larger files are refused
  bool head_only = false;            ///< read the first max_bytes of any size instead
  /// A file with more than one hard link is refused when its owner is not
  /// this uid (the submission root's owner) or when it is one of `foreign`
  /// (device, inode): another name for a file the student does not own.
  uid_t owner = static_cast<uid_t>(-1);
  const std::set<std::pair<dev_t, ino_t>>* foreign = nullptr;
};

struct ReadResult {
  bool present = false;  ///< something exists at that name (or a link is on the way to it)
  std::string content;   ///< when accepted
  std::string refused;   ///< why not, naming the path ("" when accepted or missing)
  std::string component; ///< the component `refused` is about
  bool oversized = false; ///< refused only for being larger than max_bytes
};

/// Reads a regular file beneath `base` under `rules`: links in any component,
/// FIFOs, devices, sockets, folders, oversized files and foreign hard links
/// are refused with the reason. A FIFO is never waited on (O_NONBLOCK).
ReadResult read_beneath(int base, const std::string& rel, const ReadRules& rules = {});

/// One entry of a listing; kind is what lstat says (links are not followed).
struct Listed {
  enum class Kind { file, directory, symlink, other };
  std::string rel;  ///< relative to the listed folder, '/'-separated
  Kind kind = Kind::other;
};

/// Lists `base` (recursively up to max_depth levels when recursive), never
/// descending into a linked folder: links are listed as such. Sorted by name.
std::vector<Listed> list_beneath(int base, bool recursive, int max_depth = 32, std::size_t max_entries = 100000);

/// (device, inode) of every regular file under `dir` (links not followed),
/// for ReadRules::foreign. A missing folder gives nothing.
std::set<std::pair<dev_t, ino_t>> file_identities(const std::filesystem::path& dir);

}  // namespace grader::util
