// `grader watch`: the student's loop without the typing. Runs what `grader
// check LESSON` runs (Grader::grade on the public tests, then print_check)
// every time one of the lesson's student files changes, and answers two keys:
// h for the current exercise's next hint (as `grader hint`), q to quit.
//
// Changes are seen through inotify on the folders holding the files (editors
// often save by writing a new file and renaming it over the old one, which a
// watch on the file itself would miss); without inotify, or with --poll, the
// files' mtimes and sizes are compared every --interval-ms. A key pressed
// during a run is handled when the run ends; Ctrl-C likewise ends the watch
// after the running check, with exit code 0.
#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <ctime>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "grader/cli/commands.hpp"
#include "grader/cli/hints.hpp"
#include "grader/cli/selection.hpp"
#include "grader/report/colors.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/report/terminal.hpp"
#include "grader/util/text.hpp"

namespace grader::cli {

namespace {

namespace fs = std::filesystem;

struct WatchOptions {
  std::string lesson;  ///< a lesson or an exercise id; empty: the whole course
  std::string workspace;
  std::string track;
  int interval_ms = 500;
  bool poll = false;
};

// ---- what to check, and which files to watch ------------------------------

// Student files whose change alters the result: the selected lessons' own
// files and those of the lessons they use (their workers compile them too).
std::vector<std::string> watched_files(const course::Course& course, const runner::GradeOptions& options) {
  std::set<std::string> files;
  auto add = [&](const course::Lesson& l) {
    for (const auto& e : l.exercises) files.insert(e.files.begin(), e.files.end());
  };
  for (const auto& l : course.lessons) {
    if (!options.lessons.empty() && std::find(options.lessons.begin(), options.lessons.end(), l.id) == options.lessons.end())
      continue;
    add(l);
    for (const auto& used : l.uses)
      if (const auto* u = course.find_lesson(used)) add(*u);
  }
  return {files.begin(), files.end()};
}

// ---- change detection -----------------------------------------------------

// A file's state as polling sees it; a missing file is a state too.
struct Stamp {
  bool exists = false;
  std::int64_t mtime_ns = 0;
  std::int64_t size = 0;
  bool operator==(const Stamp&) const = default;
};

Stamp stamp_of(const fs::path& p) {
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) return {};
  return {true, std::int64_t{st.st_mtim.tv_sec} * 1'000'000'000 + st.st_mtim.tv_nsec, std::int64_t{st.st_size}};
}

class FileWatcher {
 public:
  FileWatcher(fs::path workspace, std::vector<std::string> files, bool force_poll)
      : workspace_(std::move(workspace)), files_(std::move(files)) {
    for (const auto& f : files_) stamps_[f] = stamp_of(workspace_ / f);
    if (!force_poll) start_inotify();
  }
  ~FileWatcher() {
    if (inotify_fd_ >= 0) ::close(inotify_fd_);
  }
  FileWatcher(const FileWatcher&) = delete;
  FileWatcher& operator=(const FileWatcher&) = delete;

  /// The inotify descriptor to poll, or -1 when polling mtimes.
  int fd() const { return inotify_fd_; }
  bool using_inotify() const { return inotify_fd_ >= 0; }

  /// Reads pending inotify events; true when one concerns a watched file.
  bool drain_events() {
    alignas(inotify_event) char buffer[16384];
    bool relevant = false;
    for (;;) {
      ssize_t n = ::read(inotify_fd_, buffer, sizeof buffer);
      if (n <= 0) break;
      for (char* p = buffer; p < buffer + n;) {
        auto* event = reinterpret_cast<inotify_event*>(p);
        p += sizeof(inotify_event) + event->len;
        if (event->mask & IN_Q_OVERFLOW) relevant = true;  // events were lost: assume a change
        auto dir = dirs_.find(event->wd);
        if (dir == dirs_.end() || event->len == 0) continue;
        std::string rel = dir->second.empty() ? event->name : dir->second + "/" + event->name;
        if (stamps_.count(rel)) changed_.insert(rel);
        relevant = relevant || stamps_.count(rel) > 0;
      }
    }
    return relevant;
  }

