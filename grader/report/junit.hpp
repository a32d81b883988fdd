// JUnit XML, the format CI systems (GitHub, GitLab, Jenkins) read:
//
//   <testsuites name="..." tests= failures= errors= skipped= time=>
//     <testsuite name="<lesson>" ...>
//       <testcase name="Suite.Test" classname="<lesson>.<exercise>" time="0.012">
//         <failure message="first line" type="failed">whole message</failure>
//       </testcase>
//
// failed and not_implemented tests are <failure>s; a test that never ran is an
// <error> (its lesson did not build or crashed); a quiz answer awaiting review
// is <skipped>. A lesson that did not grade normally and has no tests gets one
// testcase named after its status, so CI still shows it as broken.
#pragma once

#include <string>
#include <string_view>

#include "grader/report/student_view.hpp"
#include "grader/runner/results.hpp"

namespace grader::report {

std::string junit_xml(const runner::SubmissionResult& result, Audience audience = Audience::student);

}  // namespace grader::report
