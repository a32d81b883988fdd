// Submission archives: random bytes as a .zip or .tar.gz must unpack within
// the limits or be refused with ArchiveError, and never put anything outside
// the folder they unpack into, nor a link inside it.
#include <archive.h>
#include <archive_entry.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "fuzz_target.hpp"
#include "grader/archive/extract.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path& workspace() {
  static const fs::path root = [] {
    fs::path p = fs::temp_directory_path() / ("fuzz-archive-" + std::to_string(::getpid()));
    fs::remove_all(p);
    fs::create_directories(p);
    return p;
  }();
  return root;
}

struct Cleanup {
  ~Cleanup() {
    std::error_code ec;
    fs::remove_all(workspace(), ec);
  }
} cleanup;

std::string build(bool zip, const std::vector<std::pair<std::string, std::string>>& files, const std::string& link = {}) {
  std::string out;
  out.resize(1 << 16);
  std::size_t used = 0;
  struct archive* a = archive_write_new();
  if (zip) {
    archive_write_set_format_zip(a);
  } else {
    archive_write_set_format_pax_restricted(a);
    archive_write_add_filter_gzip(a);
  }
  archive_write_open_memory(a, out.data(), out.size(), &used);
  for (const auto& [name, content] : files) {
    archive_entry* e = archive_entry_new();
    archive_entry_set_pathname(e, name.c_str());
    archive_entry_set_perm(e, 0644);
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_size(e, static_cast<la_int64_t>(content.size()));
    archive_write_header(a, e);
    archive_write_data(a, content.data(), content.size());
    archive_entry_free(e);
  }
  if (!link.empty()) {
    archive_entry* e = archive_entry_new();
    archive_entry_set_pathname(e, "link");
    archive_entry_set_filetype(e, AE_IFLNK);
    archive_entry_set_symlink(e, link.c_str());
    archive_write_header(a, e);
    archive_entry_free(e);
  }
  archive_write_close(a);
  archive_write_free(a);
  out.resize(used);
  // The first byte picks the format in the target.
  return std::string(1, zip ? '\0' : '\1') + out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  bool zip = (data[0] & 1) == 0;
  fs::path file = workspace() / (zip ? "in.zip" : "in.tar.gz");
  fs::path into = workspace() / "into";
  fs::remove_all(into);
  fs::create_directories(into);
  std::ofstream(file, std::ios::binary).write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
  grader::archive::ExtractLimits limits;
  limits.max_total_bytes = 4 << 20;
  limits.max_entry_bytes = 1 << 20;
  limits.max_entries = 200;
  try {
    grader::archive::extract(file, into, limits);
  } catch (const grader::archive::ArchiveError&) {
  } catch (const std::exception& e) {
    fuzz::finding(std::string("extract threw something other than ArchiveError: ") + e.what());
  }
  for (const auto& e : fs::directory_iterator(workspace()))
    if (e.path() != file && e.path() != into) fuzz::finding("the archive wrote outside its folder: " + e.path().string());
  for (const auto& e : fs::recursive_directory_iterator(into))
    if (e.is_symlink() || (!e.is_regular_file() && !e.is_directory()))
      fuzz::finding("the archive left a link or special file: " + e.path().string());
  fs::remove(file);
  return 0;
}

namespace fuzz {
std::vector<std::string> seeds() {
  std::vector<std::pair<std::string, std::string>> files = {
      {"positional-encoding/positional_encoding.cpp", "// a student file\nint x = 1;\n"},
      {"attention/softmax.cpp", std::string(3000, 'a')}};
  return {build(true, files), build(false, files), build(true, {{"../escape.cpp", "x"}, {"/tmp/abs.cpp", "y"}}),
          build(false, {{"a/../../b", "z"}}, "/etc/passwd"), build(true, {}, "../outside")};
}
}  // namespace fuzz
