#include "grader/batch/submissions.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <stdexcept>

#include "grader/archive/extract.hpp"

namespace grader::batch {
namespace fs = std::filesystem;

StudentIdPattern::StudentIdPattern(const std::string& pattern) {
  if (pattern.empty()) return;
  std::string text = pattern == "lms" ? std::string(R"(^[^_]+_(?:LATE_)?(\d+)_)") : pattern;
  try {
    regex_ = std::regex(text, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    throw std::invalid_argument("--id-pattern '" + pattern + "' is not a valid regular expression: " + e.what());
  }
}

std::string stem_of(const fs::path& entry) {
  std::string name = entry.filename().string();
  for (const char* ext : {".tar.gz", ".tar.xz", ".tar.bz2", ".tgz", ".zip", ".tar"}) {
    std::string e = ext;
    if (name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0)
      return name.substr(0, name.size() - e.size());
  }
  return name;
}

std::optional<std::string> StudentIdPattern::student_of(const fs::path& entry) const {
  std::string stem = stem_of(entry);
  if (!regex_) return stem;
  std::smatch m;
  std::string name = entry.filename().string();
  if (!std::regex_search(name, m, *regex_)) return std::nullopt;
  return m.size() > 1 && m[1].matched ? m[1].str() : m[0].str();
}

namespace {
std::set<std::string> lesson_folders(const course::Course& course) {
  std::set<std::string> names;
  for (const auto& l : course.lessons)
    for (const auto& e : l.exercises)
      for (const auto& f : e.files) names.insert(fs::path(f).begin()->string());
  return names;
}

bool holds_lesson(const std::set<std::string>& names, const fs::path& dir) {
  std::error_code ec;
  for (const auto& n : names)
    if (fs::is_directory(dir / n, ec)) return true;
  return false;
}
}  // namespace

fs::path find_workspace_root(const course::Course& course, const fs::path& folder) {
  auto names = lesson_folders(course);
  // Breadth-first, three levels deep: enough for "export/student/submission/".
  std::vector<fs::path> level = {folder};
  for (int depth = 0; depth < 4 && !level.empty(); ++depth) {
    std::vector<fs::path> next;
    for (const auto& dir : level) {
      if (holds_lesson(names, dir)) return dir;
      std::error_code ec;
      for (const auto& child : fs::directory_iterator(dir, ec))
        if (child.is_directory(ec) && !child.is_symlink(ec)) next.push_back(child.path());
    }
    std::sort(next.begin(), next.end());
    level = std::move(next);
  }
  return folder;
}

bool is_submission_folder(const course::Course& course, const fs::path& folder) {
  auto names = lesson_folders(course);
  if (holds_lesson(names, folder)) return true;
  // One wrapping folder and nothing else also counts.
  std::vector<fs::path> children;
  std::error_code ec;
  for (const auto& child : fs::directory_iterator(folder, ec)) children.push_back(child.path());
  return children.size() == 1 && fs::is_directory(children[0]) && holds_lesson(names, children[0]);
}

std::vector<Entry> discover(const course::Course& course, const std::vector<fs::path>& paths,
                            const StudentIdPattern& pattern, std::vector<std::string>& unmatched) {
  std::vector<Entry> out;
  auto add = [&](const fs::path& p) {
    auto id = pattern.student_of(p);
    if (!id) {
      unmatched.push_back(p.filename().string());
      return;
    }
    out.push_back({p, *id});
  };
  for (const auto& p : paths) {
    std::error_code ec;
    if (!fs::exists(p, ec)) throw std::invalid_argument("submission " + p.string() + " does not exist");
    if (archive::is_archive(p) || (fs::is_directory(p) && is_submission_folder(course, p))) {
      add(p);
      continue;
    }
    if (!fs::is_directory(p)) throw std::invalid_argument(p.string() + " is neither a folder nor a .zip/.tar.gz archive");
    std::vector<fs::path> children;
    for (const auto& child : fs::directory_iterator(p, ec))
      if ((child.is_directory(ec) && !child.is_symlink(ec)) || archive::is_archive(child.path())) children.push_back(child.path());
    std::sort(children.begin(), children.end());
    for (const auto& c : children) add(c);
  }
  return out;
}

Shard parse_shard(const std::string& text) {
  auto slash = text.find('/');
  Shard s;
  try {
    if (slash == std::string::npos) throw std::invalid_argument("");
    std::size_t used = 0;
    s.index = std::stoi(text.substr(0, slash), &used);
    if (used != slash) throw std::invalid_argument("");
    s.count = std::stoi(text.substr(slash + 1), &used);
    if (used != text.size() - slash - 1) throw std::invalid_argument("");
  } catch (const std::exception&) {
    throw std::invalid_argument("shard '" + text + "' is not of the form K/N (for example 2/5)");
  }
  if (s.count < 1 || s.index < 1 || s.index > s.count)
    throw std::invalid_argument("shard '" + text + "': need 1 <= K <= N (K counts from 1)");
  return s;
}

namespace {
std::optional<std::string> env(const char* name) {
  const char* v = std::getenv(name);
  if (!v || !*v) return std::nullopt;
  return std::string(v);
}
int env_int(const char* name, const std::string& value) {
  try {
    std::size_t used = 0;
    int n = std::stoi(value, &used);
    if (used != value.size()) throw std::invalid_argument("");
    return n;
  } catch (const std::exception&) {
    throw std::invalid_argument(std::string(name) + "='" + value + "' is not a whole number");
  }
}
}  // namespace

Shard shard_from_environment() {
  if (auto s = env("GRADER_SHARD")) return parse_shard(*s);
  if (auto id = env("SLURM_ARRAY_TASK_ID")) {
    auto count = env("SLURM_ARRAY_TASK_COUNT");
    if (!count) throw std::invalid_argument("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not");
    int min = 0;
    if (auto m = env("SLURM_ARRAY_TASK_MIN")) min = env_int("SLURM_ARRAY_TASK_MIN", *m);
    int k = env_int("SLURM_ARRAY_TASK_ID", *id) - min + 1;
    return parse_shard(std::to_string(k) + "/" + std::to_string(env_int("SLURM_ARRAY_TASK_COUNT", *count)));
  }
  if (auto index = env("JOB_COMPLETION_INDEX")) {
    auto count = env("GRADER_SHARD_COUNT");
    if (!count) throw std::invalid_argument("JOB_COMPLETION_INDEX is set but GRADER_SHARD_COUNT is not (set it to the Job's completions)");
    return parse_shard(std::to_string(env_int("JOB_COMPLETION_INDEX", *index) + 1) + "/" + *count);
  }
  throw std::invalid_argument(
      "--shard-from-env: none of GRADER_SHARD, SLURM_ARRAY_TASK_ID (+ SLURM_ARRAY_TASK_COUNT) or "
      "JOB_COMPLETION_INDEX (+ GRADER_SHARD_COUNT) is set");
}

std::vector<Entry> select_shard(std::vector<Entry> entries, const Shard& shard) {
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.path.filename().string() < b.path.filename().string() ||
           (a.path.filename() == b.path.filename() && a.path < b.path);
  });
  std::vector<Entry> out;
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (static_cast<int>(i % static_cast<std::size_t>(shard.count)) == shard.index - 1) out.push_back(entries[i]);
  return out;
}

}  // namespace grader::batch
