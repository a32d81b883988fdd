#include "grader/batch/submissions.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <cstdlib>
#include <functional>
#include <set>
#include <stdexcept>

#include "grader/archive/extract.hpp"
#include "grader/util/safe_open.hpp"
#include "grader/util/unicode.hpp"

namespace grader::batch {
namespace fs = std::filesystem;

namespace {
// Canvas: "lastfirst_[LATE_]<user id>_<submission id>_<file name>".
// The late flag in any case: Canvas writes LATE, exports renamed by hand or
// by other tools have late or Late.
const char* const kCanvas = R"(^[a-z]+_(?:[Ll][Aa][Tt][Ee]_)?(\d+)_\d+_(.+)$)";
// Moodle: "<Full Name>_<participant id>_assignsubmission_<plugin>_[<file name>]".
const char* const kMoodleMarker = R"(_(\d+)_assignsubmission_(?:file|onlinetext)_)";

std::optional<std::string> canvas_id(const std::string& name, std::string* uploaded = nullptr) {
  static const std::regex re(kCanvas, std::regex::ECMAScript);
  std::smatch m;
  if (!std::regex_match(name, m, re)) return std::nullopt;
  if (uploaded) *uploaded = m[2].str();
  return m[1].str();
}

// The participant id, "" when the marker is absent; `twice` when it occurs
// more than once (a display or file name imitating it).
std::optional<std::string> moodle_id(const std::string& name, bool& twice, std::string* uploaded = nullptr) {
  static const std::regex re(kMoodleMarker, std::regex::ECMAScript);
  twice = false;
  std::optional<std::string> id;
  for (auto it = std::sregex_iterator(name.begin(), name.end(), re); it != std::sregex_iterator(); ++it) {
    // A name part must come first.
    if (it->position(0) == 0) continue;
    if (id) twice = true;
    else {
      id = (*it)[1].str();
      if (uploaded) *uploaded = name.substr(static_cast<std::size_t>(it->position(0) + it->length(0)));
    }
  }
  return id;
}
}  // namespace

StudentIdPattern::StudentIdPattern(const std::string& pattern) {
  if (pattern.empty()) return;
  if (pattern == "lms" || pattern == "canvas" || pattern == "moodle") {
    kind_ = pattern;
    return;
  }
  kind_ = "regex";
  try {
    regex_ = std::regex(pattern, std::regex::ECMAScript);
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
  std::string why;
  return student_of(entry, why);
}

std::optional<std::string> StudentIdPattern::student_of(const fs::path& entry, std::string& why) const {
  why.clear();
  std::string name = entry.filename().string();
  if (kind_.empty()) return stem_of(entry);
  if (kind_ == "regex") {
    std::smatch m;
    if (!std::regex_search(name, m, *regex_)) {
      why = "its name does not match --id-pattern";
      return std::nullopt;
    }
    return m.size() > 1 && m[1].matched ? m[1].str() : m[0].str();
  }
  bool twice = false;
  std::optional<std::string> canvas = kind_ != "moodle" ? canvas_id(name) : std::nullopt;
  std::optional<std::string> moodle = kind_ != "canvas" ? moodle_id(name, twice) : std::nullopt;
  if (twice) {
    why = "its name holds Moodle's \"_<id>_assignsubmission_\" more than once, so the student id is ambiguous";
    return std::nullopt;
  }
  if (canvas && moodle) {
    why = "its name fits both Canvas's and Moodle's form (ids " + *canvas + " and " + *moodle +
          "), so the student id is ambiguous";
    return std::nullopt;
  }
  if (canvas) return canvas;
  if (moodle) return moodle;
  why = kind_ == "canvas"   ? "its name is not Canvas's lastfirst_[LATE_]<user id>_<submission id>_<file>"
        : kind_ == "moodle" ? "its name is not Moodle's <Full Name>_<id>_assignsubmission_<file|onlinetext>_"
                            : "its name is neither Canvas's lastfirst_[LATE_]<user id>_<submission id>_<file> nor "
                              "Moodle's <Full Name>_<id>_assignsubmission_<file|onlinetext>_";
  return std::nullopt;
}

std::optional<std::string> StudentIdPattern::uploaded_name(const fs::path& entry) const {
  if (kind_ != "canvas" && kind_ != "moodle" && kind_ != "lms") return std::nullopt;
  std::string why;
  if (!student_of(entry, why)) return std::nullopt;
  const std::string name = entry.filename().string();
  std::string uploaded;
  bool twice = false;
  if (kind_ != "moodle" && canvas_id(name, &uploaded)) return uploaded.empty() ? std::nullopt : std::optional(uploaded);
  if (kind_ != "canvas" && moodle_id(name, twice, &uploaded)) return uploaded.empty() ? std::nullopt : std::optional(uploaded);
  return std::nullopt;
}

std::optional<std::string> loose_file_destination(const course::Course& course, const std::string& uploaded,
                                                  std::string& why) {
  std::set<std::string> found;
  for (const auto& l : course.lessons)
    for (const auto& e : l.exercises)
      for (const auto& f : e.files)
        if (fs::path(f).filename() == uploaded) found.insert(f);
  why.clear();
  if (found.empty()) return uploaded;
  if (found.size() == 1) return *found.begin();
  std::string list;
  for (const auto& f : found) list += (list.empty() ? "" : ", ") + f;
  why = "its name " + archive::printable_name(uploaded) + " fits several course files (" + list +
        "), so where it belongs is unknown; submit an archive with the lesson folders";
  return std::nullopt;
}

std::string source_of(const Entry& entry) { return entry.path.string(); }

std::vector<runner::SourcePath> source_paths_of(const Entry& entry) {
  if (entry.parts.empty()) return {{entry.path.string(), {}}};
  std::vector<runner::SourcePath> out;
  for (const auto& part : entry.parts) out.push_back({part.path.string(), part.uploaded});
  return out;
}

void check_unique_students(const std::vector<Entry>& entries) {
  std::map<std::string, std::vector<const Entry*>> by_id;
  for (const auto& e : entries) by_id[util::id_comparison_key(e.student)].push_back(&e);
  std::string problems;
  for (const auto& [key, list] : by_id) {
    if (list.size() < 2) continue;
    const bool alike = std::any_of(list.begin(), list.end(), [&](const Entry* e) { return e->student != list[0]->student; });
    std::string names;
    for (std::size_t i = 0; i < list.size(); ++i) {
      names += (i == 0 ? "" : i + 1 == list.size() ? " and " : ", ") + archive::printable_name(list[i]->path.string());
      if (alike) names += " (id '" + archive::printable_name(list[i]->student) + "')";
    }
    problems += (problems.empty() ? "" : "; ") +
                (alike ? "ids that differ only in letter case, Unicode form or invisible characters name " +
                             std::to_string(list.size()) + " entries: " + names
                       : std::string("student '") + archive::printable_name(list[0]->student) + "' has " +
                             std::to_string(list.size()) + " entries: " + names);
  }
  if (!problems.empty())
    throw std::invalid_argument(problems +
                                ". Two entries with one student id (or ids that read alike) are never merged or told "
                                "apart; remove all but one (or fix the names or --id-pattern) and grade again");
}

namespace {
std::set<std::string> lesson_folders(const course::Course& course) {
  std::set<std::string> names;
  for (const auto& l : course.lessons)
    for (const auto& e : l.exercises)
      for (const auto& f : e.files) names.insert(fs::path(f).begin()->string());
  return names;
}

// A lesson folder, or a link standing where one would be (grading then
// reports the link as refused instead of finding nothing).
bool holds_lesson(const std::set<std::string>& names, const fs::path& dir) {
  std::error_code ec;
  for (const auto& n : names) {
    auto st = fs::symlink_status(dir / n, ec);
    if (!ec && (st.type() == fs::file_type::directory || st.type() == fs::file_type::symlink)) return true;
  }
  return false;
}

bool real_directory(const fs::path& p) {
  std::error_code ec;
  return fs::symlink_status(p, ec).type() == fs::file_type::directory;
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
        if (real_directory(child.path())) next.push_back(child.path());
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
  return children.size() == 1 && real_directory(children[0]) && holds_lesson(names, children[0]);
}

namespace {
bool is_folder_entry(const Entry& e) { return e.parts.empty() && !archive::is_archive(e.path); }

// A student's archives and loose files become one entry with parts; a
// student with a folder (or a refused entry) and anything else is left as
// several entries, for check_unique_students to refuse naming them all.
std::vector<Entry> combine_parts(std::vector<Entry> entries) {
  std::map<std::string, std::vector<std::size_t>> by_id;
  for (std::size_t i = 0; i < entries.size(); ++i) by_id[util::id_comparison_key(entries[i].student)].push_back(i);
  std::vector<Entry> out;
  std::set<std::size_t> taken;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (taken.count(i)) continue;
    const auto& group = by_id[util::id_comparison_key(entries[i].student)];
    bool combinable = std::none_of(group.begin(), group.end(), [&](std::size_t k) {
      return is_folder_entry(entries[k]) || !entries[k].refused.empty();
    });
    bool loose = std::any_of(group.begin(), group.end(), [&](std::size_t k) { return !entries[k].parts.empty(); });
    if (!combinable || (group.size() == 1 && !loose)) {
      out.push_back(std::move(entries[i]));
      taken.insert(i);
      continue;
    }
    Entry combined;
    combined.student = entries[i].student;
    combined.listed = true;
    for (std::size_t k : group) {
      taken.insert(k);
      if (entries[k].parts.empty()) combined.parts.push_back({entries[k].path, {}});
      else for (auto& part : entries[k].parts) combined.parts.push_back(std::move(part));
      combined.listed = combined.listed && entries[k].listed;
    }
    std::sort(combined.parts.begin(), combined.parts.end(), [](const Part& a, const Part& b) { return a.path < b.path; });
    combined.path = combined.parts.front().path;
    out.push_back(std::move(combined));
  }
  return out;
}
}  // namespace

namespace {

// A row written before gradebook schema 3 joined the paths of a submission
// in parts with line breaks, and a single entry's name could hold one. Its
// lines are read back only when they cannot have been forged that way: every
// line absolute (a later line forged by a name is a bare file name, since a
// name holds no '/'), all in one folder, as discover lists the parts.
std::optional<std::vector<runner::SourcePath>> legacy_source_paths(const std::string& source, std::string& why) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= source.size()) {
    std::size_t end = source.find('\n', start);
    if (end == std::string::npos) end = source.size();
    if (end > start) lines.push_back(source.substr(start, end - start));
    start = end + 1;
  }
  if (lines.empty()) {
    why = "the gradebook records no path it was graded from";
    return std::nullopt;
  }
  for (const auto& line : lines)
    if (fs::path(line).parent_path() != fs::path(lines[0]).parent_path()) {
      why = "an older grader recorded its paths joined by line breaks, and " + archive::printable_name(source) +
            " is not one folder's parts (an entry name holding a line break reads the same way)";
      return std::nullopt;
    }
  for (const auto& line : lines)
    if (!fs::path(line).is_absolute()) {
      why = "an older grader recorded the path " + archive::printable_name(line) +
            " relative to the folder it ran in, which the gradebook does not know (this grader records absolute paths)";
      return std::nullopt;
    }
  std::vector<runner::SourcePath> paths;
  // The old reader's rules for what each line is: a lone line is the folder
  // or archive itself unless it names a plain file (one loose file); with
  // several, every line that is no archive is a loose file.
  if (lines.size() == 1) {
    std::error_code ec;
    const bool loose = !archive::is_archive(lines[0]) && fs::symlink_status(lines[0], ec).type() == fs::file_type::regular;
    if (!loose) return std::vector<runner::SourcePath>{{lines[0], {}}};
  }
  const StudentIdPattern lms("lms");
  for (const auto& line : lines) {
    runner::SourcePath p{line, {}};
    if (!archive::is_archive(line)) p.uploaded = lms.uploaded_name(line).value_or(fs::path(line).filename().string());
    paths.push_back(std::move(p));
  }
  return paths;
}

}  // namespace

