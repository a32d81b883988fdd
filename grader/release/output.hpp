// Writing a list of items (contents.hpp) out: as a folder tree or as a zip.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "grader/release/contents.hpp"

namespace grader::release {

struct WrittenTree {
  std::size_t files = 0;
  std::uintmax_t bytes = 0;
};

/// Writes every item under `dir` (created if needed), mode 0755 for
/// executable items and 0644 for the rest. Throws std::runtime_error naming
/// the file that could not be written.
WrittenTree write_tree(const std::filesystem::path& dir, const std::vector<Item>& items);

/// Writes a zip archive of the items (paths as given, deflated, with their
/// modes) to `<zip>.tmp` and renames it over `zip`, so a failure never leaves
/// half an archive. Uses libarchive: no zip program is needed.
WrittenTree write_zip(const std::filesystem::path& zip, const std::vector<Item>& items);

}  // namespace grader::release
