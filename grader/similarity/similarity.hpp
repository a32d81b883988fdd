// Similar code across a batch of submissions: hints for a person to look at,
// never a grade change. The method and its measured precision and recall:
// docs/similarity.md.
//
// Each student's copy of a course file becomes normalised tokens
// (tokens.hpp: names, literals, loop shapes, braces and qualifiers taken
// out). Tokens inside a run of at least `min_match` tokens that the
// starter's own copy of the file has, or that more than `common_share` of
// the class's copies have (MOSS's `-m`), are blocked: code the class was
// given, or that everybody writes, matches nobody. Two copies are compared
// by greedy string tiling (tiling.hpp, as JPlag): the matched tokens are the
// tiles of at least `min_match` tokens, each weighed by how few copies share
// it (1 when only these two have it, 2/h when h copies do). A pair scores
//   2 * weighed matched / (own tokens of a + own tokens of b)  (JPlag's "avg")
// where a copy's own tokens are those the starter did not give, so a copy
// that shares a short stretch with a long one cannot score 100%; a copy with
// fewer than `min_tokens()` own tokens is too short to judge and is listed
// as such, never scored. Pairs are given per file, per pair of students
// across files (their strongest file first), and as clusters: the connected
// groups of students whose pair reaches `threshold` in some file.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/course/model.hpp"

namespace grader::similarity {

/// One student's files (workspace path -> text).
struct SubmittedFiles {
  std::string student;
  std::map<std::string, std::string> files;
};

/// A passage is common when more than this share of a file's copies have
/// it, and at least kCommonAtLeast copies (MOSS's default -m is 10): in a
/// small class a ring of copiers is never taken for "what everybody writes".
inline constexpr double kCommonShare = 0.5;
inline constexpr std::size_t kCommonAtLeast = 10;

struct Options {
  std::string exercise;           ///< only this exercise ("": every code exercise)
  std::size_t top = 10;           ///< pairs shown per exercise file (and student pairs beyond the flagged ones)
  double min_score = 0.0;         ///< per-file pairs scoring at or below this are left out
  std::size_t min_match = 12;     ///< minimum match length, in normalised tokens
  double common_share = kCommonShare;
  double threshold = 0.5;         ///< a pair is flagged (and clustered) at or above this score
  /// A copy with fewer own tokens than this (about ten lines of code beyond
  /// the starter's) is too short to judge: two minimal repairs of the
  /// starter are alike because the repair is.
  std::size_t min_tokens() const { return 5 * min_match; }
};

/// A run of matched code: lines (1-based, inclusive) in each file.
struct Region {
  int first_a = 0, last_a = 0;
  int first_b = 0, last_b = 0;
  std::size_t tokens = 0;  ///< matched tokens in the run
};

/// Two students' copies of one file.
struct Pair {
  std::string exercise;
  std::string file;                  ///< workspace path, e.g. "vectors/dot.cpp"
  std::string student_a, student_b;  ///< student_a < student_b
  double score = 0;                  ///< 2 * evidence / (tokens_a + tokens_b)
  double max_score = 0;              ///< matched / min(tokens_a, tokens_b) (JPlag's "max")
  std::size_t matched = 0;           ///< tokens in tiles (the same number in each copy)
  double evidence = 0;               ///< matched tokens weighed by rarity (see docs/similarity.md)
  std::size_t longest = 0;           ///< the longest tile
  std::size_t tokens_a = 0, tokens_b = 0;  ///< own tokens (the starter's removed)
  std::vector<Region> regions;       ///< most tokens first
};

/// Two students across every file both handed in (scored ones only).
struct StudentPair {
  std::string student_a, student_b;  ///< student_a < student_b
  double best = 0;                   ///< their highest file score
  double combined = 0;               ///< 2 * sum evidence / sum (tokens_a + tokens_b) over their files
  std::size_t matched = 0;
  bool flagged = false;              ///< best >= threshold
  std::vector<std::pair<std::string, double>> files;  ///< (file, score), highest first
};

/// A copy left out because it has too little code of its own (but some:
/// a copy of the starter unchanged is not listed).
struct ShortCopy {
  std::string file, student;
  std::size_t tokens = 0;  ///< own tokens
};

struct Report {
  std::vector<Pair> pairs;               ///< course file order; per file highest first, at most top
  std::vector<StudentPair> students;     ///< strongest evidence first: best, then combined
  std::vector<std::vector<std::string>> clusters;  ///< largest first; ids sorted
  std::vector<ShortCopy> too_short;      ///< course file order, then student
  std::size_t flagged_pairs = 0;         ///< file pairs at or above the threshold
};

/// Everything above for a batch. `starter` holds the starter's text of each
/// file (workspace path -> text).
Report analyse(const course::Course& course, const std::vector<SubmittedFiles>& submissions,
               const std::map<std::string, std::string>& starter, const Options& options = {});

/// Every scored pair of one file (no top, no min_score), highest first:
/// the building block of analyse, and what the evaluation ranks.
/// `copies` maps student -> text.
std::vector<Pair> file_pairs(const std::map<std::string, std::string>& copies, const std::string& starter,
                             const Options& options, std::vector<ShortCopy>* too_short = nullptr);

/// Two texts of one file, the starter's code removed (no common passages:
/// those need a class).
Pair compare(const std::string& text_a, const std::string& text_b, const std::string& starter, const Options& options = {});

/// For a terminal: the method in two lines, the flagged student pairs and
/// clusters, the too-short copies, then per file each pair with its score
/// and its regions side by side (sanitised, cut to the column), at most
/// `lines_per_region` lines of each region.
std::string similarity_text(const Report& report, const std::vector<SubmittedFiles>& submissions,
                            const Options& options = {}, std::size_t lines_per_region = 8);

/// The same as data: {"method": {...}, "note", "students": [...],
/// "clusters": [[ids]], "too_short": [...], "pairs": [{"exercise", "file",
/// "a", "b", "score", "max_score", "matched", "longest", "tokens_a",
/// "tokens_b", "regions": [{"a": {"first", "last", "lines"}, "b": {...},
/// "tokens"}]}]}, every student text escaped for JSON.
nlohmann::json similarity_json(const Report& report, const std::vector<SubmittedFiles>& submissions,
                               const Options& options = {});

/// One row per student pair (strongest first) for a spreadsheet: a, b,
/// best, combined, matched, flagged, cluster, files; text fields escaped
/// against formula injection.
std::string similarity_csv(const Report& report);

}  // namespace grader::similarity