  /// Compares every file's mtime and size with the last look; records what changed.
  bool poll_stamps() {
    for (const auto& f : files_) {
      Stamp now = stamp_of(workspace_ / f);
      if (!(now == stamps_[f])) changed_.insert(f);
    }
    return !changed_.empty();
  }

  /// The files changed since the last call, for the run's header.
  std::vector<std::string> take_changes() {
    for (const auto& f : files_) stamps_[f] = stamp_of(workspace_ / f);
    std::vector<std::string> out(changed_.begin(), changed_.end());
    changed_.clear();
    return out;
  }

  const std::vector<std::string>& files() const { return files_; }

 private:
  void start_inotify() {
    int fd = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0) return;
    std::set<std::string> folders;
    for (const auto& f : files_) folders.insert(fs::path(f).parent_path().generic_string());
    for (const auto& folder : folders) {
      fs::path dir = workspace_ / folder;
      int wd = ::inotify_add_watch(fd, dir.c_str(),
                                   IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM);
      if (wd < 0) {  // a missing folder, or out of watches: polling sees everything
        ::close(fd);
        dirs_.clear();
        return;
      }
      dirs_[wd] = folder;
    }
    inotify_fd_ = fd;
  }

  fs::path workspace_;
  std::vector<std::string> files_;
  std::map<std::string, Stamp> stamps_;
  std::set<std::string> changed_;
  std::map<int, std::string> dirs_;  // watch descriptor -> workspace-relative folder
  int inotify_fd_ = -1;
};

// ---- keys -----------------------------------------------------------------

// On a terminal, keys act when pressed (no Enter): canonical mode and echo are
// switched off, and restored however the watch ends. Ctrl-C still sends SIGINT.
class RawKeys {
 public:
  RawKeys() {
    if (!::isatty(0) || ::tcgetattr(0, &saved_) != 0) return;
    termios raw = saved_;
    raw.c_lflag &= static_cast<tcflag_t>(~(ICANON | ECHO));
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    active_ = ::tcsetattr(0, TCSANOW, &raw) == 0;
  }
  ~RawKeys() {
    if (active_) ::tcsetattr(0, TCSANOW, &saved_);
  }
  RawKeys(const RawKeys&) = delete;
  RawKeys& operator=(const RawKeys&) = delete;
  bool active() const { return active_; }

