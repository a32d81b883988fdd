// `grader validate`'s check that an expected error cannot pass for the wrong
// argument. Every EXPECT_INVALID_ARGUMENT records the argument it expects
// named and the message the call threw (grader/authoring/testing.hpp); on the
// references' run those are the references' messages. An expectation that a
// message thrown for ANOTHER argument of the same lesson would satisfy too is
// vacuous: a student whose error names the wrong argument keeps the points
// (a fragment "x" found inside "bias: expected shape ..." once did that).
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "grader/runner/results.hpp"
#include "grader/validate/validate.hpp"

namespace grader::validate {

/// Whether `message` names `argument` (grader::testing::names_argument, the
/// rule EXPECT_INVALID_ARGUMENT applies; another rule can be given to test this check).
using NamesArgument = std::function<bool(std::string_view message, std::string_view argument)>;

/// One "arguments" check per lesson of `reference` (the references graded
/// with their public and hidden tests): failed when some expectation is
/// satisfied by a message recorded where another expectation of the lesson
/// names a different argument, and which names a different argument first
/// (grader::testing::named_argument of both).
std::vector<Check> argument_checks(const runner::SubmissionResult& reference, const NamesArgument& names);
std::vector<Check> argument_checks(const runner::SubmissionResult& reference);

}  // namespace grader::validate