std::optional<Entry> entry_from_recorded(const runner::SubmissionResult& recorded, std::string& why) {
  why.clear();
  std::vector<runner::SourcePath> paths = recorded.source_paths;
  if (paths.empty()) {
    auto legacy = legacy_source_paths(recorded.source, why);
    if (!legacy) return std::nullopt;
    paths = std::move(*legacy);
  }
  for (const auto& p : paths)
    if (!fs::path(p.path).is_absolute()) {
      why = "the recorded path " + archive::printable_name(p.path) + " is not absolute";
      return std::nullopt;
    }
  Entry e;
  e.student = recorded.student;
  // Recorded paths are read like listed entries: never followed if a link.
  e.listed = true;
  if (paths.size() == 1 && paths[0].uploaded.empty()) {
    e.path = paths[0].path;
    return e;
  }
  for (const auto& p : paths) e.parts.push_back({p.path, p.uploaded});
  e.path = e.parts.front().path;
  return e;
}

namespace {

// "'<name>': <why>" for the list of entries not graded; the caller shows it
// through printable_name, so the name's controls are visible there.
std::string not_an_entry(const std::string& name, const std::string& why) { return "'" + name + "': " + why; }

std::string name_refusal(const std::string& problem) {
  return "its name holds " + problem +
         "; a name with a control character or a byte that is not UTF-8 is never graded (it could forge what the "
         "gradebook records or what a report shows): rename it and grade it again";
}

// A folder named on the command line that holds no lesson folder itself but
// exactly one folder named like a student (with --id-pattern given): an LMS
// export of one student, not one submission wrapped in a folder.
bool export_of_one_student(const course::Course& course, const fs::path& folder, const StudentIdPattern& pattern) {
  if (!pattern.given() || holds_lesson(lesson_folders(course), folder)) return false;
  std::vector<fs::path> children;
  std::error_code ec;
  for (const auto& child : fs::directory_iterator(folder, ec)) children.push_back(child.path());
  return children.size() == 1 && real_directory(children[0]) && pattern.student_of(children[0]).has_value();
}

}  // namespace

