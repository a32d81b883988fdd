// Similar code across a batch of submissions, per exercise file: hints for
// a human to look at, never a grade change.
//
// Each student's copy of a course file is tokenised (grader/util/cpp_tokens),
// comments and spacing dropped and every name spelled `I` (so renaming and
// re-commenting change nothing), fingerprinted by winnowing its token k-grams
// (grader/util/kgrams.hpp, MOSS's method), and every k-gram of the starter's
// own copy of that file is removed: code the whole class was given matches
// nobody. Two copies score the share of the smaller one's fingerprints that
// the other has too (0..1); the regions are the runs of shared fingerprints,
// as line ranges in each file.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/course/model.hpp"

namespace grader::similarity {

/// k = 10 normalized tokens is about one short C++ statement with its
/// punctuation: shorter runs (a `for (int i = 0; i < n; ++i)` header, 14
/// tokens, is shared by everyone) still show up but a run has to be longer to
/// guarantee a fingerprint: w + k - 1 = 17 tokens.
inline constexpr std::size_t kKgram = 10;
inline constexpr std::size_t kWindow = 8;

/// One student's files (workspace path -> text).
struct SubmittedFiles {
  std::string student;
  std::map<std::string, std::string> files;
};

struct Options {
  std::string exercise;     ///< only this exercise ("": every code exercise)
  std::size_t top = 10;     ///< pairs kept per exercise file
  double min_score = 0.0;   ///< pairs scoring at or below this are left out
  std::size_t k = kKgram;
  std::size_t w = kWindow;
};

/// A run of shared code: lines (1-based, inclusive) in each file.
struct Region {
  int first_a = 0, last_a = 0;
  int first_b = 0, last_b = 0;
  std::size_t fingerprints = 0;  ///< shared fingerprints in the run
};

struct Pair {
  std::string exercise;
  std::string file;  ///< workspace path, e.g. "attention/softmax.cpp"
  std::string student_a, student_b;  ///< student_a < student_b
  double score = 0;                  ///< shared / min(fingerprints_a, fingerprints_b)
  std::size_t shared = 0;            ///< distinct fingerprints both have
  std::size_t fingerprints_a = 0, fingerprints_b = 0;  ///< after the starter's are removed
  std::vector<Region> regions;       ///< longest first
};

/// The most similar pairs of every code exercise file (course order; pairs
/// highest score first, ties by student ids), at most options.top per file.
/// `starter` holds the starter's text of each file (workspace path -> text).
std::vector<Pair> similar_pairs(const course::Course& course, const std::vector<SubmittedFiles>& submissions,
                                const std::map<std::string, std::string>& starter, const Options& options = {});

/// The score of two texts of one file after removing `starter`'s k-grams,
/// with their regions (the building block of similar_pairs).
Pair compare(const std::string& text_a, const std::string& text_b, const std::string& starter, const Options& options = {});

/// For a terminal: per file, each pair with its score and its regions side
/// by side (line numbers and the lines themselves, sanitised and cut to the
/// column), at most `lines_per_region` lines of each region.
std::string similarity_text(const std::vector<Pair>& pairs, const std::vector<SubmittedFiles>& submissions,
                            std::size_t lines_per_region = 8);

/// The same as data: {"k", "w", "pairs": [{"exercise", "file", "a", "b",
/// "score", "shared", "fingerprints_a", "fingerprints_b", "regions": [{"a":
/// {"first", "last", "lines": [...]}, "b": {...}, "fingerprints"}]}]}, every
/// student text escaped for JSON. The class report reads the same.
nlohmann::json similarity_json(const std::vector<Pair>& pairs, const std::vector<SubmittedFiles>& submissions,
                               const Options& options = {});

}  // namespace grader::similarity
