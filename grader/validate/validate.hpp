// `grader validate`: the course proves itself. References score full marks,
// starters score zero, every mutant (a realistic one-bug implementation) is
// caught by the tests it names, every correct variant keeps full marks, and
// every hidden test catches at least one mutant.
#pragma once

#include <filesystem>
#include <functional>
#include <regex>
#include <string>
#include <vector>

#include "grader/runner/grader.hpp"
#include "grader/validate/mutant_spec.hpp"

namespace grader::validate {

struct Check {
  std::string kind;     ///< reference, starter, served, mutant, variant, coverage
  std::string subject;  ///< exercise id, mutant name or test name
  std::string expected;
  std::string got;
  bool ok = false;
  std::string detail;
};

/// The local/graded gap of one lesson: of its mutants that the tests catch,
/// how many a public test catches (so `grader check` shows the bug), and how
/// many only hidden tests catch, with the reason stated (`hidden_only`) or not.
struct GapCount {
  std::string lesson;
  int public_caught = 0;
  int hidden_only_with_reason = 0;
  int hidden_only_without_reason = 0;
};

/// True when `grader check` would show the bug of a graded mutant: a public
/// test did not pass, or the code did not build or start.
bool caught_by_public_test(const runner::SubmissionResult& result);

struct Report {
  std::vector<Check> checks;
  /// Per validated lesson with mutants, in course order.
  std::vector<GapCount> gaps;
  /// How the references' compiler and workers were isolated (each distinct note once).
  std::vector<runner::IsolationNote> isolation;
  /// Why validation stopped before the mutants (the build cannot grade the
  /// reference: out of date, not built), with the command that fixes it; empty: it ran to the end.
  std::string stopped;
  bool ok() const;
};

struct ValidateOptions {
  int jobs = 1;
  std::vector<std::string> lessons;  ///< empty: all
  std::function<void(const std::string&)> progress;
  /// The texts a student and a grader read for a graded mutant (`grader
  /// check` and `grader grade` text reports). When set, every mutant's texts
  /// are checked with message_problems(): a "messages" check per lesson.
  std::function<std::vector<std::string>(const runner::SubmissionResult&)> reports;
};

/// Test-framework text no student may read (docs/architecture.md, "Failure messages").
extern const std::vector<std::string> kRawFrameworkText;
/// The same as patterns, with what each finds: GoogleTest named, an Eigen
/// header (Capitalised.h), an assertion's raw text, a source file's line.
const std::vector<std::pair<std::regex, std::string>>& kRawFrameworkPatterns();

/// What is wrong with the failure messages of a graded submission: any of
/// kRawFrameworkText or kRawFrameworkPatterns in `reports`, and every failed test of a code exercise
/// whose message does not start by naming a call ("name(...)") or never says
/// what was expected (neither "expected" nor "should" in it). Empty: none.
std::vector<std::string> message_problems(const course::Course& course, const runner::SubmissionResult& result,
                                          const std::vector<std::string>& reports);

/// "" when one of `reports` has a `likely cause:` line holding
/// `expect_cause`; otherwise what the reports' likely causes were instead.
std::string cause_problem(const std::string& expect_cause, const std::vector<std::string>& reports);

struct GapReport {
  std::vector<Check> checks;     ///< "public" problems: hidden-only without a reason, or a reason that is stale
  std::vector<GapCount> counts;  ///< per lesson, in course order
};

/// The local/graded gap of mutants the tests catch (each with its graded
/// result): a mutant that only hidden tests catch is a problem unless its
/// `hidden_only` says why, and a `hidden_only` on a mutant a public test
/// catches is a problem too (the reason is no longer true). A quiz's mutants
/// count as hidden-only with a reason: its answer key is hidden by design.
GapReport gap_checks(const course::Course& course,
                     const std::vector<std::pair<const Mutant*, const runner::SubmissionResult*>>& caught);

Report validate_course(const runner::Grader& grader, const ValidateOptions& options);

}  // namespace grader::validate
