// A roster student with no graded submission, in each per-student format of
// `grader export` (json, gradescope, exercism, junit, markdown), so that a
// folder of exports holds every student of the class, each file in the form
// its reader expects:
//
//   json        {"format": "grader-no-submission", "outcome": "no_submission",
//                "score": null, "score_after_penalty": null, "max_score": 220, ...}
//               (its own format name: a reader of graded results refuses it
//               by name instead of taking it for a score of 0)
//   gradescope  results.json needs a score: a top-level score or tests with
//               scores (Gradescope's autograder specification), so "score": 0,
//               "tests": [], an output saying there was no submission and
//               "extra_data": {"submitted": false}
//   exercism    "status": "error" with its required message (the tests could
//               not run: nothing was submitted), "tests": []
//   junit       one suite with one skipped testcase "no submission"
//   markdown    the score line reads "Score: none / 220 (no submission)"
#pragma once

#include <optional>
#include <string>

#include "grader/report/formats.hpp"

namespace grader::report {

struct NoSubmission {
  std::string id, name;
  double max_score = 0;  ///< the course's total (0 when unknown: left out)
};

/// What every format says of such a student, in words.
inline constexpr const char* kNoSubmissionWords = "no submission";

/// The student's file in `format`; nothing for the formats that are not
/// written one file per student (text, csv, html and the LMS CSVs, which
/// list non-submitters in their own rows).
std::optional<std::string> render_no_submission(OutputFormat format, const NoSubmission& student);

}  // namespace grader::report
