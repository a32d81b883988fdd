// Grading quiz exercises: answers in a YAML file the student edits, checked by
// the trusted grader against an answer key that stays with the hidden tests.
//
// The answer file maps question ids to answers. Its starter copy (released)
// holds one id per question with an empty value whose form says what kind of
// answer belongs there:
//   q1: ""      one choice: a letter                      q1: b
//   q2: []      select all: a set of letters              q2: [a, c]
//   q3: null    a number                                  q3: 64
//   q4: |       free text, indented under the |           q4: |
//                                                           my answer ...
// The answer key (course.yaml `answer_key`, under tests/hidden/, never
// released) lists the same ids with their type, correct answer, tolerance,
// points and feedback; see docs/course-yaml.md, "Quizzes".
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "grader/course/model.hpp"
#include "grader/runner/grader.hpp"
#include "grader/runner/results.hpp"
#include "grader/util/structured_limits.hpp"

namespace grader::runner {

/// Largest answer file read; a bigger one is not parsed and fails every
/// question (the whole quiz is a few KiB of text).
inline constexpr std::size_t kMaxAnswerFileBytes = 64 * 1024;

/// What an answer file may hold, checked while it is read (before yaml-cpp
/// builds a tree; util/structured_limits.hpp); past any limit the file is not
/// read and every question fails with a message naming the limit. Answers
/// nest two levels (the mapping of ids, a list of letters) and need no
/// aliases; a file without aliases holds fewer values than bytes, so only an
/// alias can reach the value limit, and the expanded text stays within four
/// times the file. Together they bound what grading the quiz holds (the tree
/// and the copies of its text) to a few MiB, whatever the file says.
inline constexpr util::StructuredLimits kAnswerFileLimits{
    .max_bytes = kMaxAnswerFileBytes,
    .max_depth = 16,
    .max_aliases = 64,
    .max_values = kMaxAnswerFileBytes,
    .max_expanded_bytes = 4 * kMaxAnswerFileBytes,
};

/// Longest free-text answer passed on for review; the rest is cut, with a
/// note saying how long the answer was.
inline constexpr std::size_t kMaxFreeTextChars = 6000;

/// Grades one quiz exercise: one TestResult per question, named
/// "<Exercise>.<question id>" (exercise id in CamelCase, e.g.
/// "ReviewQuiz.q1_mha_advantage"), never hidden.
///
/// `files` is what Grader::collect took from the submission; the answer file
/// is exercise.files (several files are read as one set of answers). A file
/// missing from the submission was replaced by its starter copy, so its
/// questions are unanswered.
///
/// With the key (`with_key`: grading with the hidden tests), questions come
/// from the key and each one is:
///   - not_implemented, 0 of max: unanswered (empty value or id absent);
///   - passed, max of max: right (letters case- and order-insensitive;
///     numbers within the key's tolerance, inclusive);
///   - failed, 0 of max: wrong (message: the key's feedback and the answer
///     given), or not in the expected form (message: what to write);
///   - pending_review, 0 of max: answered free text; the message is exactly
///     the student's text, for the gradebook's review export.
/// Max is the question's share of the exercise's points: course.yaml's
/// `points` split in proportion to the key's per-question points (so when
/// they add up to `points`, each question is worth its key points), or
/// `points_per_test` for every question.
///
/// Without the key (`grader check`, the student release, --public-only),
/// questions come from the key read for its forms only, or, where the key is
/// not there (a handout), from exercise.question_forms, or, in a course that
/// names neither file, from the starter copy of the answer file; only the
/// form is checked and nothing scores (max 0):
///   - not_implemented: unanswered;
///   - passed, message "answer recorded ...": well-formed (one letter, a list
///     of letters, a number, or non-empty text, as the starter's empty value
///     asks), so progress shows while the score waits for submission;
///   - failed: not in the expected form, with what to write.
///
/// A student's file never breaks grading: malformed YAML, a file past
/// kAnswerFileLimits (size, nesting, aliases and what they expand to), or a
/// file that is not a mapping fails every question with a message giving the
/// file and line:column to fix (and, for a limit, which one).
///
/// \throws std::runtime_error naming the file (and line:column) when the
///         course's own files are broken: the answer key (with_key) or the
///         starter answer file (without it) is unreadable or malformed.
///         Grader::grade reports it as the lesson's internal_error.
std::vector<TestResult> grade_quiz(const course::Course& course, const course::Lesson& lesson,
                                   const course::Exercise& exercise, const CollectedFiles& files, bool with_key);

/// The question forms file of a quiz, as `grader release` ships it in place
/// of the answer key: each question's type, options and points, no answer,
/// tolerance, feedback or rubric.
/// \throws std::runtime_error when the answer key cannot be read.
std::string question_forms_text(const course::Course& course, const course::Exercise& exercise);

}  // namespace grader::runner