 private:
  termios saved_{};
  bool active_ = false;
};

// SIGINT/SIGTERM end the watch: the handler only records the signal and wakes
// the main loop through a pipe.
int g_wake_pipe[2] = {-1, -1};
volatile std::sig_atomic_t g_stop = 0;

extern "C" void on_stop_signal(int) {
  g_stop = 1;
  if (g_wake_pipe[1] >= 0) {
    const char byte = 's';
    [[maybe_unused]] ssize_t n = ::write(g_wake_pipe[1], &byte, 1);
  }
}

class StopSignals {
 public:
  StopSignals() {
    if (::pipe2(g_wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0) g_wake_pipe[0] = g_wake_pipe[1] = -1;
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;  // the check's own reads and waits carry on; poll() below still wakes
    ::sigaction(SIGINT, &action, &old_int_);
    ::sigaction(SIGTERM, &action, &old_term_);
  }
  ~StopSignals() {
    ::sigaction(SIGINT, &old_int_, nullptr);
    ::sigaction(SIGTERM, &old_term_, nullptr);
    for (int& fd : g_wake_pipe)
      if (fd >= 0) ::close(fd), fd = -1;
  }
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

// ---- output -----------------------------------------------------------------

std::string clock_text() {
  std::time_t now = std::time(nullptr);
  char text[16];
  std::strftime(text, sizeof text, "%H:%M:%S", std::localtime(&now));
  return text;
}

// The first failing test of the run, with its message, so the next thing to
// fix is the last thing on screen.
void print_first_failure(std::ostream& out, const runner::SubmissionResult& result, bool color) {
  for (const auto& lesson : result.lessons) {
    if (lesson.status == runner::LessonStatus::compile_error) {
      out << "\nFirst problem: lesson " << lesson.lesson << " does not compile (compiler errors above).\n";
      return;
    }
    if (lesson.status == runner::LessonStatus::did_not_start) {
      out << "\nFirst problem: the code of lesson " << lesson.lesson << " did not start (see above).\n";
      return;
    }
    for (const auto& t : lesson.tests) {
      if (!runner::is_failure(t.status)) continue;
      const std::string& message = t.show_details ? t.message : t.public_message;
      out << "\n" << report::Colors(color).paint(report::Ink::alarm, "First failing test: " + report::plain_line(t.name))
          << "  (exercise " << t.exercise << ")\n";
      std::istringstream lines(report::plain_text(message));
      int shown = 0;
      for (std::string line; std::getline(lines, line) && shown < 12; ++shown) out << "  " << line << "\n";
      return;
    }
  }
}

// The next hint of the exercise being worked on (the one asked for, else the
// first exercise of the selection that is not done yet), as `grader hint`
// gives it: one more each time, remembered in the workspace.
void print_hints(std::ostream& out, const course::Course& course, const runner::GradeOptions& options,
                 const runner::SubmissionResult* last, const fs::path& workspace) {
  const course::Lesson* lesson = nullptr;
  const course::Exercise* exercise = nullptr;
  // A track selects several exercises: only a single one is the one asked for.
  auto selected = [&](const course::Exercise& e) { return options.exercises.empty() || options.exercises.count(e.id) > 0; };
  if (options.exercises.size() == 1) {
    std::tie(lesson, exercise) = course.find_exercise(*options.exercises.begin());
  } else if (last) {
    for (const auto& l : last->lessons) {
      const auto* cl = course.find_lesson(l.lesson);
      if (!cl) continue;
      for (const auto& e : cl->exercises)
        if (!exercise && selected(e) && report::exercise_state(l, e.id) != report::ExerciseState::done)
          lesson = cl, exercise = &e;
    }
  }
  if (!exercise) {
    for (const auto& l : course.lessons)
      for (const auto& e : l.exercises)
        if (!exercise && (options.lessons.empty() || l.id == options.lessons.front()) && selected(e))
          lesson = &l, exercise = &e;
  }
  if (!exercise) {
    out << "\nNo exercise to give hints for.\n";
    return;
  }
  out << "\n";
  show_next_hint(out, *lesson, *exercise, workspace);
}

void print_footer(std::ostream& out, const FileWatcher& watcher, const fs::path& workspace, int interval_ms, bool raw) {
  std::string how = watcher.using_inotify() ? "inotify" : fmt::format("polling every {} ms", interval_ms);
  out << fmt::format("\nWatching {} file{} in {} ({}). {}\n", watcher.files().size(), watcher.files().size() == 1 ? "" : "s",
                     workspace.string(), how, raw ? "Keys: h next hint, r rerun, q quit." : "Type h, r or q and Enter: next hint, rerun, quit.");
}

}  // namespace

Command add_watch(CLI::App& app, const GlobalOptions& global) {
  auto o = std::make_shared<WatchOptions>();
  app.add_option("lesson", o->lesson, "Lesson or exercise to check (default: every lesson)");
  app.add_option("-w,--workspace", o->workspace, "Folder with your files (default: the course's starter/)");
  app.add_option("--track", o->track, "Only the exercises of this track (see grader list)");
  app.add_option("--interval-ms", o->interval_ms, "How often to look for changes when polling (default: 500)")
      ->check(CLI::Range(10, 60000));
  app.add_flag("--poll", o->poll, "Compare file times and sizes every --interval-ms instead of using inotify");
  app.footer("Reruns `grader check` on every save. Keys: h the next hint (as `grader hint`), r rerun, q quit (with Enter when not on a terminal).\n"
             "Exit code 0 when you quit with q or Ctrl-C (the end of piped input does not quit).");
  return [&global, o]() {
    auto ctx = make_context(global);
    runner::GradeOptions options = check_selection(ctx->course, o->lesson, o->track);
    options.jobs = ctx->jobs;
    fs::path workspace = o->workspace.empty() ? ctx->course.root / "starter" : fs::path(o->workspace);
    if (!fs::is_directory(workspace)) throw UsageError("workspace " + workspace.string() + " is not a folder");

    FileWatcher watcher(workspace, watched_files(ctx->course, options), o->poll);
    StopSignals stop_signals;
    RawKeys keys;
    const bool tty = ::isatty(1) != 0;
    bool stdin_open = true;
    std::string typed;  // a line being typed, when keys are not raw
    std::optional<runner::SubmissionResult> last;
    int runs = 0;

    auto run_check = [&](const std::string& reason) {
      ++runs;
      if (tty) std::cout << report::kClearScreen;
      std::cout << fmt::format("[watch] run {} at {}: {}\nchecking...\n", runs, clock_text(), report::plain_line(reason)) << std::flush;
      auto start = std::chrono::steady_clock::now();
      try {
        // A fresh context each run: an edited course.yaml is picked up too.
        auto run_ctx = make_context(global);
        auto result = run_ctx->grader->grade(workspace, options);
        report::TerminalStyle style;
        style.color = run_ctx->color;
        style.workspace = o->workspace.empty() ? std::string("starter") : o->workspace;
        style.max_failures_shown = report::kEveryFailure;  // as `grader check LESSON`: every failure
        if (const auto* track = run_ctx->course.find_track(o->track)) style.scope_exercises = track->exercises.size();
        report::print_check(std::cout, run_ctx->course, result, style);
        print_first_failure(std::cout, result, run_ctx->color);
        last = std::move(result);
      } catch (const std::exception& e) {
        std::cout << "grader: " << report::plain_text(e.what()) << "\n(fix it and save again)\n";
      }
      double seconds = util::seconds_since(start);
      std::cout << fmt::format("\n[watch] run {} took {:.2f} s", runs, seconds);
      print_footer(std::cout, watcher, workspace, o->interval_ms, keys.active());
      std::cout << std::flush;
    };

    // A key or a line from stdin; returns false when it asks to quit.
    auto handle_command = [&](char c) {
      if (c == 'q' || c == 'Q') return false;
      if (c == 'h' || c == 'H') {
        print_hints(std::cout, ctx->course, options, last ? &*last : nullptr, workspace);
        std::cout << std::flush;
      }
      if (c == 'r' || c == 'R') run_check("rerun asked");
      return true;
    };

    run_check("first run");
    bool pending = false;  // inotify saw a change; run once the burst of events is over
    while (!g_stop) {
      std::vector<pollfd> fds;
      if (g_wake_pipe[0] >= 0) fds.push_back({g_wake_pipe[0], POLLIN, 0});
      if (stdin_open) fds.push_back({0, POLLIN, 0});
      if (watcher.using_inotify()) fds.push_back({watcher.fd(), POLLIN, 0});
      // Editors write a file in several steps: wait for 50 ms of quiet before running.
      int timeout = pending ? 50 : watcher.using_inotify() ? -1 : o->interval_ms;
      int ready = ::poll(fds.data(), fds.size(), timeout);
      if (ready < 0 && errno != EINTR) throw std::runtime_error(std::string("poll failed: ") + std::strerror(errno));
      if (g_stop) break;
      if (ready == 0) {
        if (pending || (!watcher.using_inotify() && watcher.poll_stamps())) {
          pending = false;
          auto changed = watcher.take_changes();
          std::string reason = changed.empty() ? "files changed" : changed.front() + " changed";
          if (changed.size() > 1) reason += fmt::format(" (and {} more)", changed.size() - 1);
          run_check(reason);
        }
        continue;
      }
      bool quit = false;
      for (const auto& p : fds) {
        if (!(p.revents & (POLLIN | POLLHUP | POLLERR))) continue;
        if (p.fd == watcher.fd()) {
          pending = watcher.drain_events() || pending;
        } else if (p.fd == 0) {
          char buffer[256];
          ssize_t n = ::read(0, buffer, sizeof buffer);
          if (n <= 0) {  // end of input: keep watching, Ctrl-C still stops
            stdin_open = false;
            continue;
          }
          for (ssize_t i = 0; i < n && !quit; ++i) {
            if (keys.active()) {
              quit = !handle_command(buffer[i]);
            } else if (buffer[i] == '\n') {
              std::string line = typed;
              typed.clear();
              line.erase(0, line.find_first_not_of(" \t\r"));
              if (!line.empty()) quit = !handle_command(line[0]);
            } else {
              typed += buffer[i];
            }
          }
        }
      }
      if (quit) break;
    }
    std::cout << "\n[watch] stopped after " << runs << (runs == 1 ? " run" : " runs") << "\n" << std::flush;
    return int{kAllPassed};
  };
}

}  // namespace grader::cli
