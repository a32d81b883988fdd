#include "grader/util/safe_open.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace grader::util {
namespace fs = std::filesystem;

Fd open_trusted_directory(const fs::path& dir) {
  return Fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
}

fs::path path_of(const Fd& dir, const fs::path& fallback) {
  if (!dir) return fallback;
  fs::path p = "/proc/self/fd/" + std::to_string(dir.get());
  struct stat a {}, b {};
  if (::stat(p.c_str(), &a) == 0 && ::fstat(dir.get(), &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino) return p;
  return fallback;
}

namespace {

// The components of a relative name; "" and "." are dropped.
std::vector<std::string> components(const std::string& rel) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= rel.size()) {
    std::size_t slash = rel.find('/', start);
    if (slash == std::string::npos) slash = rel.size();
    std::string part = rel.substr(start, slash - start);
    if (!part.empty() && part != ".") out.push_back(part);
    start = slash + 1;
  }
  return out;
}

std::string kind_text(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device file";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISREG(mode)) return "a regular file";  // where a folder was expected
  return "a special file";
}

// GRADER_SAFE_OPEN_WALK=1 (for tests) uses the walk as if the kernel had no openat2.
std::atomic<bool> openat2_missing{[] {
  const char* v = std::getenv("GRADER_SAFE_OPEN_WALK");
  return v && std::string(v) == "1";
}()};

// openat2 with RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH; -1 with errno ENOSYS
// when the kernel (or a seccomp filter) does not have it.
int openat2_no_links(int base, const std::string& rel, int flags) {
#ifdef SYS_openat2
  if (!openat2_missing.load(std::memory_order_relaxed)) {
    open_how how{};
    how.flags = static_cast<unsigned long long>(flags);
    how.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
    int fd = static_cast<int>(::syscall(SYS_openat2, base, rel.c_str(), &how, sizeof how));
    if (fd >= 0 || (errno != ENOSYS && errno != EPERM && errno != E2BIG && errno != EINVAL)) return fd;
    if (errno == ENOSYS) openat2_missing.store(true, std::memory_order_relaxed);
  }
#endif
  errno = ENOSYS;
  return -1;
}

// The component-by-component walk: every folder opened with O_NOFOLLOW from
// the one before it, so what is checked is what is used.
Opened walk(int base, const std::vector<std::string>& parts, int flags) {
  Opened out;
  Fd current;
  int at = base;
  std::string so_far;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    bool last = i + 1 == parts.size();
    so_far += (so_far.empty() ? "" : "/") + parts[i];
    int f = last ? (flags | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY) : (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    int fd = ::openat(at, parts[i].c_str(), f);
    if (fd < 0) {
      int e = errno;
      struct stat st {};
      if (::fstatat(at, parts[i].c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        out.missing = true;
        return out;
      }
      out.component = so_far;
      std::string shown = so_far + (last && !(flags & O_DIRECTORY) ? "" : "/");
      if (S_ISLNK(st.st_mode)) out.refused = shown + " is a symbolic link: never followed";
      else if (!S_ISDIR(st.st_mode) && (!last || (flags & O_DIRECTORY)))
        out.refused = so_far + " is " + kind_text(st.st_mode) + ", not a folder";
      else if (last && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
        out.refused = so_far + " is " + kind_text(st.st_mode) + ", not a regular file";
      else out.refused = so_far + " cannot be opened: " + std::strerror(e);
      return out;
    }
    current = Fd(fd);
    at = fd;
  }
  out.fd = std::move(current);
  return out;
}

}  // namespace

Opened open_beneath(int base, const std::string& rel, int flags) {
  Opened out;
  if (!rel.empty() && rel[0] == '/') {
    out.refused = rel + " is an absolute path (only names inside the submission are used)";
    out.component = rel;
    return out;
  }
  auto parts = components(rel);
  for (std::size_t i = 0; i < parts.size(); ++i)
    if (parts[i] == "..") {
      out.refused = rel + " leaves its folder (..): never followed";
      out.component = rel;
      return out;
    }
  if (parts.empty()) {
    // The folder itself.
    int fd = ::openat(base, ".", flags | O_CLOEXEC);
    if (fd < 0) out.refused = ". cannot be opened: " + std::string(std::strerror(errno));
    else out.fd = Fd(fd);
    return out;
  }
  std::string joined;
  for (const auto& p : parts) joined += (joined.empty() ? "" : "/") + p;
  int fd = openat2_no_links(base, joined, flags | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY);
  if (fd >= 0) {
    out.fd = Fd(fd);
    return out;
  }
  if (errno == ENOENT) {
    out.missing = true;
    return out;
  }
  // Refused by openat2 (ELOOP, EXDEV, ENOTDIR, ...) or no openat2: the walk
  // applies the same rule and says which component is at fault.
  return walk(base, parts, flags);
}

Opened open_or_make_folder_beneath(int base, const std::string& name) {
  Opened o = open_beneath(base, name, O_RDONLY | O_DIRECTORY);
  if (!o.missing) return o;
  // Made here, or by someone else meanwhile: either way opened again under the same rule.
  if (::mkdirat(base, name.c_str(), 0755) != 0 && errno != EEXIST) {
    o.missing = false;
    o.refused = name + "/ cannot be made: " + std::strerror(errno);
    o.component = name;
    return o;
  }
  return open_beneath(base, name, O_RDONLY | O_DIRECTORY);
}

std::string write_beneath_atomically(int dir, const std::string& name, const std::string& bytes) {
  struct stat st {};
  if (::fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode))
    return name + (S_ISLNK(st.st_mode) ? " is a symbolic link: never followed or replaced"
                                       : " is " + kind_text(st.st_mode) + ", not a regular file");
  const std::string tmp = name + ".tmp." + std::to_string(::getpid());
  // O_EXCL never follows a link; a leftover temporary (or a link planted at
  // its name) is removed itself, never what it points to.
  int fd = ::openat(dir, tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0 && errno == EEXIST && ::unlinkat(dir, tmp.c_str(), 0) == 0)
    fd = ::openat(dir, tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) return name + " cannot be written: " + std::strerror(errno);
  std::size_t off = 0;
  while (off < bytes.size()) {
    ssize_t w = ::write(fd, bytes.data() + off, bytes.size() - off);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) {
      const int e = errno;
      ::close(fd);
      ::unlinkat(dir, tmp.c_str(), 0);
      return name + " cannot be written: " + std::strerror(e);
    }
    off += static_cast<std::size_t>(w);
  }
  ::fsync(fd);
  ::close(fd);
  // A link put at `name` since the check is replaced, not followed: rename
  // works on names.
  if (::renameat(dir, tmp.c_str(), dir, name.c_str()) != 0) {
    const int e = errno;
    ::unlinkat(dir, tmp.c_str(), 0);
    return name + " cannot be replaced: " + std::strerror(e);
  }
  return "";
}

