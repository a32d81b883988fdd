#include "grader/release/contents.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "grader/release/instructor_notes.hpp"
#include "grader/release/release.hpp"
#include "grader/util/files.hpp"

namespace grader::release {

namespace fs = std::filesystem;

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

// Editor, cache and gradebook files that are never course content. The reason, or "".
std::string junk_reason(const std::string& name, bool directory) {
  if (name == ".git" || name == "__pycache__" || name == ".DS_Store") return "not course content";
  if (name == ".grader") return "a workspace's grader state (hints seen), not course content";
  if (directory) return "";
  for (const char* suffix : {".swp", ".swo", "~", ".pyc", ".orig", ".rej"})
    if (ends_with(name, suffix)) return "editor or cache file";
  for (const char* suffix : {".db", ".db-wal", ".db-shm"})
    if (ends_with(name, suffix)) return "a gradebook, not course content";
  return "";
}

bool is_executable(const fs::path& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 && (st.st_mode & S_IXUSR) != 0;
}

class Collector {
 public:
  Collector(const fs::path& root, Contents& out, bool instructor) : root_(root), out_(out), instructor_(instructor) {}

  void file(const std::string& rel) {
    fs::path p = root_ / rel;
    std::error_code ec;
    // A link is followed where the course's author placed it (the course is
    // trusted; what it reaches is checked for instructor content like any
    // file, check_no_instructor_content); one that leads nowhere stops the release.
    if (fs::is_symlink(p, ec)) check_link(p, rel);
    if (!fs::is_regular_file(p, ec)) return;
    if (!instructor_ && rel.find("answer_key") != std::string::npos) {
      out_.skip(rel, "an answer key");
      return;
    }
    // What serves a lesson's functions from its reference (the class methods
    // a lesson writes by hand, the cost estimators): only `grade` uses them,
    // with references (docs/architecture.md, "Earlier lessons' functions",
    // "Exercises of the same lesson"); a handout compiles the student's own
    // files.
    if (!instructor_ && starts_with(rel, "lessons/") &&
        (ends_with(rel, "/bridge/use_stubs.cpp") || ends_with(rel, "/bridge/reference_server.cpp") ||
         ends_with(rel, "/bridge/costs.hpp") || rel.find("/bridge/exercise_stubs/") != std::string::npos)) {
      out_.skip(rel, "serves reference behaviour to later lessons or other exercises when grading (no references in "
                     "a handout)");
      return;
    }
    if (std::string why = junk_reason(p.filename().string(), false); !why.empty()) {
      out_.skip(rel, why);
      return;
    }
    if (seen_.insert(rel).second) out_.items.push_back({rel, p, "", is_executable(p)});
  }

  void tree(const std::string& rel) {
    fs::path dir = root_ / rel;
    std::error_code ec;
    if (fs::is_symlink(dir, ec)) check_link(dir, rel);
    if (!fs::is_directory(dir, ec)) return;
    // A linked folder that leads back to one being collected would never end.
    const fs::path real = fs::canonical(dir, ec);
    if (!ec && !open_.insert(real).second)
      throw ReleaseError(rel + " is a symbolic link back to a folder it is inside of (" + real.string() +
                               "): a release would never end; point the link elsewhere or replace it with a copy");
    std::vector<fs::path> entries;
    for (const auto& e : fs::directory_iterator(dir, ec)) entries.push_back(e.path());
    std::sort(entries.begin(), entries.end());
    for (const auto& e : entries) {
      const std::string name = e.filename().string();
      const std::string child = rel + "/" + name;
      if (fs::is_directory(e, ec)) {  // a linked folder too
        if (std::string why = junk_reason(name, true); !why.empty()) continue;
        tree(child);
      } else {
        file(child);
      }
    }
    if (!real.empty()) open_.erase(real);
  }

 private:
  static void check_link(const fs::path& link, const std::string& rel) {
    std::error_code ec;
    if (fs::exists(link, ec)) return;
    const fs::path target = fs::read_symlink(link, ec);
    throw ReleaseError(rel + " is a symbolic link to " + (ec ? std::string("?") : target.string()) +
                             ", which does not exist; fix or remove the link and run the command again");
  }
  std::set<fs::path> open_;  // the folders being collected, resolved (a linked folder's cycle)
  fs::path root_;
  Contents& out_;
  bool instructor_;
  std::set<std::string> seen_;
};

bool forbidden_path(const std::string& rel) {
  return starts_with(rel, "solutions/") || starts_with(rel, "tests/hidden/") || starts_with(rel, "tests/mutants/") ||
         rel.find("answer_key") != std::string::npos;
}

std::size_t non_blank_lines(const std::string& text) {
  std::size_t n = 0;
  bool blank = true;
  for (char c : text) {
    if (c == '\n') {
      n += blank ? 0 : 1;
      blank = true;
    } else if (c != ' ' && c != '\t' && c != '\r') {
      blank = false;
    }
  }
  return n + (blank ? 0 : 1);
}

}  // namespace

void Contents::put_text(const std::string& path, std::string text, bool executable) {
  items.erase(std::remove_if(items.begin(), items.end(), [&](const Item& i) { return i.path == path; }), items.end());
  items.push_back({path, {}, std::move(text), executable});
}

