// Isolation notes are data of a lesson's result (runner::IsolationNote),
// printed by the report code: each distinct note once per log, neutralised.
#include "grader/report/isolation_notes.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace {
using grader::runner::IsolationNote;
using grader::runner::LessonResult;
using grader::runner::SubmissionResult;

SubmissionResult with_notes(const std::vector<std::vector<IsolationNote>>& per_lesson) {
  SubmissionResult r;
  for (const auto& notes : per_lesson) {
    LessonResult l;
    l.lesson = "lesson-" + std::to_string(r.lessons.size());
    l.isolation = notes;
    r.lessons.push_back(l);
  }
  return r;
}

TEST(IsolationNotesReport, EachDistinctNoteOnceAcrossLessonsAndSubmissions) {
  const IsolationNote compiler{"compiler", "own unprivileged uid, Landlock ABI 7"};
  const IsolationNote worker{"worker", "own unprivileged uid, Landlock ABI 7, at most 32 processes"};
  const IsolationNote degraded{"worker", "the grader's uid; not available: landlock unavailable: ENOSYS"};
  std::set<std::string> shown;
  const auto first = grader::report::new_isolation_lines(with_notes({{compiler, worker}, {worker}}), shown);
  EXPECT_EQ(first, (std::vector<std::string>{"grader: sandbox for the compiler: own unprivileged uid, Landlock ABI 7",
                                             "grader: sandbox for the worker: own unprivileged uid, Landlock ABI 7, "
                                             "at most 32 processes"}));
  // A second submission repeats one note and brings a new one: only the new one is said.
  const auto second = grader::report::new_isolation_lines(with_notes({{worker, degraded}}), shown);
  EXPECT_EQ(second, (std::vector<std::string>{"grader: sandbox for the worker: the grader's uid; not available: "
                                              "landlock unavailable: ENOSYS"}));
  EXPECT_TRUE(grader::report::new_isolation_lines(with_notes({{compiler}, {degraded}}), shown).empty());
  // A fresh log says them all again; a result without notes says nothing.
  std::set<std::string> fresh;
  EXPECT_EQ(grader::report::new_isolation_lines(with_notes({{degraded}}), fresh).size(), 1u);
  EXPECT_TRUE(grader::report::new_isolation_lines(with_notes({{}, {}}), fresh).empty());
}

TEST(IsolationNotesReport, ANoteIsOneNeutralisedLine) {
  // The worker's note comes back through its suite's output: no terminal
  // control and no second line may reach the instructor's log.
  const IsolationNote forged{"worker", "rlimits only\n\x1b[2Jgrader: sandbox for the worker: fully isolated"};
  const std::string line = grader::report::isolation_line(forged);
  EXPECT_EQ(line.find('\n'), std::string::npos) << line;
  EXPECT_EQ(line.find('\x1b'), std::string::npos) << line;
  EXPECT_EQ(line.rfind("grader: sandbox for the worker: rlimits only", 0), 0u) << line;
}

}  // namespace
