// Finding the submissions in what an instructor passes to `grader grade`:
// submission folders, archives, or one folder holding one entry per student
// (an LMS export), and naming each by its student.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "grader/course/model.hpp"
#include "grader/runner/results.hpp"

namespace grader::batch {

/// One file of a submission the LMS split up: an archive (one of several of
/// a student: "..._part1.zip", "..._part2.zip") or a loose file.
struct Part {
  std::filesystem::path path;
  /// A loose file's name as the student uploaded it ("softmax.cpp" from
  /// "smithsam_1019_4471_softmax.cpp"), placed at the course file of that
  /// name; empty for an archive (unpacked into the submission).
  std::string uploaded;
};

struct Entry {
  std::filesystem::path path;  ///< folder or archive (with parts: the first part)
  std::string student;         ///< from the entry's name
  /// Found by listing a folder of entries (an LMS export) rather than named
  /// on the command line: then the entry itself must not be a link.
  bool listed = false;
  /// Set when the entry is refused without being opened (a listed entry that
  /// is a symbolic link); it is recorded with zero points and this reason.
  std::string refused;
  /// Not empty: the submission is these parts combined (sorted by path, so
  /// the order of the listing never matters); grading refuses a file that
  /// two parts hold with different contents, naming both.
  std::vector<Part> parts;
};

/// Where a loose file goes in the submission: the course's student file of
/// that file name ("dot.cpp" -> "vectors/dot.cpp"); the name
/// itself when the course has none (then it is listed as ignored); nothing,
/// with `why` naming every candidate, when several lessons have a file of
/// that name. Canvas renames a file uploaded again under the same name
/// ("softmax.cpp" -> "softmax-1.cpp", "softmax-2.cpp"): a name the course does
/// not know that is a course file's name with "-N" before its extension goes
/// where that file goes, and `renamed` (when given) says so.
std::optional<std::string> loose_file_destination(const course::Course& course, const std::string& uploaded,
                                                  std::string& why, std::string* renamed = nullptr);

/// What a result shows as its source: the entry's path (with parts, the
/// first part's). For people to read; never parsed back.
std::string source_of(const Entry& entry);
/// Every path of the entry as a result records them (SubmissionResult::
/// source_paths): the folder or archive, or each part with its uploaded name.
std::vector<runner::SourcePath> source_paths_of(const Entry& entry);

/// The entry a recorded result was graded from, read back for `grader
/// regrade` and `similarity`: from source_paths, or in a row written before
/// gradebook schema 3, from the newline-joined `source`. Nothing, with `why`
/// saying what to do, when a path is not absolute (the folder it was relative
/// to is not known) or an old row's lines do not all share one folder (a
/// file name holding a line break could have forged them). The entry is
/// `listed`: a recorded path that has become a link is never followed.
std::optional<Entry> entry_from_recorded(const runner::SubmissionResult& recorded, std::string& why);

/// How student ids are read from entry names.
class StudentIdPattern {
 public:
  /// Empty: the entry's name without its archive extension.
  /// "canvas": Canvas's bulk download, anchored on its fixed parts:
  ///   lastfirst_12345_67890_original.zip, lastfirst_LATE_12345_67890_original.zip
  ///   (name: lowercase letters only; then LATE_/late_; the user id (the
  ///   student id); the submission id; the file name as uploaded).
  /// "moodle": Moodle's download, anchored on "_assignsubmission_":
  ///   "Full Name_123456_assignsubmission_file_" (a folder, or that prefix
  ///   before the uploaded file's name), also "..._assignsubmission_onlinetext_".
  ///   A name in which that marker occurs twice is ambiguous and not matched.
  /// "lms": whichever of the two matches; a name matching both is ambiguous
  ///   and not matched (a crafted display or file name).
  /// Anything else: an ECMAScript regex whose first capture group (or whole
  /// match) is the id. Throws std::invalid_argument on a bad regex.
  explicit StudentIdPattern(const std::string& pattern = "");
  /// The id, or nothing when the pattern does not match.
  std::optional<std::string> student_of(const std::filesystem::path& entry) const;
  /// The same, with the reason when there is no id ("" when matched).
  std::optional<std::string> student_of(const std::filesystem::path& entry, std::string& why) const;
  /// The file name as uploaded, after the LMS's prefix: "softmax.cpp" of
  /// Canvas's "smithsam_1019_4471_softmax.cpp" or Moodle's
  /// "Sam Smith_1019_assignsubmission_file_softmax.cpp". Nothing for other
  /// patterns (their names carry no such part) or a name student_of refuses.
  std::optional<std::string> uploaded_name(const std::filesystem::path& entry) const;
  /// True when a pattern was given (ids are not simply the entry names).
  bool given() const { return !kind_.empty(); }

