// `grader reset EXERCISE`: puts the starter's files of one exercise back in
// the workspace, after keeping the student's own under
// WORKSPACE/.grader/reset/<time>/ (nothing is lost; copy a file back to undo).
//
// The starter comes from course::pristine_starter (a handout's .grader/starter/,
// or starter/ in the course's own checkout). The workspace is the student's,
// so every file is read and written beneath it, one component at a time,
// never through a link (util/safe_open.hpp): a link on the way is refused
// before anything is written.
#include <fcntl.h>
#include <sys/stat.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <vector>

#include "grader/cli/commands.hpp"
#include "grader/course/pristine_starter.hpp"
#include "grader/util/safe_open.hpp"
#include "grader/util/command_name.hpp"

namespace grader::cli {

namespace {

namespace fs = std::filesystem;

struct ResetOptions {
  std::string exercise;
  std::string workspace;
};

// A course file is at most this large: anything bigger in the workspace is
// not a student's source, and is refused rather than copied.
constexpr std::size_t kMaxResetFileBytes = 16u << 20;

struct FileToReset {
  std::string rel;       // "vectors/dot.cpp"
  std::string starter;   // the starter's bytes
  std::string current;   // the student's bytes (when present)
  bool present = false;
};

// The folder holding `rel`'s last component, made when missing, beneath `base`.
util::Opened open_parent_folder(int base, const std::string& rel, std::string& name) {
  util::Opened at;
  at.fd = util::Fd(::fcntl(base, F_DUPFD_CLOEXEC, 0));
  std::size_t start = 0;
  for (std::size_t slash; (slash = rel.find('/', start)) != std::string::npos; start = slash + 1) {
    util::Opened next = util::open_or_make_folder_beneath(at.fd.get(), rel.substr(start, slash - start));
    if (!next.fd) return next;
    at = std::move(next);
  }
  name = rel.substr(start);
  return at;
}

// Writes `bytes` at `rel` beneath `base`; why not, or "".
std::string write_file(int base, const std::string& rel, const std::string& bytes) {
  std::string name;
  util::Opened folder = open_parent_folder(base, rel, name);
  if (!folder.fd) return folder.refused.empty() ? rel + ": its folder cannot be opened" : folder.refused;
  return util::write_beneath_atomically(folder.fd.get(), name, bytes);
}

// WORKSPACE/.grader/reset/<UTC time>[-N]: a new folder, never an earlier one.
util::Opened new_copy_folder(int workspace, std::string& rel) {
  util::Opened state = util::open_or_make_folder_beneath(workspace, ".grader");
  if (!state.fd) return state;
  util::Opened resets = util::open_or_make_folder_beneath(state.fd.get(), "reset");
  if (!resets.fd) return resets;
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  ::gmtime_r(&now, &utc);
  std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &utc);
  for (int n = 1; n < 1000; ++n) {
    const std::string name = n == 1 ? std::string(stamp) : fmt::format("{}-{}", stamp, n);
    if (::mkdirat(resets.fd.get(), name.c_str(), 0755) == 0) {
      rel = ".grader/reset/" + name;
      return util::open_beneath(resets.fd.get(), name, O_RDONLY | O_DIRECTORY);
    }
    if (errno != EEXIST) {
      util::Opened failed;
      failed.refused = ".grader/reset/" + name + "/ cannot be made: " + std::strerror(errno);
      return failed;
    }
  }
  util::Opened failed;
  failed.refused = ".grader/reset/ holds 999 copies of this second; remove some";
  return failed;
}

}  // namespace