std::vector<Entry> discover(const course::Course& course, const std::vector<fs::path>& paths,
                            const StudentIdPattern& pattern, std::vector<std::string>& unmatched) {
  std::vector<Entry> out;
  std::vector<Entry> refused_ids;  // refused for an invisible character in the id, kept for the look-alike check
  // Adds the entry; false when its name or id keeps it out (then it is in `unmatched`).
  auto add = [&](const fs::path& p, bool listed, std::string refused) {
    const std::string name = p.filename().string();
    if (std::string problem = util::entry_name_problem(name); !problem.empty()) {
      unmatched.push_back(not_an_entry(name, name_refusal(problem)));
      return false;
    }
    std::string why;
    auto id = pattern.student_of(p, why);
    if (!id) {
      unmatched.push_back(not_an_entry(name, why.empty() ? "its name does not match --id-pattern" : why));
      return false;
    }
    if (std::string problem = util::student_id_problem(*id); !problem.empty()) {
      unmatched.push_back(not_an_entry(name, "its student id '" + *id + "' holds " + problem +
                                                 ", which would read like an id without it: rename it and grade it again"));
      refused_ids.push_back({p, *id, listed, {}, {}});
      return false;
    }
    out.push_back({p, util::nfc(*id), listed, std::move(refused), {}});
    return true;
  };
  for (const auto& given : paths) {
    std::error_code ec;
    // A path given on the command line is the instructor's choice: trusted, links included.
    if (!fs::exists(given, ec)) throw std::invalid_argument("submission " + given.string() + " does not exist");
    // Recorded as an absolute path with no "." or ".." (its folder resolved):
    // a regrade from another folder reads the same files. The entry itself
    // keeps its name, link or not.
    const fs::path absolute = fs::absolute(given);
    const std::string last = absolute.filename().string();
    const fs::path p = last.empty() || last == "." || last == ".." ? fs::canonical(absolute)
                                                                    : fs::canonical(absolute.parent_path()) / last;
    if (!util::is_valid_utf8(p.parent_path().string()))
      throw std::invalid_argument("the path " + archive::printable_name(p.string()) +
                                  " is not UTF-8, and the gradebook records paths as UTF-8 text; move or rename the folder");
    if (archive::is_archive(p) ||
        (fs::is_directory(p) && is_submission_folder(course, p) && !export_of_one_student(course, p, pattern))) {
      add(p, false, {});
      continue;
    }
    if (!fs::is_directory(p)) throw std::invalid_argument(given.string() + " is neither a folder nor a .zip/.tar.gz archive");
    if (!util::is_valid_utf8(p.filename().string()))
      throw std::invalid_argument("the path " + archive::printable_name(p.string()) +
                                  " is not UTF-8, and the gradebook records paths as UTF-8 text; move or rename the folder");
    // Entries inside it are not: a linked entry is never followed.
    util::Fd dir = util::open_trusted_directory(p);
    if (!dir) throw std::invalid_argument("cannot open the folder " + given.string());
    for (const auto& child : util::list_beneath(dir.get(), false)) {
      fs::path c = p / child.rel;
      // Whatever its kind (folder, archive, loose file, link): a name that
      // could forge a record or a report is refused with the reason.
      if (std::string problem = util::entry_name_problem(child.rel); !problem.empty()) {
        unmatched.push_back(not_an_entry(child.rel, name_refusal(problem)));
        continue;
      }
      if (child.kind == util::Listed::Kind::symlink) {
        if (archive::is_archive(c) || fs::is_directory(c, ec)) {
          add(c, true, child.rel + " is a symbolic link: never followed (an entry of a batch must be a real folder or archive)");
        } else if (auto uploaded = pattern.uploaded_name(c)) {
          // A linked loose file: a part that grading refuses, with the reason, never reads.
          if (add(c, true, {})) out.back().parts.push_back({c, *uploaded});
        }
      } else if (child.kind == util::Listed::Kind::directory ||
                 (child.kind == util::Listed::Kind::file && archive::is_archive(c))) {
        add(c, true, {});
      } else if (child.kind == util::Listed::Kind::file && child.rel.front() != '.') {
        // A loose file: an LMS export of one student's files, one by one.
        auto uploaded = pattern.uploaded_name(c);
        if (!uploaded) {
          std::string why;
          bool named = pattern.student_of(c, why).has_value();
          unmatched.push_back(not_an_entry(child.rel, named || why.empty()
                                                          ? std::string("a loose file, not a folder or archive; loose files are grouped by "
                                                                        "student with --id-pattern canvas, moodle or lms")
                                                          : why));
          continue;
        }
        if (add(c, true, {})) out.back().parts.push_back({c, *uploaded});
      }
    }
  }
  out = combine_parts(std::move(out));
  std::vector<Entry> all = out;
  all.insert(all.end(), refused_ids.begin(), refused_ids.end());
  check_unique_students(all);
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

Shard slurm_array_shard(const std::function<std::optional<std::string>(const char*)>& lookup) {
  auto number = [&](const char* name) -> std::optional<long> {
    auto v = lookup(name);
    if (!v) return std::nullopt;
    return env_int(name, *v);
  };
  auto id = number("SLURM_ARRAY_TASK_ID");
  if (!id) throw std::invalid_argument("SLURM_ARRAY_TASK_ID is not set");
  auto min = number("SLURM_ARRAY_TASK_MIN");
  auto max = number("SLURM_ARRAY_TASK_MAX");
  auto count = number("SLURM_ARRAY_TASK_COUNT");
  auto step = number("SLURM_ARRAY_TASK_STEP");
  const std::string given = "SLURM_ARRAY_TASK_ID=" + std::to_string(*id);
  if (!count) throw std::invalid_argument(given + " is set but SLURM_ARRAY_TASK_COUNT is not");
  if (*count < 1) throw std::invalid_argument("SLURM_ARRAY_TASK_COUNT=" + std::to_string(*count) + " must be at least 1");
  if (step && *step < 1) throw std::invalid_argument("SLURM_ARRAY_TASK_STEP=" + std::to_string(*step) + " must be at least 1");
  // The array's first id: given, or implied by the last one and the step.
  if (!min && max && (step || *count == 1)) min = *max - (*count - 1) * (step ? *step : 1);
  if (!min)
    throw std::invalid_argument(given + ": SLURM_ARRAY_TASK_MIN is not set (nor SLURM_ARRAY_TASK_MAX with "
                                "SLURM_ARRAY_TASK_STEP), so the task's place in the array is unknown; set GRADER_SHARD=K/N instead");
  // A list such as --array=1,3,7 has no step: evenly spaced lists still work.
  if (!step) {
    if (*count == 1 || !max) step = 1;  // Slurm before 15.08 sets no _STEP (and no _MAX): ranges of step 1
    else if (max && (*max - *min) % (*count - 1) == 0 && *max > *min) step = (*max - *min) / (*count - 1);
    else
      throw std::invalid_argument(given + ": the array's ids are not evenly spaced (SLURM_ARRAY_TASK_STEP is not set), "
                                  "so the task's rank is unknown; use a range such as --array=1-8 or 0-14:2, or GRADER_SHARD=K/N");
  }
  if (max && *max != *min + (*count - 1) * *step)
    throw std::invalid_argument(given + ": SLURM_ARRAY_TASK_MIN/MAX/STEP/COUNT disagree (" + std::to_string(*min) + ".." +
                                std::to_string(*max) + " by " + std::to_string(*step) + " is not " + std::to_string(*count) +
                                " tasks); use GRADER_SHARD=K/N");
  if (*id < *min || (*id - *min) % *step != 0 || (*id - *min) / *step >= *count)
    throw std::invalid_argument(given + " is not one of the array's " + std::to_string(*count) + " tasks (" +
                                std::to_string(*min) + ", " + std::to_string(*min + *step) + ", ...)");
  Shard s;
  s.index = static_cast<int>((*id - *min) / *step + 1);
  s.count = static_cast<int>(*count);
  return s;
}

Shard shard_from_environment() {
  if (auto s = env("GRADER_SHARD")) return parse_shard(*s);
  if (env("SLURM_ARRAY_TASK_ID")) return slurm_array_shard([](const char* name) { return env(name); });
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
