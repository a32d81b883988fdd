// How student code was isolated, for the instructor's log of `grader grade`
// and `grader validate`: the isolation notes of a result's lessons
// (runner::IsolationNote), each distinct one said once.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "grader/runner/results.hpp"

namespace grader::report {

/// "grader: sandbox for the worker: own unprivileged uid, ..." (plain_line).
std::string isolation_line(const runner::IsolationNote& note);

/// The lines of `result`'s notes that are not in `shown` yet, in lesson order;
/// adds them to `shown`, so a batch logs each distinct note once.
std::vector<std::string> new_isolation_lines(const runner::SubmissionResult& result, std::set<std::string>& shown);

}  // namespace grader::report
