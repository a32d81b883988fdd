// EXPECT_*s that two submission results are equal field by field, with the
// lesson and test that differ in the failure message. Shared by the tests of
// the gradebook (a result read back) and of the JSON report (a result parsed).
#pragma once

#include <gtest/gtest.h>

#include <cstddef>

#include "grader/runner/results.hpp"

namespace grader_test {

inline void expect_same(const grader::runner::SubmissionResult& a, const grader::runner::SubmissionResult& b) {
  EXPECT_EQ(a.student, b.student);
  EXPECT_EQ(a.source, b.source);
  EXPECT_EQ(a.content_hash, b.content_hash);
  EXPECT_EQ(a.course_version, b.course_version);
  EXPECT_EQ(a.grader_version, b.grader_version);
  EXPECT_EQ(a.submitted_at, b.submitted_at);
  EXPECT_EQ(a.lateness.late, b.lateness.late);
  EXPECT_EQ(a.lateness.late_seconds, b.lateness.late_seconds);
  EXPECT_EQ(a.lateness.penalty_percent, b.lateness.penalty_percent);
  EXPECT_EQ(a.lateness.reason, b.lateness.reason);
  EXPECT_EQ(a.ignored_files, b.ignored_files);
  EXPECT_EQ(a.rejected_files, b.rejected_files);
  EXPECT_EQ(a.score, b.score);
  EXPECT_EQ(a.max_score, b.max_score);
  EXPECT_EQ(a.seconds, b.seconds);
  ASSERT_EQ(a.lessons.size(), b.lessons.size());
  for (std::size_t i = 0; i < a.lessons.size(); ++i) {
    const auto &x = a.lessons[i], &y = b.lessons[i];
    SCOPED_TRACE("lesson " + x.lesson);
    EXPECT_EQ(x.lesson, y.lesson);
    EXPECT_EQ(x.status, y.status);
    EXPECT_EQ(x.detail, y.detail);
    EXPECT_EQ(x.score, y.score);
    EXPECT_EQ(x.max_score, y.max_score);
    EXPECT_EQ(x.seconds, y.seconds);
    ASSERT_EQ(x.tests.size(), y.tests.size());
    for (std::size_t j = 0; j < x.tests.size(); ++j) {
      const auto &t = x.tests[j], &u = y.tests[j];
      SCOPED_TRACE("test " + t.name);
      EXPECT_EQ(t.lesson, u.lesson);
      EXPECT_EQ(t.exercise, u.exercise);
      EXPECT_EQ(t.name, u.name);
      EXPECT_EQ(t.hidden, u.hidden);
      EXPECT_EQ(t.visibility, u.visibility);
      EXPECT_EQ(t.show_details, u.show_details);
      EXPECT_EQ(t.status, u.status);
      EXPECT_EQ(t.score, u.score);
      EXPECT_EQ(t.max_score, u.max_score);
      EXPECT_EQ(t.message, u.message);
      EXPECT_EQ(t.public_message, u.public_message);
      EXPECT_EQ(t.seconds, u.seconds);
    }
  }
}

}  // namespace grader_test
