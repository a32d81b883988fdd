#include "grader/release/output.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <memory>
#include <set>
#include <stdexcept>


namespace grader::release {

namespace fs = std::filesystem;

namespace {

void write_bytes(const fs::path& path, const std::string& bytes, bool executable) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, executable ? 0755 : 0644);
  if (fd < 0) throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(errno));
  std::size_t off = 0;
  while (off < bytes.size()) {
    ssize_t w = ::write(fd, bytes.data() + off, bytes.size() - off);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) {
      int e = errno;
      ::close(fd);
      throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(e));
    }
    off += static_cast<std::size_t>(w);
  }
  // The umask may have narrowed the mode; scripts must stay runnable.
  ::fchmod(fd, executable ? 0755 : 0644);
  if (::close(fd) != 0) throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(errno));
}

struct ArchiveDeleter {
  void operator()(struct archive* a) const { archive_write_free(a); }
};
struct EntryDeleter {
  void operator()(struct archive_entry* e) const { archive_entry_free(e); }
};

}  // namespace

WrittenTree write_tree(const fs::path& dir, const std::vector<Item>& items) {
  WrittenTree written;
  fs::create_directories(dir);
  for (const auto& item : items) {
    const fs::path target = dir / item.path;
    fs::create_directories(target.parent_path());
    const std::string bytes = content_of(item);
    write_bytes(target, bytes, item.executable);
    ++written.files;
    written.bytes += bytes.size();
  }
  return written;
}

WrittenTree write_zip(const fs::path& zip, const std::vector<Item>& items) {
  fs::path tmp = zip;
  tmp += ".tmp";
  std::unique_ptr<struct archive, ArchiveDeleter> a(archive_write_new());
  auto fail = [&](const std::string& what) -> std::runtime_error {
    std::string why = archive_error_string(a.get()) ? archive_error_string(a.get()) : "unknown error";
    std::error_code ec;
    fs::remove(tmp, ec);
    return std::runtime_error("cannot write " + zip.string() + ": " + what + ": " + why);
  };
  if (archive_write_set_format_zip(a.get()) != ARCHIVE_OK) throw fail("zip format");
  if (archive_write_open_filename(a.get(), tmp.c_str()) != ARCHIVE_OK) throw fail("opening " + tmp.string());

  const std::time_t now = std::time(nullptr);
  WrittenTree written;
  std::set<std::string> folders;
  for (const auto& item : items) {
    // Folder entries first, so every unzip tool recreates empty-looking parents too.
    for (auto slash = item.path.find('/'); slash != std::string::npos; slash = item.path.find('/', slash + 1)) {
      std::string folder = item.path.substr(0, slash + 1);
      if (!folders.insert(folder).second) continue;
      std::unique_ptr<struct archive_entry, EntryDeleter> d(archive_entry_new());
      archive_entry_set_pathname(d.get(), folder.c_str());
      archive_entry_set_filetype(d.get(), AE_IFDIR);
      archive_entry_set_perm(d.get(), 0755);
      archive_entry_set_mtime(d.get(), now, 0);
      if (archive_write_header(a.get(), d.get()) != ARCHIVE_OK) throw fail(folder);
    }
    const std::string bytes = content_of(item);
    std::unique_ptr<struct archive_entry, EntryDeleter> e(archive_entry_new());
    archive_entry_set_pathname(e.get(), item.path.c_str());
    archive_entry_set_filetype(e.get(), AE_IFREG);
    archive_entry_set_perm(e.get(), item.executable ? 0755 : 0644);
    archive_entry_set_size(e.get(), static_cast<la_int64_t>(bytes.size()));
    archive_entry_set_mtime(e.get(), now, 0);
    if (archive_write_header(a.get(), e.get()) != ARCHIVE_OK) throw fail(item.path);
    if (!bytes.empty() && archive_write_data(a.get(), bytes.data(), bytes.size()) < 0) throw fail(item.path);
    ++written.files;
    written.bytes += bytes.size();
  }
  if (archive_write_close(a.get()) != ARCHIVE_OK) throw fail("finishing the archive");
  a.reset();
  if (::rename(tmp.c_str(), zip.c_str()) != 0) {
    int e = errno;
    std::error_code ec;
    fs::remove(tmp, ec);
    throw std::runtime_error("cannot replace " + zip.string() + ": " + std::strerror(e));
  }
  return written;
}

}  // namespace grader::release