Command add_reset(CLI::App& app, const GlobalOptions& global) {
  auto o = std::make_shared<ResetOptions>();
  app.add_option("exercise", o->exercise, "Exercise id (see grader list)")->required();
  app.add_option("-w,--workspace", o->workspace, "Folder with your files (default: the course's starter/)");
  app.footer(
      "Puts the starter's files of EXERCISE back in your workspace, as the course shipped them. Your files\n"
      "are first copied to WORKSPACE/.grader/reset/<time>/ (copy one back to undo); files that are already\n"
      "the starter's are left alone, other exercises' files are never touched. A handout keeps the starter in\n"
      ".grader/starter/; in the course's own checkout the starter is starter/ (reset a copy given with\n"
      "--workspace, or use git there). Nothing is written when a file or folder on the way is a symbolic link.\n"
      "Exit codes: 0 reset (or nothing to reset), 2 nothing written (the message says why), 3 internal error.");
  return [&global, o]() {
    auto ctx = make_context(global);
    const auto& course = ctx->course;
    auto [lesson, e] = course.find_exercise(o->exercise);
    if (!e) {
      std::string ids;
      for (const auto& l : course.lessons)
        for (const auto& x : l.exercises)
          if (!x.files.empty()) ids += (ids.empty() ? "" : ", ") + x.id;
      throw UsageError("no exercise named '" + o->exercise + "'; exercises are: " + ids +
                       "\nnothing was reset; run `" + util::command_name() + " reset EXERCISE` with one of them");
    }
    if (e->files.empty()) throw UsageError("exercise '" + e->id + "' has no files of yours to reset");
    const fs::path workspace = o->workspace.empty() ? course.root / "starter" : fs::path(o->workspace);
    const fs::path starter = course::pristine_starter(course.root);
    std::error_code ec;
    if (!fs::is_directory(workspace, ec)) throw UsageError("workspace " + workspace.string() + " is not a folder");
    if (fs::equivalent(workspace, starter, ec))
      throw UsageError(fmt::format(
          "the workspace {} is the course's own starter/: it is the starter, so there is nothing to restore it "
          "from (a student handout written by `grader release` keeps a copy in .grader/starter/). Here, `git "
          "checkout -- starter/{}` restores it; or work in a copy and pass --workspace",
          workspace.string(), e->files.front()));
    const util::Fd starter_fd = util::open_trusted_directory(starter);
    if (!starter_fd) throw UsageError("the starter folder " + starter.string() + " cannot be opened: " + std::strerror(errno));
    const util::Fd workspace_fd = util::open_trusted_directory(workspace);
    if (!workspace_fd) throw UsageError("workspace " + workspace.string() + " cannot be opened: " + std::strerror(errno));

    // Everything is read and checked before anything is written.
    util::ReadRules rules;
    rules.max_bytes = kMaxResetFileBytes;
    std::vector<FileToReset> files;
    for (const auto& rel : e->files) {
      FileToReset f;
      f.rel = rel;
      util::ReadResult from = util::read_beneath(starter_fd.get(), rel, rules);
      if (!from.refused.empty() || !from.present)
        throw UsageError(fmt::format("the starter has no usable {} ({}): nothing was reset; the course is incomplete, "
                                     "tell its staff",
                                     (starter / rel).string(), from.present ? from.refused : "missing"));
      f.starter = std::move(from.content);
      util::ReadResult now = util::read_beneath(workspace_fd.get(), rel, rules);
      if (!now.refused.empty())
        throw UsageError(fmt::format("{}: {}; nothing was reset: move it away (or make it a plain file) and run "
                                     "`{} reset {}` again",
                                     (workspace / rel).string(), now.refused, util::command_name(), e->id));
      f.present = now.present;
      f.current = std::move(now.content);
      files.push_back(std::move(f));
    }
    std::size_t changed = 0;
    for (const auto& f : files) changed += !f.present || f.current != f.starter;
    if (changed == 0) {
      std::cout << fmt::format("Every file of exercise {} in {} is already the starter's: nothing to reset.\n", e->id,
                               workspace.string());
      return int{kAllPassed};
    }

    // The student's files first: the restore starts only once every copy is written.
    std::string copy_rel;
    bool any_copied = false;
    util::Opened copy;
    for (const auto& f : files) {
      if (!f.present || f.current == f.starter) continue;
      if (!any_copied) {
        copy = new_copy_folder(workspace_fd.get(), copy_rel);
        if (!copy.fd)
          throw UsageError(fmt::format("cannot keep a copy of your files in {}: {}; nothing was reset",
                                       (workspace / ".grader/reset").string(), copy.refused));
        any_copied = true;
      }
      if (std::string why = write_file(copy.fd.get(), f.rel, f.current); !why.empty())
        throw UsageError(fmt::format("cannot keep a copy of {} in {}: {}; nothing was reset", f.rel,
                                     (workspace / copy_rel).string(), why));
    }
    std::cout << fmt::format("Reset exercise {} (lesson {}) in {} to the starter:\n", e->id, lesson->id, workspace.string());
    for (const auto& f : files) {
      if (f.present && f.current == f.starter) {
        std::cout << fmt::format("  unchanged {} (already the starter's)\n", f.rel);
        continue;
      }
      if (std::string why = write_file(workspace_fd.get(), f.rel, f.starter); !why.empty())
        throw UsageError(fmt::format("cannot restore {}: {}{}", f.rel, why,
                                     any_copied ? "; your files are kept in " + (workspace / copy_rel).string() : ""));
      std::cout << fmt::format("  restored  {}{}\n", f.rel, f.present ? "" : " (it was missing)");
    }
    if (any_copied)
      std::cout << fmt::format("Your files as they were: {}/ (copy a file back from there to undo).\n",
                               (workspace / copy_rel).string());
    return int{kAllPassed};
  };
}

}  // namespace grader::cli
