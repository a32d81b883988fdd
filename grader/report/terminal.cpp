#include "grader/report/terminal.hpp"

#include <algorithm>
#include <utility>
#include <vector>
#include <cctype>

#include <fmt/format.h>

#include <set>
#include <string_view>
#include <sstream>

#include "grader/report/colors.hpp"
#include "grader/report/lesson_summary.hpp"
#include "grader/report/outcome.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/runner/points.hpp"
#include "grader/util/command_name.hpp"
#include "grader/util/text.hpp"

namespace grader::report {
namespace {

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
  if (total > n) out += pad + fmt::format("... {} further lines not shown\n", total - n);
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

const char* to_string(ExerciseState state) {
  switch (state) {
    case ExerciseState::done: return "done";
    case ExerciseState::awaiting_review: return "awaiting review";
    case ExerciseState::in_progress: return "in progress";
    case ExerciseState::not_started: return "not started";
    case ExerciseState::broken: return "broken";
    case ExerciseState::no_tests: return "no tests";
  }
  return "in progress";
}

bool finished(ExerciseState state) { return state == ExerciseState::done || state == ExerciseState::awaiting_review; }

ExerciseState exercise_state(const runner::LessonResult& lesson, const std::string& exercise) {
  if (lesson.status == runner::LessonStatus::compile_error || lesson.status == runner::LessonStatus::did_not_start ||
      lesson.status == runner::LessonStatus::internal_error)
    return ExerciseState::broken;
  int total = 0, passed = 0, stub = 0, pending = 0, elsewhere = 0;
  for (const auto& t : lesson.tests) {
    if (t.exercise != exercise) continue;
    ++total;
    if (t.status == runner::TestStatus::passed) ++passed;
    if (t.status == runner::TestStatus::not_implemented) ++stub;
    if (t.status == runner::TestStatus::pending_review) ++pending;
    // Failed in another exercise's function (runner/lesson/blame.hpp): says nothing of this one's code.
    if (t.status != runner::TestStatus::not_implemented && !t.at_fault_exercise.empty()) ++elsewhere;
  }
  if (total == 0) return ExerciseState::no_tests;
  if (passed == total) return ExerciseState::done;
  if (passed + pending == total) return ExerciseState::awaiting_review;
  // An untouched starter whose other tests only reached another exercise's
  // stub has not been started, whatever those tests' status; nor has a
  // starter to repair that is still as shipped (runner/lesson/untouched.hpp).
  if (stub > 0 && stub + elsewhere == total) return ExerciseState::not_started;
  const auto& untouched = lesson.untouched_exercises;
  if (std::find(untouched.begin(), untouched.end(), exercise) != untouched.end()) return ExerciseState::not_started;
  return ExerciseState::in_progress;
}

namespace {

/// One selected exercise of one graded lesson: its tests and their tally.
struct ExerciseView {
  const course::Exercise* exercise = nullptr;
  std::vector<const runner::TestResult*> tests;
  ExerciseState state = ExerciseState::no_tests;
  int passed = 0;
  runner::PointSum got, max, pending;
  /// A quiz is only form-checked without its answer key: it has no points here.
  bool unscored_quiz = false;
};

struct LessonView {
  const course::Lesson* lesson = nullptr;
  const runner::LessonResult* result = nullptr;
  std::vector<ExerciseView> exercises;
  int done = 0;
  runner::PointSum got, max;
};

std::vector<LessonView> lesson_views(const course::Course& course, const runner::SubmissionResult& result,
                                     bool hidden_graded) {
  std::vector<LessonView> views;
  for (const auto& lesson_result : result.lessons) {
    LessonView view;
    view.lesson = course.find_lesson(lesson_result.lesson);
    if (!view.lesson) continue;
    view.result = &lesson_result;
    for (const auto& exercise : view.lesson->exercises) {
      ExerciseView e;
      e.exercise = &exercise;
      for (const auto& t : lesson_result.tests)
        if (t.exercise == exercise.id) e.tests.push_back(&t);
      if (e.tests.empty() && lesson_result.status == runner::LessonStatus::graded) continue;  // not selected
      e.state = exercise_state(lesson_result, exercise.id);
      for (const auto* t : e.tests) {
        e.passed += t->status == runner::TestStatus::passed;
        e.got += t->score;
        e.max += t->max_score;
        if (t->status == runner::TestStatus::pending_review) e.pending += t->max_score;
      }
      // A lesson that could not run still shows what its exercises are worth.
      if (e.tests.empty()) e.max += runner::exercise_max_points(exercise, 0, hidden_graded);
      e.unscored_quiz = exercise.kind == course::ExerciseKind::quiz && !hidden_graded;
      view.done += finished(e.state);
      view.got += e.got.value();
      view.max += e.max.value();
      view.exercises.push_back(std::move(e));
    }
    views.push_back(std::move(view));
  }
  return views;
}

/// The failing test whose function at fault every failing test of `e`
/// shares (another exercise's function: runner/lesson/blame.hpp), or nullptr
/// when some failure is the exercise's own or they name different ones.
const runner::TestResult* shared_fault(const ExerciseView& e) {
  const runner::TestResult* first = nullptr;
  for (const auto* t : e.tests) {
    if (!runner::is_failure(t->status) && t->status != runner::TestStatus::not_implemented) continue;
    if (t->at_fault_exercise.empty()) return nullptr;
    if (!first) first = t;
    else if (t->at_fault_exercise != first->at_fault_exercise || t->at_fault_function != first->at_fault_function)
      return nullptr;
  }
  return first;
}

/// `message` with every "likely cause: ..." line already in `shown` said as
/// "likely cause: as above" (one exercise's failures often share one cause:
/// a student reads it once); the others are added to `shown`.
std::string causes_once(const std::string& message, std::set<std::string>& shown) {
  static constexpr std::string_view kCause = "likely cause: ";
  std::string out;
  for (const std::string_view piece : util::lines_with_endings(message)) {
    std::string line(piece);
    const std::size_t at = line.find_first_not_of(' ');
    if (at != std::string::npos && line.compare(at, kCause.size(), kCause) == 0) {
      std::string cause = line.substr(at);
      while (!cause.empty() && (cause.back() == '\n' || cause.back() == '\r')) cause.pop_back();
      if (!shown.insert(cause).second)
        line = line.substr(0, at) + std::string(kCause) + "as above" + (line.back() == '\n' ? "\n" : "");
    }
    out += line;
  }
  return out;
}

/// `message` with a call said again on a later line of the same test
/// ("f(<tensor (1, 2, 4) [...]>).output: expected 8, got -1", one line per
/// wrong element) shortened to "same call: expected 8, got -1": the student
/// reads the call once, then what went wrong where.
std::string calls_once(const std::string& message) {
  static constexpr std::string_view kExpected = ": expected ";
  static constexpr std::size_t kShortest = 24;  // shorter subjects are read at a glance: keep them
  std::set<std::string> seen;
  std::string out;
  for (const std::string_view piece : util::lines_with_endings(message)) {
    std::string line(piece);
    const std::size_t at = line.find(kExpected);
    const std::size_t start = line.find_first_not_of(' ');
    if (at != std::string::npos && start != std::string::npos && at > start + kShortest) {
      const std::string subject = line.substr(start, at - start);
      if (!seen.insert(subject).second) line = line.substr(0, start) + "same call" + line.substr(at);
    }
    out += line;
  }
  return out;
}

/// "lesson L, exercise E" for "L/E".
std::string exercise_words(const std::string& lesson_exercise) {
  const auto slash = lesson_exercise.find('/');
  if (slash == std::string::npos) return "exercise " + lesson_exercise;
  return "lesson " + lesson_exercise.substr(0, slash) + ", exercise " + lesson_exercise.substr(slash + 1);
}

std::string mark(const Colors& c, ExerciseState state) {
  switch (state) {
    case ExerciseState::done: return c.paint(Ink::good, "✔");
    case ExerciseState::awaiting_review: return c.paint(Ink::good, "…");
    case ExerciseState::not_started: return c.paint(Ink::quiet, "·");
    case ExerciseState::broken: return c.paint(Ink::bad, "✘");
    case ExerciseState::in_progress:
    case ExerciseState::no_tests: break;
  }
  return c.paint(Ink::pending, "◐");
}

/// Where the student edits `file`: beneath their workspace as they named it.
std::string workspace_file(const TerminalStyle& style, const course::Exercise& exercise) {
  if (exercise.files.empty()) return "the starter";
  std::string folder = style.workspace.empty() ? std::string("starter") : style.workspace;
  if (folder.back() != '/') folder += '/';
  return plain_line(folder + exercise.files.front());
}

/// What a quiz's unanswered questions are said as, where another exercise's
/// stubs say "not implemented yet": each question is a test, one not answered
/// yet is not_implemented (runner/quiz.hpp), so the count is of answers;
/// `check` adds that nothing is scored before submission.
std::string quiz_answers_line(const TerminalStyle& style, const course::Exercise& exercise, const ExerciseView& e) {
  const auto empty = static_cast<std::size_t>(std::count_if(e.tests.begin(), e.tests.end(), [](const runner::TestResult* t) {
    return t->status == runner::TestStatus::not_implemented;
  }));
  const std::size_t questions = e.tests.size();
  std::string line = fmt::format("{} of {} questions answered", questions - empty, questions);
  line += empty == questions ? ": start with the TODO in " + workspace_file(style, exercise)
                             : fmt::format(" ({} still empty in {})", empty, workspace_file(style, exercise));
  if (e.unscored_quiz) line += "; answers are scored when you submit";
  return line;
}

void print_exercise(std::ostream& out, const Colors& c, const TerminalStyle& style, const std::string& lesson,
                    const ExerciseView& e, bool failures) {
  const auto& exercise = *e.exercise;
  std::string score_text = e.unscored_quiz ? fmt::format("{:>6} {:<6}", "-", "")
                                           : fmt::format("{:>6}/{:<6}", points(e.got.value()), points(e.max.value()));
  out << fmt::format("  {} {:<16} {:<40} {:>3}/{:<3} tests {} {}", mark(c, e.state), exercise.id,
                     util::clipped(exercise.title, 40), e.passed, e.tests.size(), score_text, to_string(e.state));
  if (e.unscored_quiz && exercise.points)
    out << c.paint(Ink::quiet, " (" + points(*exercise.points) + " points, scored when you submit)");
  out << "\n";
  if (!failures) return;
  // A failure that reached another exercise's unfinished function waits for
  // that exercise: one line per such function (below), not one failure per
  // test repeating it. Not started, every failure at fault elsewhere waits.
  auto waits = [&e](const runner::TestResult& t) {
    if (t.at_fault_exercise.empty()) return false;
    return e.state == ExerciseState::not_started ? t.status != runner::TestStatus::not_implemented : t.at_fault_unfinished;
  };
  // One cause for all of them: say it once, before the failures that repeat it.
  const auto* fault = e.state == ExerciseState::not_started ? nullptr : shared_fault(e);  // not started: said below
  if (fault && !waits(*fault) && e.tests.size() - static_cast<std::size_t>(e.passed) > 1)
    out << c.paint(Ink::quiet, "      every failing test reached your `" + plain_line(fault->at_fault_function) +
                                   "` (" + plain_line(exercise_words(fault->at_fault_exercise)) + "): the fault is there, not in " +
                                   workspace_file(style, exercise))
        << "\n";
  // Not started, yet its own tests ran and failed: a starter to repair, as shipped.
  if (e.state == ExerciseState::not_started &&
      std::none_of(e.tests.begin(), e.tests.end(), [](const runner::TestResult* t) {
        return t->status == runner::TestStatus::not_implemented || !t->at_fault_exercise.empty();
      }))
    out << c.paint(Ink::quiet, "      the starter as shipped: its bugs are what these failures show (" +
                                   workspace_file(style, exercise) + ")")
        << "\n";
  std::size_t shown = 0;
  bool stub_noted = false;
  std::set<std::string> causes_shown;  // each likely cause said once per exercise
  std::vector<std::pair<const runner::TestResult*, int>> waiting;  // (first test, how many) per function
  for (const auto* t : e.tests) {
    if (t->status == runner::TestStatus::passed || t->status == runner::TestStatus::not_run) continue;
    if (waits(*t)) {
      auto same = std::find_if(waiting.begin(), waiting.end(), [&](const auto& w) {
        return w.first->at_fault_function == t->at_fault_function && w.first->at_fault_exercise == t->at_fault_exercise;
      });
      if (same == waiting.end()) waiting.emplace_back(t, 1);
      else ++same->second;
      continue;
    }
    if (t->status == runner::TestStatus::not_implemented) {
      if (!stub_noted)
        out << c.paint(Ink::quiet, "      " + (exercise.kind == course::ExerciseKind::quiz
                                                   ? quiz_answers_line(style, exercise, e)
                                                   : "not implemented yet: start with the TODO in " +
                                                         workspace_file(style, exercise)))
            << "\n";
      stub_noted = true;
      continue;
    }
    if (t->status == runner::TestStatus::pending_review) {
      out << "      " << c.paint(Ink::pending, "… " + plain_line(t->name))
          << c.paint(Ink::quiet, fmt::format(" ({} pts): awaiting review by an instructor", points(t->max_score))) << "\n";
      // The answer under review, as the student wrote it (sanitised by indent()).
      out << indent(t->message, "        ", style.max_message_lines);
      continue;
    }
    if (shown++ >= style.max_failures_shown) continue;
    out << "      " << c.paint(Ink::bad, "✘ " + plain_line(t->name))
        << c.paint(Ink::quiet, fmt::format(" ({} pts)", points(t->max_score))) << "\n";
    bool details = !style.student_view || t->show_details;
    out << indent(calls_once(causes_once(details ? t->message : t->public_message, causes_shown)), "        ",
                  style.max_message_lines);
  }
  for (const auto& [t, count] : waiting)
    out << c.paint(Ink::quiet, fmt::format("      {} {} your `{}` ({}{}) first: it is not finished yet\n", count,
                                           count == 1 ? "test needs" : "tests need", plain_line(t->at_fault_function),
                                           plain_line(exercise_words(t->at_fault_exercise)),
                                           t->at_fault_file.empty() ? "" : ": " + plain_line(t->at_fault_file)));
  if (shown > style.max_failures_shown) {
    const bool other_workspace = !style.workspace.empty() && style.workspace != "starter";
    // `grade` reports a submission (every failure is in --format json); check names its own command.
    const std::string rest = style.hidden_graded ? std::string(" (--format json lists every one)")
                                                 : ": " + util::command_name() + " check " + plain_line(lesson) +
                                                       (other_workspace ? " --workspace " + plain_line(style.workspace) : std::string()) +
                                                       " shows every one";
    out << c.paint(Ink::quiet, fmt::format("      ... and {} more failing tests{}\n", shown - style.max_failures_shown, rest));
  }
}

/// A lesson's detail (compiler output names files relative to the
/// workspace) with the course's student files named as the student knows
/// them: `vectors/dot.cpp:3:1:` becomes `my-work/vectors/dot.cpp:3:1:`.
std::string detail_in_workspace(const course::Course& course, const TerminalStyle& style, const std::string& detail) {
  if (style.workspace.empty()) return detail;
  std::string folder = plain_line(style.workspace.back() == '/' ? style.workspace : style.workspace + "/");
  std::istringstream in(detail);
  std::string line, out;
  auto names_student_file = [&course](const std::string& text) {
    for (const auto& lesson : course.lessons)
      for (const auto& e : lesson.exercises)
        for (const auto& f : e.files)
          if (text.rfind(f + ":", 0) == 0) return true;
    return false;
  };
  while (std::getline(in, line)) out += (names_student_file(line) ? folder : std::string()) + line + "\n";
  return out;
}

void print_detail(std::ostream& out, const course::Course& course, const TerminalStyle& style, const LessonView& v) {
  if (!v.result->detail.empty()) out << indent(detail_in_workspace(course, style, v.result->detail), "    ", 25);
}

void print_lesson_heading(std::ostream& out, const Colors& c, const LessonView& v) {
  out << "\n" << c.paint(Ink::heading, v.lesson->id) << "  " << v.lesson->title;
  // What happened to the lesson as a whole, in the reports' words (a test's
  // crash or timeout is told with that test).
  const Outcome outcome = lesson_outcome(*v.result);
  if (v.result->status != runner::LessonStatus::graded && !tests_ran(outcome))
    out << "  " << c.paint(Ink::bad, "[" + std::string(words_of(outcome)) + "]");
  out << "\n";
}

/// A lesson on one line: its state, exercises done and points.
void print_lesson_line(std::ostream& out, const Colors& c, const LessonView& v) {
  ExerciseState state = ExerciseState::in_progress;
  // The tests ran: the exercises' states tell (a lesson not attempted reads "not started").
  const Outcome outcome = lesson_outcome(*v.result);
  const bool ran = v.result->status == runner::LessonStatus::graded || tests_ran(outcome) || !attempted(outcome);
  if (!ran) state = ExerciseState::broken;
  else if (v.done == static_cast<int>(v.exercises.size())) state = ExerciseState::done;
  else if (std::all_of(v.exercises.begin(), v.exercises.end(),
                       [](const ExerciseView& e) { return e.state == ExerciseState::not_started; }))
    state = ExerciseState::not_started;
  std::string status = ran ? to_string(state) : std::string(words_of(outcome));
  // A lesson of quizzes checked without their answer keys has no points here
  // (not 0 of 0): like its exercise lines, it says what they are worth.
  const bool unscored = !v.exercises.empty() && std::all_of(v.exercises.begin(), v.exercises.end(),
                                                            [](const ExerciseView& e) { return e.unscored_quiz; });
  std::string score_text = fmt::format("{:>6}/{:<6}", points(v.got.value()), points(v.max.value()));
  std::string worth;
  if (unscored) {
    runner::PointSum total;
    for (const auto& e : v.exercises)
      if (e.exercise->points) total += *e.exercise->points;
    score_text = fmt::format("{:>6} {:<6}", "-", "");
    worth = c.paint(Ink::quiet, " (" + points(total.value()) + " points, scored when you submit)");
  }
  out << fmt::format("{} {} {:<36} {:>2}/{:<2} exercises {} {}{}\n", mark(c, state),
                     c.paint(Ink::heading, fmt::format("{:<21}", v.lesson->id)), util::clipped(v.lesson->title, 36), v.done,
                     v.exercises.size(), score_text, status, worth);
}

/// True when `message` names a call of `function`: "positional_encoding(5, 8): ..."
/// (not positional_encoding_loop(...), not my_positional_encoding(...)).
bool names_call(const std::string& message, const std::string& function) {
  const std::string name = function.substr(function.rfind(':') == std::string::npos ? 0 : function.rfind(':') + 1);
  const std::string first = function.find("::") == std::string::npos ? name : function.substr(0, function.find("::"));
  for (const std::string& f : {first, name}) {
    for (std::size_t at = message.find(f + "("); at != std::string::npos; at = message.find(f + "(", at + 1)) {
      const char before = at == 0 ? ' ' : message[at - 1];
      if (!(std::isalnum(static_cast<unsigned char>(before)) || before == '_')) return true;
    }
  }
  return false;
}

/// Under a lesson whose failing test (not a stub, of an exercise started)
/// names a function a picture draws from: that picture, so the student can
/// look at what their code computes.
void print_picture_hints(std::ostream& out, const Colors& c, const course::Course& course, const TerminalStyle& style,
                         const LessonView& v, const ExerciseView* only) {
  if (style.hidden_graded) return;  // `grade`: a report of a submission, not the student's loop
  const bool other_workspace = !style.workspace.empty() && style.workspace != "starter";
  for (const auto& p : course.pictures) {
    if (p.lesson != v.lesson->id) continue;
    bool failing = false;
    for (const auto& e : v.exercises) {
      if (only && &e != only) continue;
      // Not started: its functions (or those it needs) are stubs, and the picture could not draw yet.
      if (e.state == ExerciseState::not_started) continue;
      for (const auto* t : e.tests)
        if (runner::is_failure(t->status) && t->show_details)
          for (const auto& call : p.calls) failing = failing || names_call(t->message, call);
    }
    if (!failing) continue;
    out << c.paint(Ink::quiet, "      see it: " + util::command_name() + " picture " + p.name +
                                   (other_workspace ? " --workspace " + plain_line(style.workspace) : std::string()) +
                                   " -o " + p.name + ".png  (" + plain_line(p.title) + ", drawn by your code)")
        << "\n";
  }
}

/// For a lesson the grader could not run (internal_error): a "Next:" line
/// that is the fix (the rebuild command its detail names) instead of advice
/// about the student's code. False when every lesson ran.
bool print_build_problem_next(std::ostream& out, const runner::SubmissionResult& result) {
  const auto broken = std::find_if(result.lessons.begin(), result.lessons.end(), [](const runner::LessonResult& l) {
    return l.status == runner::LessonStatus::internal_error;
  });
  if (broken == result.lessons.end()) return false;
  for (const std::string marker : {"rebuild with: ", "build it with: "})
    if (const auto at = broken->detail.find(marker); at != std::string::npos) {
      const std::string command = broken->detail.substr(at + marker.size());
      out << "Next: the course build, not your code: " << plain_line(command.substr(0, command.find('\n')))
          << ", then run this command again\n";
      return true;
    }
  out << "Next: the grader could not run lesson " << plain_line(broken->lesson)
      << " (above), which is no fault of your code: tell whoever runs the course\n";
  return true;
}

}  // namespace

void print_check(std::ostream& out, const course::Course& course, const runner::SubmissionResult& result,
                 const TerminalStyle& given_style) {
  // Every pointer to a file names the folder that was graded: `grade ../ws`
  // sends the reader to ../ws/..., never to the course's starter/.
  TerminalStyle style = given_style;
  if (style.workspace.empty()) style.workspace = result.source.empty() ? std::string("starter") : result.source;
  const Colors c(style.color);
  out << c.paint(Ink::heading, course.title) << c.paint(Ink::quiet, "  (course " + course.version + ")") << "\n";
  const auto views = lesson_views(course, result, style.hidden_graded);
  int exercises = 0, done = 0;
  runner::PointSum pending_points;
  std::set<std::string> shown_exercises;
  const ExerciseView* next = nullptr;
  const LessonView* next_lesson = nullptr;
  for (const auto& v : views) {
    exercises += static_cast<int>(v.exercises.size());
    done += v.done;
    for (const auto& e : v.exercises) {
      shown_exercises.insert(e.exercise->id);
      pending_points += e.pending.value();
    }
    for (const auto& e : v.exercises)
      if (!next && !finished(e.state)) {
        next = &e;
        next_lesson = &v;
      }
  }
  if (style.outline) {
    // One line per lesson; the lesson of the next unfinished exercise shows
    // its exercises, and that exercise its failures.
    out << "\n";
    for (const auto& v : views) {
      print_lesson_line(out, c, v);
      if (&v != next_lesson) continue;
      print_detail(out, course, style, v);
      for (const auto& e : v.exercises) print_exercise(out, c, style, v.lesson->id, e, &e == next);
      print_picture_hints(out, c, course, style, v, next);
    }
  } else {
    for (const auto& v : views) {
      print_lesson_heading(out, c, v);
      print_detail(out, course, style, v);
      for (const auto& e : v.exercises) print_exercise(out, c, style, v.lesson->id, e, true);
      print_picture_hints(out, c, course, style, v, nullptr);
    }
  }
  // Files that were there but refused (a link, a binary, too large): the
  // starter stood in for them, so say which and why.
  for (const auto& refused : result.rejected_files) {
    bool graded_here = std::any_of(result.lessons.begin(), result.lessons.end(), [&](const runner::LessonResult& l) {
      return refused.rfind(l.lesson + "/", 0) == 0;
    });
    if (graded_here) out << "\n" << c.paint(Ink::bad, "Refused: ") << refused;
  }
  int width = 30;
  int filled = exercises ? done * width / exercises : 0;
  out << "\n"
      << c.paint(Ink::heading, "Progress: [" + std::string(static_cast<std::size_t>(filled), '#') +
                                   std::string(static_cast<std::size_t>(width - filled), '.') + "] " +
                                   std::to_string(done) + "/" + std::to_string(exercises) + " exercises done, " +
                                   totals_line(course, result, shown_exercises, style.hidden_graded, pending_points.value()))
      << "\n";
  // The grader could not run a lesson (the course build is out of date, a
  // broken install): advice about the student's code would be wrong.
  if (print_build_problem_next(out, result)) return;
  // When every failure of the next exercise is another exercise's function,
  // that exercise is the one to work on: send the student there.
  const course::Exercise* fault_exercise = nullptr;
  const course::Lesson* fault_lesson = nullptr;
  if (const auto* fault = next ? shared_fault(*next) : nullptr) {
    const auto slash = fault->at_fault_exercise.find('/');
    fault_lesson = course.find_lesson(fault->at_fault_exercise.substr(0, slash));
    if (fault_lesson && slash != std::string::npos)
      for (const auto& x : fault_lesson->exercises)
        if (x.id == fault->at_fault_exercise.substr(slash + 1)) fault_exercise = &x;
    if (fault_exercise) {
      out << "Next: " << fault_exercise->id << " in " << workspace_file(style, *fault_exercise) << " (lesson text: "
          << fault_lesson->folder << "/README.md): every failing test of " << next->exercise->id
          << " reached your `" << plain_line(fault->at_fault_function) << "` there; stuck? " << util::command_name() << " hint "
          << fault_exercise->id << "\n";
      if (style.outline)
        out << c.paint(Ink::quiet, "Every failure of a lesson: " + util::command_name() + " check " + fault_lesson->id) << "\n";
      return;
    }
  }
  if (next) {
    const std::string& id = next->exercise->id;
    out << "Next: " << id << " in " << workspace_file(style, *next->exercise) << " (lesson text: "
        << next_lesson->lesson->folder << "/README.md; stuck? " << util::command_name() << " hint " << id << ")\n";
    if (style.outline)
      out << c.paint(Ink::quiet, "Every failure of a lesson: " + util::command_name() + " check " + next_lesson->lesson->id)
          << "\n";
    return;
  }
  if (exercises == 0) return;
  // Everything graded passes. The closing words are for the end of the
  // course (or the chosen track); a finished lesson gets a line of its own.
  const std::size_t scope = style.scope_exercises > 0 ? style.scope_exercises : [&] {
    std::size_t n = 0;
    for (const auto& l : course.lessons) n += l.exercises.size();
    return n;
  }();
  if (static_cast<std::size_t>(done) >= scope) {
    if (!course.closing.empty()) out << "\n" << course.closing;
    return;
  }
  for (const auto& v : views) out << c.paint(Ink::good, "✔ ") << "Lesson " << v.lesson->id << " (" << v.lesson->title << ") is done: every exercise passes.\n";
  if (views.size() == 1) {
    for (std::size_t i = 0; i + 1 < course.lessons.size(); ++i)
      if (course.lessons[i].id == views.front().lesson->id)
        out << "Next lesson: " << course.lessons[i + 1].id << " (" << course.lessons[i + 1].title << "): " << util::command_name() << " check "
            << course.lessons[i + 1].id << "\n";
  }
}

}  // namespace grader::report
