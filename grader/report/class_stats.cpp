#include "grader/report/class_stats.hpp"

#include <algorithm>

#include "grader/report/lesson_summary.hpp"
#include "grader/runner/points.hpp"
#include "grader/util/text.hpp"

namespace grader::report {

using runner::TestStatus;

bool exercise_attempted(const runner::LessonResult& lesson, const std::string& exercise) {
  if (!attempted(lesson_outcome(lesson))) return false;
  return std::any_of(lesson.tests.begin(), lesson.tests.end(), [&](const runner::TestResult& t) {
    return t.exercise == exercise && t.status != TestStatus::not_implemented;
  });
}

std::size_t course_position(const course::Course* course, const std::string& lesson, const std::string& exercise) {
  std::size_t i = 0;
  if (course)
    for (const auto& l : course->lessons)
      for (const auto& e : l.exercises) {
        if (l.id == lesson && e.id == exercise) return i;
        ++i;
      }
  return i;
}

namespace {

// A message's first line, cut at 300 bytes: the key its count is kept under.
std::string first_line_capped(const std::string& text) {
  std::string line(util::first_line(text));
  if (line.size() <= 300) return line;
  std::size_t end = 300;
  while (end > 0 && (static_cast<unsigned char>(line[end]) & 0xC0) == 0x80) --end;  // never inside a UTF-8 sequence
  return line.substr(0, end) + "...";
}

struct TestTally {
  TestStats stats;
  std::map<std::string, int> messages;
};

}  // namespace

ClassStats class_stats(const course::Course* course, const std::vector<runner::SubmissionResult>& results) {
  ClassStats out;
  out.submissions = results.size();
  std::map<Outcome, int> counts;
  struct Points {
    runner::PointSum sum;
  };
  std::vector<Points> points;  // beside out.exercises
  std::vector<TestTally> tests;
  for (const auto& r : results) {
    const Outcome overall = submission_outcome(r);
    ++counts[overall];
    if (!attempted(overall)) ++out.submissions_not_attempted;
    out.fractions.push_back(r.max_score > 0 ? runner::penalised_score(r) / r.max_score : 0.0);

    for (const auto& tally : tally_exercises(r)) {
      auto it = std::find_if(out.exercises.begin(), out.exercises.end(), [&](const ExerciseStats& e) {
        return e.lesson == tally.lesson && e.exercise == tally.exercise;
      });
      if (it == out.exercises.end()) {
        ExerciseStats fresh;
        fresh.lesson = tally.lesson;
        fresh.exercise = tally.exercise;
        out.exercises.push_back(std::move(fresh));
        points.emplace_back();
        it = out.exercises.end() - 1;
      }
      auto& p = points[static_cast<std::size_t>(it - out.exercises.begin())];
      ++it->students;
      it->max_score = std::max(it->max_score, tally.max_score);
      const auto lesson = std::find_if(r.lessons.begin(), r.lessons.end(), [&](const auto& l) { return l.lesson == tally.lesson; });
      if (lesson == r.lessons.end() || !exercise_attempted(*lesson, tally.exercise)) continue;
      ++it->attempted;
      it->tests_passed += tally.tests.passed;
      it->tests_total += tally.tests.total;
      p.sum += tally.score;
      // Solved: every test passed, or awaits an instructor (not a failure).
      if (tally.tests.total > 0 && tally.tests.passed + tally.tests.pending_review == tally.tests.total) {
        ++it->solved;
        if (tally.tests.pending_review > 0) ++it->awaiting_review;
      }
    }

    for (const auto& l : r.lessons) {
      const Outcome o = lesson_outcome(l);
      if (!attempted(o)) ++out.lessons_not_attempted;
      if (needs_attention(o)) out.flagged.push_back({r.student, r.student_name, l.lesson, o, first_message(l, Audience::instructor)});
      for (const auto& t : l.tests) {
        if (t.status == TestStatus::not_run || t.status == TestStatus::pending_review) continue;
        if (!exercise_attempted(l, t.exercise)) continue;
        auto it = std::find_if(tests.begin(), tests.end(), [&](const TestTally& x) {
          return x.stats.lesson == l.lesson && x.stats.name == t.name;
        });
        if (it == tests.end()) {
          TestTally fresh;
          fresh.stats.lesson = l.lesson;
          fresh.stats.exercise = t.exercise;
          fresh.stats.name = t.name;
          it = tests.insert(tests.end(), std::move(fresh));
        }
        ++it->stats.attempted;
        if (t.status != TestStatus::passed) {
          ++it->stats.failed;
          ++it->messages[first_line_capped(shown_message(t, Audience::instructor))];
        }
      }
    }
  }
  for (Outcome o : all_outcomes())
    if (counts[o] > 0) out.by_outcome.push_back({o, counts[o]});

  for (std::size_t i = 0; i < out.exercises.size(); ++i) {
    auto& e = out.exercises[i];
    e.mean_points = e.attempted ? runner::exact_points(points[i].sum.value() / e.attempted) : 0;
  }
  std::stable_sort(out.exercises.begin(), out.exercises.end(), [course](const ExerciseStats& a, const ExerciseStats& b) {
    return course_position(course, a.lesson, a.exercise) < course_position(course, b.lesson, b.exercise);
  });

  std::vector<double> sorted = out.fractions;
  std::sort(sorted.begin(), sorted.end());
  if (const std::size_t n = sorted.size(); n > 0) {
    double sum = 0;
    for (double f : sorted) sum += f;
    out.mean = sum / static_cast<double>(n);
    out.median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    out.lowest = sorted.front();
    out.highest = sorted.back();
  }

  std::stable_sort(tests.begin(), tests.end(), [course](const TestTally& a, const TestTally& b) {
    if (a.stats.failed != b.stats.failed) return a.stats.failed > b.stats.failed;
    return course_position(course, a.stats.lesson, a.stats.exercise) < course_position(course, b.stats.lesson, b.stats.exercise);
  });
  for (auto& t : tests) {
    if (t.stats.failed == 0 || out.hardest.size() == 10) break;
    // The most frequent message; among equals the first in text order (stable across runs).
    for (const auto& [message, count] : t.messages)
      if (count > t.stats.common_count) {
        t.stats.common_message = message;
        t.stats.common_count = count;
      }
    out.hardest.push_back(std::move(t.stats));
  }
  return out;
}

}  // namespace grader::report
