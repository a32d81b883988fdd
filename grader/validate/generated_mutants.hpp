// `grader mutate`: mutants the framework derives by itself from each lesson's
// reference solution (grader/validate/mutation_operators.hpp), each compiled
// and graded by the grader on the lesson's public and hidden tests, to show
// what no test catches and what only hidden tests catch. The reviewed
// mutants of tests/mutants/<lesson>.equivalent.yaml say why: a survivor
// reviewed as equivalent (it behaves as the reference does for every input
// the contract allows) has a `reason`; a mutant only hidden tests catch has
// a `hidden_only` saying why no public test can state the requirement it
// breaks (hidden tests vary the inputs, they never test a requirement no
// public test does). A run then shows only what nobody has reviewed.
// docs/mutate.md.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "grader/runner/grader.hpp"
#include "grader/validate/mutation_operators.hpp"

namespace grader::validate {

/// What a reviewed entry says of its mutant: the YAML key its reason is under.
enum class Review {
  equivalent,   ///< `reason:` no test can catch it, it behaves as the reference does
  hidden_only,  ///< `hidden_only:` only hidden tests catch it, and no public test can state why
};

/// One reviewed mutant of tests/mutants/<lesson>.equivalent.yaml.
struct ReviewedMutant {
  Mutation key;        ///< file, op, before, after and occurrence (what Mutation::key() reads)
  Review review = Review::equivalent;
  std::string reason;  ///< the text of `reason:` or of `hidden_only:`
  int yaml_line = 0;   ///< 1-based line of the entry, for messages
};

/// Where a lesson's reviewed mutants live (instructor-only, as tests/mutants is).
std::filesystem::path equivalent_file(const std::filesystem::path& course_root, const std::string& lesson);

/// Reads the file (absent: none). Throws std::runtime_error naming the file
/// and the entry's line on a malformed entry (a field missing, an unknown
/// field, neither or both of `reason` and `hidden_only`, an empty reason, an
/// unknown operator, the same key twice).
std::vector<ReviewedMutant> read_reviewed_mutants(const std::filesystem::path& file);

/// The YAML entry that records `m` as reviewed, its reason under the key
/// `review` names (the text a run prints for a mutant to review).
std::string reviewed_entry_yaml(const Mutation& m, Review review, const std::string& reason);

/// The reason a printed entry carries until its author writes one; read back
/// unchanged, the entry is refused (a paste is not a review).
const char* reason_placeholder(Review review);

enum class MutantFate {
  not_compiling,
  killed_by_public,
  killed_only_by_hidden,  ///< no `hidden_only` entry: `check` says done, `grade` does not; a problem
  hidden_only_reviewed,   ///< only hidden tests catch it, and its `hidden_only` entry says why
  survived,               ///< no test catches it, no entry: a problem
  equivalent,             ///< no test catches it, and its `reason` entry says why
  error,
};

struct GeneratedMutant {
  Mutation mutation;
  MutantFate fate = MutantFate::error;
  std::string detail;  ///< the first test that caught it, the reason of an equivalent one, or the error
  std::string reason;  ///< of a hidden_only_reviewed mutant: its entry's `hidden_only`
  /// A test of another exercise of the lesson that the mutant fails, "exercise: Suite.Test", one per
  /// exercise; empty when the bug costs its own exercise only. Exercises that use the mutated one
  /// with `mode: student` are meant to be charged and are not listed.
  std::vector<std::string> charged_elsewhere = {};
  bool entry_stale = false;  ///< it has a reviewed entry that says otherwise (reported stale): change that entry
};

/// The exercises of `lesson` whose tests a mutant of the student file `file`
/// failed in `result` (one failing test each: "exercise: Suite.Test"),
/// leaving out the exercises that list the file themselves and those that
/// use one of them with `mode: student`: one bug should cost one exercise
/// (docs/mutate.md, "Charged elsewhere").
std::vector<std::string> charged_elsewhere(const course::Lesson& lesson, const std::string& file,
                                           const runner::SubmissionResult& result);

struct LessonMutation {
  std::string lesson;
  std::size_t generated = 0;  ///< every mutation of the lesson's reference files
  std::vector<GeneratedMutant> run;  ///< the ones graded (all, or the sample)
  std::vector<std::string> stale;    ///< reviewed entries that no longer say what their mutant does, or match no mutation
  std::string problem;               ///< the lesson could not be run (its reference fails, say)
  std::size_t count(MutantFate fate) const;
  std::size_t charged_elsewhere() const;  ///< mutants whose bug costs another exercise too: a problem
};

struct MutateOptions {
  int jobs = 1;
  std::vector<std::string> lessons;     ///< empty: every code lesson
  std::vector<std::string> operators;   ///< empty: all
  std::vector<std::string> files;       ///< only mutants of these reference files ("lesson/file.cpp"); empty: all
  std::size_t max_per_lesson = 0;       ///< 0: every mutant; else a sample of this many per lesson
  std::uint64_t seed = 1;               ///< the sample's seed (same seed, same sample)
  std::function<void(const std::string&)> progress;
};

/// Applies the reviewed entries to the graded mutants of `lesson.run`
/// (`generated`: every mutation of the lesson the run's operators make):
/// a survivor with a `reason` entry becomes equivalent, a mutant only hidden
/// tests catch with a `hidden_only` entry becomes hidden_only_reviewed, and
/// every entry that says otherwise of its mutant (caught by a public test,
/// not compiling, surviving a `hidden_only`, caught by hidden tests despite a
/// `reason`) or matches no mutation is added to `lesson.stale`. An entry whose
/// operator is not in `operators`, or whose file is not in `files` (empty:
/// all), is not looked at.
void apply_reviews(LessonMutation& lesson, const std::vector<Mutation>& generated,
                   const std::vector<ReviewedMutant>& reviewed, const std::vector<std::string>& operators,
                   const std::vector<std::string>& files = {});

/// Generates, grades and classifies the mutants of each lesson.
std::vector<LessonMutation> run_generated_mutants(const runner::Grader& grader, const MutateOptions& options);

/// The indices of `count` items chosen from [0, total) by `seed`, ascending;
/// all of them when count is 0 or at least total. The same on every platform.
std::vector<std::size_t> sample_indices(std::size_t total, std::size_t count, std::uint64_t seed);

}  // namespace grader::validate
