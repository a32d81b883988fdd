// `grader mutate`: mutants the framework derives by itself from each lesson's
// reference solution (grader/validate/mutation_operators.hpp), each compiled
// and graded by the grader on the lesson's public and hidden tests, to show
// what no test catches. A survivor reviewed as equivalent (it behaves as the
// reference does for every input the contract allows) is recorded with its
// reason in tests/mutants/<lesson>.equivalent.yaml, so that a run shows only
// new survivors. docs/mutate.md.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "grader/runner/grader.hpp"
#include "grader/validate/mutation_operators.hpp"

namespace grader::validate {

/// One reviewed survivor of tests/mutants/<lesson>.equivalent.yaml.
struct ReviewedSurvivor {
  Mutation key;        ///< file, op, before, after and occurrence (what Mutation::key() reads)
  std::string reason;  ///< why it behaves as the reference does
  int yaml_line = 0;   ///< 1-based line of the entry, for messages
};

/// Where a lesson's reviewed survivors live (instructor-only, as tests/mutants is).
std::filesystem::path equivalent_file(const std::filesystem::path& course_root, const std::string& lesson);

/// Reads the file (absent: none). Throws std::runtime_error naming the file
/// and the entry on a malformed entry (a field missing, an empty reason, an
/// unknown operator, the same key twice).
std::vector<ReviewedSurvivor> read_reviewed_survivors(const std::filesystem::path& file);

/// The YAML entry that records `m` as reviewed, with `reason` (the text a run prints for a survivor).
std::string reviewed_entry_yaml(const Mutation& m, const std::string& reason);

enum class MutantFate { not_compiling, killed_by_public, killed_only_by_hidden, survived, equivalent, error };

struct GeneratedMutant {
  Mutation mutation;
  MutantFate fate = MutantFate::error;
  std::string detail;  ///< the first test that caught it, or the error
};

struct LessonMutation {
  std::string lesson;
  std::size_t generated = 0;  ///< every mutation of the lesson's reference files
  std::vector<GeneratedMutant> run;  ///< the ones graded (all, or the sample)
  std::vector<std::string> stale;    ///< reviewed entries that no longer survive, or match no mutation
  std::string problem;               ///< the lesson could not be run (its reference fails, say)
  std::size_t count(MutantFate fate) const;
};

struct MutateOptions {
  int jobs = 1;
  std::vector<std::string> lessons;     ///< empty: every code lesson
  std::vector<std::string> operators;   ///< empty: all
  std::size_t max_per_lesson = 0;       ///< 0: every mutant; else a sample of this many per lesson
  std::uint64_t seed = 1;               ///< the sample's seed (same seed, same sample)
  std::function<void(const std::string&)> progress;
};

/// Generates, grades and classifies the mutants of each lesson.
std::vector<LessonMutation> run_generated_mutants(const runner::Grader& grader, const MutateOptions& options);

/// The indices of `count` items chosen from [0, total) by `seed`, ascending;
/// all of them when count is 0 or at least total. The same on every platform.
std::vector<std::size_t> sample_indices(std::size_t total, std::size_t count, std::uint64_t seed);

}  // namespace grader::validate