ReadResult read_beneath(int base, const std::string& rel, const ReadRules& rules) {
  ReadResult out;
  Opened o = open_beneath(base, rel, O_RDONLY | O_NONBLOCK);
  if (!o.fd) {
    out.present = !o.missing;
    out.refused = o.refused;
    out.component = o.component;
    return out;
  }
  out.present = true;
  out.component = rel;
  struct stat st {};
  if (::fstat(o.fd.get(), &st) != 0) {
    out.refused = rel + " cannot be read: " + std::strerror(errno);
    return out;
  }
  if (!S_ISREG(st.st_mode)) {
    out.refused = rel + " is " + kind_text(st.st_mode) + ", not a regular file";
    return out;
  }
  if (st.st_nlink > 1) {
    bool foreign_owner = rules.owner != static_cast<uid_t>(-1) && st.st_uid != rules.owner;
    bool course_file = rules.foreign && rules.foreign->count({st.st_dev, st.st_ino});
    if (foreign_owner || course_file) {
      out.refused = rel + " is a hard link to a file " +
                    (course_file ? std::string("of the course") : "owned by another user (uid " + std::to_string(st.st_uid) + ")") +
                    ": never read";
      return out;
    }
  }
  if (!rules.head_only && static_cast<std::size_t>(st.st_size) > rules.max_bytes) {
    out.refused = rel + " is larger than " + std::to_string(rules.max_bytes >> 10) + " KiB";
    out.oversized = true;
    return out;
  }
  // Back to blocking reads: it is a regular file.
  ::fcntl(o.fd.get(), F_SETFL, ::fcntl(o.fd.get(), F_GETFL) & ~O_NONBLOCK);
  std::string content;
  std::size_t want = rules.max_bytes + (rules.head_only ? 0 : 1);  // one more byte: a file that grew
  content.resize(std::min<std::size_t>(want, static_cast<std::size_t>(st.st_size) + 1));
  std::size_t got = 0;
  for (;;) {
    if (got == content.size()) {
      if (content.size() >= want) break;
      content.resize(std::min(want, content.size() * 2 + 4096));
    }
    ssize_t n = ::read(o.fd.get(), content.data() + got, content.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      out.refused = rel + " cannot be read: " + std::strerror(errno);
      return out;
    }
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  content.resize(got);
  if (!rules.head_only && got > rules.max_bytes) {
    out.refused = rel + " is larger than " + std::to_string(rules.max_bytes >> 10) + " KiB";
    out.oversized = true;
    return out;
  }
  out.content = std::move(content);
  return out;
}

namespace {
void list_into(int dirfd, const std::string& prefix, bool recursive, int depth_left, std::size_t max_entries,
               std::vector<Listed>& out) {
  int dup = ::openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dup < 0) return;
  DIR* d = ::fdopendir(dup);
  if (!d) {
    ::close(dup);
    return;
  }
  std::vector<std::string> names;
  while (dirent* e = ::readdir(d)) {
    std::string n = e->d_name;
    if (n != "." && n != "..") names.push_back(n);
  }
  ::closedir(d);
  std::sort(names.begin(), names.end());
  for (const auto& n : names) {
    if (out.size() >= max_entries) return;
    struct stat st {};
    if (::fstatat(dirfd, n.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
    Listed l;
    l.rel = prefix + n;
    l.kind = S_ISLNK(st.st_mode)   ? Listed::Kind::symlink
             : S_ISDIR(st.st_mode) ? Listed::Kind::directory
             : S_ISREG(st.st_mode) ? Listed::Kind::file
                                   : Listed::Kind::other;
    out.push_back(l);
    if (l.kind == Listed::Kind::directory && recursive && depth_left > 0) {
      Fd child(::openat(dirfd, n.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
      if (child) list_into(child.get(), l.rel + "/", recursive, depth_left - 1, max_entries, out);
    }
  }
}
}  // namespace

std::vector<Listed> list_beneath(int base, bool recursive, int max_depth, std::size_t max_entries) {
  std::vector<Listed> out;
  list_into(base, "", recursive, max_depth, max_entries, out);
  return out;
}

std::set<std::pair<dev_t, ino_t>> file_identities(const fs::path& dir) {
  std::set<std::pair<dev_t, ino_t>> out;
  Fd root = open_trusted_directory(dir);
  if (!root) return out;
  for (const auto& l : list_beneath(root.get(), true)) {
    if (l.kind != Listed::Kind::file) continue;
    struct stat st {};
    if (::fstatat(root.get(), l.rel.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) out.insert({st.st_dev, st.st_ino});
  }
  return out;
}

}  // namespace grader::util