 private:
  std::string kind_;  ///< "", "canvas", "moodle", "lms" or "regex"
  std::optional<std::regex> regex_;
};

/// Refuses a batch in which two entries resolve to the same student id, or
/// to ids that differ only in letter case, Unicode normalisation form or
/// invisible format characters (util::id_comparison_key): throws
/// std::invalid_argument naming both entries (and both ids when they differ)
/// of every such id. Nothing is ever merged by grading order.
void check_unique_students(const std::vector<Entry>& entries);

/// The entry's name without .zip/.tar.gz/... .
std::string stem_of(const std::filesystem::path& entry);

/// True when `folder` looks like one submission: it (or a single wrapping
/// folder inside it) holds a lesson folder of the course.
bool is_submission_folder(const course::Course& course, const std::filesystem::path& folder);

/// The folder inside `folder` that holds the lesson folders (LMS archives
/// often wrap everything in one extra folder); `folder` itself if none does.
/// Linked folders are never descended into.
std::filesystem::path find_workspace_root(const course::Course& course, const std::filesystem::path& folder);

/// Expands the command line's paths into entries: a submission folder or an
/// archive is one entry (with --id-pattern given, a folder whose one folder
/// inside is named like a student is a folder of entries holding that
/// student, not a wrapped submission); any other folder contributes each of its folders
/// and archives, and with an LMS pattern (canvas, moodle, lms) its loose
/// files: a student's loose files and archives are combined into one entry
/// with parts (a student with a folder and anything else is refused, as two
/// entries). Other loose files are `unmatched` (hidden files are passed over). A path on the command line is trusted as given (followed if
/// it is a link: the instructor chose it); an entry listed inside a folder is
/// never followed: a linked entry is returned refused ("x is a symbolic link:
/// never followed"), so it is recorded with zero points and the reason.
/// Every entry's path is absolute. An entry whose name holds a control
/// character (line break, tab, carriage return, escape, DEL, C1) or a byte
/// that is not UTF-8, or whose student id holds an invisible format character
/// (Cf: zero width characters, word joiner, BOM, bidi controls), is not an
/// entry: it is in `unmatched` with the reason, whatever its kind (folder,
/// archive, loose file, link), and the rest of the batch goes on. Ids are
/// stored in NFC.
/// Throws std::invalid_argument for a path that does not exist, and when two
/// entries resolve to the same student or to look-alike ids, an entry
/// refused for its id included (check_unique_students).
/// Entries whose name does not match the pattern are returned in `unmatched`.
std::vector<Entry> discover(const course::Course& course, const std::vector<std::filesystem::path>& paths,
                            const StudentIdPattern& pattern, std::vector<std::string>& unmatched);

/// When a batch is graded without --id-pattern but the names of the entries
/// in its folders (`names`: every file and folder listed in them) are named
/// as an LMS download names them, the command to give instead, said before
/// anything is graded: "" when no name looks like one. Otherwise a message
/// naming how many entries, one example, and the exact --id-pattern to add
/// (canvas, moodle, or lms when both kinds are there).
std::string lms_names_without_pattern(const std::vector<std::filesystem::path>& names);

/// A deterministic 1/N slice of a batch, for grading on several machines.
struct Shard {
  int index = 1;  ///< 1-based
  int count = 1;
};

/// Parses "K/N" (1 <= K <= N); throws std::invalid_argument saying what is wrong.
Shard parse_shard(const std::string& text);

/// The shard of a Slurm array task: its rank among the array's tasks
/// (SLURM_ARRAY_TASK_ID, _MIN, _MAX, _STEP, _COUNT, read through `lookup`),
/// so --array=1-3, 0-2 and 0-4:2 all give shards 1/3, 2/3 and 3/3. Without
/// _MIN the first id is taken from _MAX and _STEP; without _STEP the step is
/// 1, or with _MAX the spacing of an even list (--array=1,4,7); an unevenly
/// spaced list (--array=1,2,7) is refused. Throws std::invalid_argument saying what to set.
Shard slurm_array_shard(const std::function<std::optional<std::string>(const char*)>& lookup);

/// The shard from the environment: GRADER_SHARD="K/N"; a Slurm job array
/// (slurm_array_shard); a
/// Kubernetes Indexed Job (JOB_COMPLETION_INDEX, 0-based, with
/// GRADER_SHARD_COUNT). Throws std::invalid_argument when none is set.
Shard shard_from_environment();

/// Entries sorted by path, every count-th one starting at index - 1: the same
/// input gives the same slices on every machine, and the slices partition it.
std::vector<Entry> select_shard(std::vector<Entry> entries, const Shard& shard);

}  // namespace grader::batch
