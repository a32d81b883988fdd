// `grader validate`: the course proves itself. References score full marks,
// starters score zero, every mutant (a realistic one-bug implementation) is
// caught by the tests it names, every correct variant keeps full marks, and
// every hidden test catches at least one mutant.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "grader/runner/grader.hpp"

namespace grader::validate {

struct Mutant {
  std::string lesson;
  std::string name;
  std::string description;
  bool is_variant = false;  ///< correct but different: must keep full marks
  std::string exercise;
  std::vector<std::string> must_fail;
  std::filesystem::path folder;
};

/// Reads tests/mutants/<lesson>/<name>/mutant.yaml; throws std::runtime_error
/// naming the file on malformed entries.
std::vector<Mutant> discover_mutants(const std::filesystem::path& course_root);

struct Check {
  std::string kind;     ///< reference, starter, mutant, variant, coverage
  std::string subject;  ///< exercise id, mutant name or test name
  std::string expected;
  std::string got;
  bool ok = false;
  std::string detail;
};

struct Report {
  std::vector<Check> checks;
  bool ok() const;
};

struct ValidateOptions {
  int jobs = 1;
  std::vector<std::string> lessons;  ///< empty: all
  std::function<void(const std::string&)> progress;
};

Report validate_course(const runner::Grader& grader, const ValidateOptions& options);

}  // namespace grader::validate
