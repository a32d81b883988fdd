#include "grader/report/terminal.hpp"

#include <algorithm>

#include <fmt/format.h>

#include <set>
#include <sstream>

#include "grader/report/lesson_summary.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/runner/points.hpp"

namespace grader::report {
namespace {

struct Colors {
  bool on;
  std::string green() const { return on ? "\033[32m" : ""; }
  std::string red() const { return on ? "\033[31m" : ""; }
  std::string yellow() const { return on ? "\033[33m" : ""; }
  std::string dim() const { return on ? "\033[2m" : ""; }
  std::string bold() const { return on ? "\033[1m" : ""; }
  std::string reset() const { return on ? "\033[0m" : ""; }
};

/// Submission text (a message, compiler output) indented under its heading,
/// with the text rule applied: only the grader's own colours reach the terminal.
std::string indent(const std::string& text, const std::string& pad, std::size_t max_lines) {
  std::istringstream in(plain_text(text));
  std::string line, out;
  std::size_t n = 0, total = 0;
  while (std::getline(in, line)) {
    ++total;
    if (n < max_lines) {
      out += pad + line + "\n";
      ++n;
    }
  }
  if (total > n) out += pad + fmt::format("... ({} more lines)\n", total - n);
  return out;
}

std::string points(double v) { return format_points(v); }

}  // namespace

static std::string totals_line(const course::Course& course, const runner::SubmissionResult& result,
                        const std::set<std::string>& exercises, bool hidden_graded, double pending_points) {
  // The total is always the result's own (the one every format shows).
  std::string pending = pending_points > 0 ? fmt::format(" ({} awaiting review)", points(pending_points)) : "";
  const bool whole_course = exercises.size() == [&] {
    std::size_t n = 0;
    for (const auto& l : course.lessons) n += l.exercises.size();
    return n;
  }();
  const double course_max = runner::course_max_points(course, whole_course ? std::set<std::string>{} : exercises);
  if (hidden_graded)
    return fmt::format("{}/{} points{}", points(result.score), points(result.max_score), pending);
  return fmt::format("public tests: {}/{} points of the {}'s {}{}", points(result.score), points(result.max_score),
                     whole_course ? "course" : "selection", points(course_max), pending);
}

std::string exercise_state(const runner::LessonResult& lesson, const std::string& exercise) {
  if (lesson.status == runner::LessonStatus::compile_error || lesson.status == runner::LessonStatus::did_not_start ||
      lesson.status == runner::LessonStatus::internal_error)
    return "broken";
  int total = 0, passed = 0, stub = 0, pending = 0;
  for (const auto& t : lesson.tests) {
    if (t.exercise != exercise) continue;
    ++total;
    if (t.status == runner::TestStatus::passed) ++passed;
    if (t.status == runner::TestStatus::not_implemented) ++stub;
    if (t.status == runner::TestStatus::pending_review) ++pending;
  }
  if (total == 0) return "no tests";
  if (passed == total) return "done";
  if (passed + pending == total) return "awaiting review";
  if (stub == total) return "not started";
  return "in progress";
}

void print_check(std::ostream& out, const course::Course& course, const runner::SubmissionResult& result,
                 const TerminalStyle& style) {
  Colors c{style.color};
  out << c.bold() << course.title << c.reset() << c.dim() << "  (course " << course.version << ")" << c.reset() << "\n";
  int exercises = 0, done = 0;
  runner::PointSum pending_points;
  std::set<std::string> shown_exercises;
  std::string first_unfinished;
  for (const auto& lesson_result : result.lessons) {
    const course::Lesson* lesson = course.find_lesson(lesson_result.lesson);
    if (!lesson) continue;
    out << "\n" << c.bold() << lesson->id << c.reset() << "  " << lesson->title;
    if (lesson_result.status != runner::LessonStatus::graded)
      out << "  " << c.red() << "[" << runner::to_string(lesson_result.status) << "]" << c.reset();
    out << "\n";
    if (!lesson_result.detail.empty()) out << indent(lesson_result.detail, "    ", 25);
    for (const auto& exercise : lesson->exercises) {
      std::vector<const runner::TestResult*> tests;
      for (const auto& t : lesson_result.tests)
        if (t.exercise == exercise.id) tests.push_back(&t);
      if (tests.empty() && lesson_result.status == runner::LessonStatus::graded) continue;  // not selected
      ++exercises;
      shown_exercises.insert(exercise.id);
      std::string state = exercise_state(lesson_result, exercise.id);
      int passed = 0;
      runner::PointSum got, max;
      for (const auto* t : tests) {
        passed += t->status == runner::TestStatus::passed;
        got += t->score;
        max += t->max_score;
        if (t->status == runner::TestStatus::pending_review) pending_points += t->max_score;
      }
      // A lesson that could not run still shows what its exercises are worth.
      if (tests.empty()) max += runner::exercise_max_points(exercise, 0, style.hidden_graded);
      std::string mark = state == "done" ? c.green() + "✔" : state == "awaiting review" ? c.green() + "…" : state == "not started" ? c.dim() + "·" : state == "broken" ? c.red() + "✘" : c.yellow() + "◐";
      if (state == "done" || state == "awaiting review") ++done;
      else if (first_unfinished.empty()) first_unfinished = exercise.id;
      // A quiz is only form-checked without its answer key: it has no points here.
      const bool unscored_quiz = exercise.kind == course::ExerciseKind::quiz && !style.hidden_graded;
      std::string score_text = unscored_quiz ? fmt::format("{:>6} {:<6}", "-", "") : fmt::format("{:>6}/{:<6}", points(got.value()), points(max.value()));
      out << fmt::format("  {}{} {:<16}{} {:<40} {:>3}/{:<3} tests {} {}", mark, c.reset(), exercise.id,
                         c.reset(), exercise.title.substr(0, 40), passed, tests.size(), score_text, state);
      if (unscored_quiz && exercise.points)
        out << c.dim() << " (" << points(*exercise.points) << " points, scored when you submit)" << c.reset();
      out << "\n";
      std::size_t shown = 0;
      bool stub_noted = false;
      for (const auto* t : tests) {
        if (t->status == runner::TestStatus::passed || t->status == runner::TestStatus::not_run) continue;
        if (t->status == runner::TestStatus::not_implemented) {
          if (!stub_noted) out << c.dim() << "      not implemented yet: " << t->message.substr(0, 0) << "start with the TODO in "
                               << (exercise.files.empty() ? std::string("the starter") : "starter/" + exercise.files.front())
                               << c.reset() << "\n";
          stub_noted = true;
          continue;
        }
        if (t->status == runner::TestStatus::pending_review) {
          out << "      " << c.yellow() << "… " << plain_line(t->name) << c.reset() << c.dim()
              << fmt::format(" ({} pts): awaiting review by an instructor", points(t->max_score)) << c.reset() << "\n";
          continue;
        }
        if (shown++ >= style.max_failures_shown) continue;
        out << "      " << c.red() << "✘ " << plain_line(t->name) << c.reset()
            << c.dim() << fmt::format(" ({} pts)", points(t->max_score)) << c.reset() << "\n";
        bool details = !style.student_view || t->show_details;
        out << indent(details ? t->message : t->public_message, "        ", style.max_message_lines);
      }
      if (shown > style.max_failures_shown)
        out << c.dim() << fmt::format("      ... and {} more failing tests\n", shown - style.max_failures_shown) << c.reset();
    }
  }
  // Files that were there but refused (a link, a binary, too large): the
  // starter stood in for them, so say which and why.
  for (const auto& refused : result.rejected_files) {
    bool graded_here = std::any_of(result.lessons.begin(), result.lessons.end(), [&](const runner::LessonResult& l) {
      return refused.rfind(l.lesson + "/", 0) == 0;
    });
    if (graded_here) out << "\n" << c.red() << "Refused: " << c.reset() << refused;
  }
  int width = 30;
  int filled = exercises ? done * width / exercises : 0;
  out << "\n" << c.bold() << "Progress: [" << std::string(static_cast<std::size_t>(filled), '#')
      << std::string(static_cast<std::size_t>(width - filled), '.') << "] " << done << "/" << exercises
      << " exercises done, " << totals_line(course, result, shown_exercises, style.hidden_graded, pending_points.value())
      << c.reset() << "\n";
  if (!first_unfinished.empty())
    out << "Next: " << first_unfinished << " (stuck? grader hint " << first_unfinished << ")\n";
  else if (exercises > 0 && !course.closing.empty())
    out << "\n" << course.closing;
}

}  // namespace grader::report