void Contents::skip(const std::string& path, const std::string& why) {
  const std::string entry = path + ": ";
  if (std::any_of(skipped.begin(), skipped.end(), [&](const std::string& s) { return starts_with(s, entry); })) return;
  skipped.push_back(entry + why);
}

const Item* Contents::find(const std::string& path) const {
  for (const auto& i : items)
    if (i.path == path) return &i;
  return nullptr;
}

std::string content_of(const Item& item) { return item.source.empty() ? item.text : util::read_file(item.source); }

Contents student_contents(const course::Course& course, const fs::path& framework) {
  Contents out;
  // The framework's build, grader and the one script a build needs (the
  // authoring scripts, fixtures and mutant conversion, stay behind), from
  // this repository whatever folder the course is in (-DCOURSE_DIR): the
  // handout is one folder holding both, built as its own course.
  Collector fw(framework.empty() ? course.root : framework, out, false);
  for (const char* top : {"CMakeLists.txt", "run.sh", ".gitignore"}) fw.file(top);
  for (const char* dir : {"cmake", "grader"}) fw.tree(dir);
  fw.file("scripts/deps.sh");
  Collector c(course.root, out, false);
  for (const char* dir : {"lessons", "starter", "tests/public"}) c.tree(dir);
  for (const auto& lesson : course.lessons) {
    if (!forbidden_path(lesson.folder + "/")) c.tree(lesson.folder);
    for (const auto& e : lesson.exercises)
      for (const auto& f : e.public_tests.files)
        if (!forbidden_path(f)) c.file(f);
  }

  // The lesson texts ship without their notes for instructors and the
  // pitfall ids only `grader validate` reads (instructor_notes.hpp).
  for (auto& item : out.items)
    if (starts_with(item.path, "lessons/") && ends_with(item.path, ".md")) {
      std::string text = content_of(item);
      std::string kept = without_pitfall_ids(without_instructor_sections(text));
      if (kept.size() == text.size()) continue;
      item.text = std::move(kept);
      item.source.clear();
    }

  // A fixture folder ships when a shipped test or lesson file names it.
  std::error_code ec;
  std::vector<std::string> fixture_dirs;
  for (const auto& e : fs::directory_iterator(course.root / "tests/fixtures", ec))
    if (e.is_directory(ec)) fixture_dirs.push_back(e.path().filename().string());
  std::sort(fixture_dirs.begin(), fixture_dirs.end());
  if (!fixture_dirs.empty()) {
    std::string shipped;
    for (const auto& item : out.items)
      if (starts_with(item.path, "tests/") || starts_with(item.path, "lessons/")) shipped += content_of(item) + "\n";
    for (const auto& name : fixture_dirs) {
      if (shipped.find("fixtures/" + name) != std::string::npos) c.tree("tests/fixtures/" + name);
      else out.skip("tests/fixtures/" + name + "/", "used only by hidden tests (no shipped file names it)");
    }
  }
  return out;
}

Contents bundle_contents(const course::Course& course, const fs::path& framework) {
  Contents out;
  Collector fw(framework.empty() ? course.root : framework, out, true);
  fw.file("CMakeLists.txt");
  for (const char* dir : {"cmake", "grader"}) fw.tree(dir);
  fw.file("scripts/deps.sh");
  Collector c(course.root, out, true);
  c.file("course.yaml");
  for (const char* dir : {"lessons", "starter", "solutions", "tests/public", "tests/hidden", "tests/fixtures"})
    c.tree(dir);
  for (const auto& lesson : course.lessons) {
    c.tree(lesson.folder);
    for (const auto& e : lesson.exercises) {
      for (const auto& f : e.public_tests.files) c.file(f);
      for (const auto& f : e.hidden_tests.files) c.file(f);
      if (!e.answer_key.empty()) c.file(e.answer_key);
    }
  }
  return out;
}

void check_no_instructor_content(const course::Course& course, const Contents& contents) {
  std::set<std::string> named;  // hidden suites and answer keys course.yaml names
  for (const auto& lesson : course.lessons)
    for (const auto& e : lesson.exercises) {
      named.insert(e.hidden_tests.files.begin(), e.hidden_tests.files.end());
      if (!e.answer_key.empty()) named.insert(e.answer_key);
    }

  std::unordered_map<std::string, std::string> secret;  // content -> the instructor file it came from
  for (const char* dir : {"solutions", "tests/hidden"}) {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(course.root / dir, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (!it->is_regular_file(ec)) continue;
      std::string text = util::read_file(it->path());
      if (non_blank_lines(text) >= 3) secret.emplace(std::move(text), util::relative_text(it->path(), course.root));
    }
  }

  std::vector<std::string> problems;
  for (const auto& item : contents.items) {
    if (forbidden_path(item.path)) {
      problems.push_back(item.path + ": instructor-only path");
      continue;
    }
    if (named.count(item.path)) {
      problems.push_back(item.path + ": course.yaml names it as a hidden suite or answer key");
      continue;
    }
    auto same = secret.find(content_of(item));
    if (same != secret.end()) problems.push_back(item.path + ": same content as " + same->second);
  }
  if (problems.empty()) return;
  std::string message = "the handout would contain instructor-only material:";
  for (const auto& p : problems) message += "\n  " + p;
  message += "\nmove these files out of the shipped folders (or make them differ) and run `grader release` again";
  throw LeakError(message);
}

}  // namespace grader::release
