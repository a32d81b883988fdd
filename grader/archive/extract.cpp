#include "grader/archive/extract.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include "grader/report/sanitize.hpp"

namespace grader::archive {
namespace fs = std::filesystem;

bool is_archive(const fs::path& path) {
  std::string name = path.filename().string();
  auto ends = [&](const char* suffix) {
    std::string s = suffix;
    return name.size() > s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0;
  };
  return ends(".zip") || ends(".tar") || ends(".tar.gz") || ends(".tgz") || ends(".tar.xz") || ends(".tar.bz2");
}

std::string printable_name(const std::string& raw) { return report::plain_line(raw); }

namespace {

// A relative path with no "..", no empty or "." tricks, no NUL: or the reason it is refused.
std::string unsafe_reason(const std::string& name) {
  if (name.empty()) return "empty name";
  if (name[0] == '/') return "absolute path";
  fs::path p(name);
  for (const auto& part : p) {
    if (part == "..") return "path leaves the archive (..)";
  }
  for (char ch : name)
    if (ch == '\n' || ch == '\r') return "newline in the file name";
  return {};
}

// libarchive may have no text for an error (a null pointer): never build a
// std::string from that, a damaged archive must not crash the grader.
std::string error_text(struct archive* a) {
  const char* text = archive_error_string(a);
  return text ? text : "unreadable data";
}

struct ReadCloser {
  void operator()(struct archive* a) const { archive_read_free(a); }
};

}  // namespace

ExtractReport extract(const fs::path& archive_path, const fs::path& into, const ExtractLimits& limits) {
  int fd = ::open(archive_path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    throw ArchiveError("cannot open " + archive_path.filename().string() + ": " + std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  return extract(fd, archive_path.filename().string(), into, limits);
}

ExtractReport extract(int archive_fd, const std::string& archive_name, const fs::path& into, const ExtractLimits& limits) {
  ExtractReport report;
  struct stat st {};
  if (::fstat(archive_fd, &st) != 0 || !S_ISREG(st.st_mode))
    throw ArchiveError(printable_name(archive_name) + " is not a regular file");
  ::fcntl(archive_fd, F_SETFL, ::fcntl(archive_fd, F_GETFL) & ~O_NONBLOCK);
  std::unique_ptr<struct archive, ReadCloser> a(archive_read_new());
  archive_read_support_format_zip(a.get());
  archive_read_support_format_tar(a.get());
  archive_read_support_format_gnutar(a.get());
  archive_read_support_filter_gzip(a.get());
  archive_read_support_filter_xz(a.get());
  archive_read_support_filter_bzip2(a.get());
  if (archive_read_open_fd(a.get(), archive_fd, 64 * 1024) != ARCHIVE_OK)
    throw ArchiveError("cannot open " + printable_name(archive_name) + " as an archive: " + error_text(a.get()));
  std::uint64_t packed = static_cast<std::uint64_t>(st.st_size);
  std::uint64_t entries = 0;
  archive_entry* entry = nullptr;
  for (;;) {
    int r = archive_read_next_header(a.get(), &entry);
    if (r == ARCHIVE_EOF) break;
    if (r < ARCHIVE_WARN)
      throw ArchiveError("the archive " + printable_name(archive_name) + " is damaged: " + error_text(a.get()));
    if (++entries > limits.max_entries)
      throw ArchiveError("the archive has more than " + std::to_string(limits.max_entries) + " entries; refused");
    const char* raw = archive_entry_pathname(entry);
    std::string name = raw ? raw : "";
    std::string shown = printable_name(name);
    auto type = archive_entry_filetype(entry);
    if (std::string why = unsafe_reason(name); !why.empty()) {
      report.refused.push_back(shown + ": " + why);
      continue;
    }
    if (archive_entry_hardlink(entry)) {
      report.refused.push_back(shown + ": hard link: never followed or created (only regular files are accepted)");
      continue;
    }
    if (type == AE_IFDIR) {
      fs::create_directories(into / name);
      continue;
    }
    if (type == AE_IFLNK) {
      report.refused.push_back(shown + ": symbolic link: never followed or created (only regular files are accepted)");
      continue;
    }
    if (type != AE_IFREG) {
      report.refused.push_back(shown + ": device, fifo or other special file");
      continue;
    }
    if (printable_name(name) != name) {
      report.refused.push_back(shown + ": file name with control characters or invalid UTF-8");
      continue;
    }
    fs::path target = into / name;
    fs::create_directories(target.parent_path());
    // O_NOFOLLOW|O_EXCL: never write through a link or over an earlier entry.
    int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) {
      report.refused.push_back(shown + ": cannot be written (" + std::strerror(errno) + ")");
      continue;
    }
    std::uint64_t written = 0;
    char buf[65536];
    for (;;) {
      la_ssize_t n = archive_read_data(a.get(), buf, sizeof buf);
      if (n == 0) break;
      if (n < 0) {
        ::close(fd);
        throw ArchiveError("the archive is damaged at " + shown + ": " + error_text(a.get()));
      }
      written += static_cast<std::uint64_t>(n);
      report.bytes += static_cast<std::uint64_t>(n);
      if (written > limits.max_entry_bytes) {
        ::close(fd);
        throw ArchiveError(shown + " unpacks to more than " + std::to_string(limits.max_entry_bytes >> 20) +
                           " MiB; refused (an archive bomb?)");
      }
      if (report.bytes > limits.max_total_bytes) {
        ::close(fd);
        throw ArchiveError("the archive unpacks to more than " + std::to_string(limits.max_total_bytes >> 20) +
                           " MiB; refused (an archive bomb?)");
      }
      if (report.bytes > (1u << 20) && packed > 0 && static_cast<double>(report.bytes) / static_cast<double>(packed) > limits.max_ratio) {
        ::close(fd);
        throw ArchiveError("the archive expands more than " + std::to_string(static_cast<int>(limits.max_ratio)) +
                           "x; refused (an archive bomb?)");
      }
      if (::write(fd, buf, static_cast<std::size_t>(n)) != n) {
        ::close(fd);
        throw ArchiveError("cannot write " + shown + " while unpacking: " + std::strerror(errno));
      }
    }
    ::close(fd);
    ++report.files;
  }
  return report;
}

}  // namespace grader::archive
