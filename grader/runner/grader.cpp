#include "grader/runner/grader.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <chrono>
#include <fstream>
#include <map>
#include <mutex>

#include "grader/build/staleness.hpp"
#include "grader/runner/lesson/blame.hpp"
#include "grader/runner/lesson/limits.hpp"
#include "grader/runner/lesson/score.hpp"
#include "grader/runner/lesson/suite_runs.hpp"
#include "grader/runner/lesson/test_plan.hpp"
#include "grader/runner/lesson/untouched.hpp"
#include "grader/runner/lesson/worker_build.hpp"
#include "grader/runner/points.hpp"
#include "grader/runner/quiz.hpp"
#include "grader/runner/suite_run.hpp"
#include "grader/sandbox/process.hpp"
#include "grader/util/caps.hpp"
#include "grader/util/files.hpp"
#include "grader/util/hash.hpp"
#include "grader/util/parallel_for.hpp"
#include "grader/util/safe_open.hpp"
#include "grader/util/text.hpp"

namespace grader::runner {
namespace fs = std::filesystem;

namespace {

/// The built pieces grading a lesson runs or links: its `suites`, its
/// worker's libraries, the callback stubs of the `served` lessons and those
/// of the exercises its workers serve.
std::vector<std::string> built_pieces(const build::Toolchain& toolchain, const build::LessonArtifacts& artifacts,
                                      const std::vector<SuiteToRun>& suites, const std::vector<std::string>& served,
                                      const std::vector<WorkerGroup>& groups) {
  std::vector<std::string> pieces;
  for (const auto& suite : suites) pieces.push_back(suite.path);
  pieces.insert(pieces.end(), artifacts.worker_libraries.begin(), artifacts.worker_libraries.end());
  for (const auto& used : served)
    if (const auto* u = toolchain.lesson(used); u && !u->use_stubs.empty()) pieces.push_back(u->use_stubs);
  for (const auto& g : groups)
    for (const auto& e : g.served_exercises) pieces.push_back(artifacts.exercise_stubs.at(e));
  return pieces;
}

/// The selected code exercises of `lesson`, in the lesson's order.
std::vector<const course::Exercise*> code_exercises(const course::Lesson& lesson, const SelectedExercises& selected) {
  std::vector<const course::Exercise*> out;
  for (const auto& e : lesson.exercises)
    if (e.kind == course::ExerciseKind::code && selected.count(e.id)) out.push_back(&e);
  return out;
}

/// `suites` narrowed to the planned tests of `group`'s exercises (a suite
/// with none of them is left out).
std::vector<SuiteToRun> group_suites(const std::vector<SuiteToRun>& suites, const std::vector<PlannedTest>& planned,
                                     const WorkerGroup& group) {
  std::vector<SuiteToRun> out;
  for (const auto& suite : suites) {
    SuiteToRun narrowed = suite;
    for (const auto& p : planned)
      if (p.suite == suite.path &&
          std::find(group.exercises.begin(), group.exercises.end(), p.test.exercise) != group.exercises.end())
        narrowed.tests.push_back(p.test.name);
    if (!narrowed.tests.empty()) out.push_back(std::move(narrowed));
  }
  return out;
}

}  // namespace

std::vector<std::string> worker_files(const course::Course& course, const course::Lesson& lesson,
                                      const std::vector<std::string>& served) {
  std::vector<std::string> files;
  auto add = [&](const course::Lesson& l) {
    for (const auto& e : l.exercises)
      if (e.kind == course::ExerciseKind::code)
        for (const auto& f : e.files)
          if (std::find(files.begin(), files.end(), f) == files.end()) files.push_back(f);
  };
  for (const auto& used : lesson.uses)
    if (const auto* l = course.find_lesson(used); l && std::find(served.begin(), served.end(), used) == served.end())
      add(*l);
  add(lesson);
  return files;
}

namespace {

// Why `head` (a file's first bytes) is not source code, or "" when it may be.
// Object files, libraries and programs are never compiled or linked.
std::string binary_kind(std::string_view head) {
  if (head.substr(0, 4) == "\x7f" "ELF") return "an ELF object file, library or program";
  if (head.substr(0, 8) == "!<arch>\n") return "a static library (ar archive)";
  if (head.find('\0') != std::string_view::npos) return "binary data (it holds NUL bytes)";
  return {};
}

// A lesson whose worker compiled the student's files of an earlier lesson
// (check, the handout, mode: student) can fail because of that lesson: when
// the earlier lesson failed in the same run, every failed test says so. The
// earlier lesson's failing exercises and their files name what to fix.
void note_failed_uses(const course::Course& course, const build::Toolchain& toolchain, bool include_hidden,
                      std::vector<LessonResult>& lessons) {
  auto result_of = [&](const std::string& id) -> const LessonResult* {
    for (const auto& l : lessons)
      if (l.lesson == id) return &l;
    return nullptr;
  };
  auto failed = [](TestStatus s) { return s != TestStatus::passed && s != TestStatus::pending_review; };
  for (auto& result : lessons) {
    const auto* lesson = course.find_lesson(result.lesson);
    if (!lesson) continue;
    const auto served = served_lessons(toolchain, *lesson, include_hidden);
    std::string notes;
    for (const auto& used : lesson->uses) {
      const LessonResult* earlier = result_of(used);
      const auto* earlier_lesson = course.find_lesson(used);
      if (!earlier || !earlier_lesson || std::find(served.begin(), served.end(), used) != served.end()) continue;
      std::set<std::string> failing;
      for (const auto& t : earlier->tests)
        if (failed(t.status)) failing.insert(t.exercise);
      if (earlier->status != LessonStatus::graded && earlier->status != LessonStatus::missing_files && failing.empty())
        for (const auto& e : earlier_lesson->exercises) failing.insert(e.id);
      std::string what;
      for (const auto& e : earlier_lesson->exercises) {
        if (!failing.count(e.id) || e.kind != course::ExerciseKind::code) continue;
        std::string files;
        for (const auto& f : e.files) files += (files.empty() ? "" : ", ") + f;
        what += (what.empty() ? "" : "; ") + e.id + ": " + files;
      }
      if (what.empty()) continue;
      notes += "note: this test calls your functions from lesson " + used + " (" + what +
               "), which failed: fix that lesson first\n";
    }
    if (notes.empty()) continue;
    for (auto& t : result.tests)
      if ((is_failure(t.status) || t.status == TestStatus::not_implemented) &&
          t.message.find("\n  at fault: ") == std::string::npos)  // already names the function at fault
        t.message = notes + t.message;
    if (result.status != LessonStatus::graded && result.status != LessonStatus::missing_files)
      result.detail = notes + result.detail;
  }
}

// A file the student did not touch: absent, or byte for byte the starter's.
// A refused file was sent, so it counts as touched.
bool untouched(const course::Course& course, const CollectedFiles& files, const std::string& rel) {
  if (std::find(files.missing.begin(), files.missing.end(), rel) != files.missing.end()) return true;
  for (const auto& r : files.rejected)
    if (r.rfind(rel + " ", 0) == 0) return false;
  auto it = std::lower_bound(files.files.begin(), files.files.end(), rel,
                             [](const auto& file, const std::string& name) { return file.first < name; });
  if (it == files.files.end() || it->first != rel) return true;
  const fs::path starter = course.root / "starter" / rel;
  std::error_code ec;
  if (!fs::is_regular_file(starter, ec)) return false;
  return it->second == util::read_file(starter);
}

void note_not_attempted(const course::Course& course, const CollectedFiles& files, const GradeOptions& options,
                        std::vector<LessonResult>& lessons) {
  std::size_t named = 0;
  std::set<std::string> seen;
  for (const auto& l : course.lessons)
    for (const auto& e : l.exercises)
      for (const auto& f : e.files)
        if (seen.insert(f).second) ++named;
  const bool empty = files.missing.size() == named && files.ignored.empty() && files.rejected.empty();
  for (auto& result : lessons) {
    if (result.status != LessonStatus::graded && result.status != LessonStatus::missing_files) continue;
    const auto* lesson = course.find_lesson(result.lesson);
    if (!lesson) continue;
    std::vector<std::string> own;
    for (const auto& e : lesson->exercises)
      if (options.exercises.empty() || options.exercises.count(e.id))
        for (const auto& f : e.files) own.push_back(f);
    if (own.empty() || !std::all_of(own.begin(), own.end(), [&](const auto& f) { return untouched(course, files, f); }))
      continue;
    if (empty) {
      result.status = LessonStatus::empty_submission;
      result.detail = "the submission holds no file at all";
      continue;
    }
    std::string list;
    for (const auto& f : own) list += (list.empty() ? "" : ", ") + f;
    result.status = LessonStatus::not_attempted;
    result.detail = "not attempted: every file of this lesson is missing or unchanged from the starter (" + list + ")";
  }
}

}  // namespace

Grader::Grader(const course::Course& course, const build::Toolchain& toolchain, fs::path cache_dir)
    : course_(course), toolchain_(toolchain), cache_dir_(std::move(cache_dir)) {
  // Compilers and linkers run in scratch folders: a relative cache would name another folder there.
  if (!cache_dir_.empty()) cache_dir_ = fs::absolute(cache_dir_).lexically_normal();
}

const std::set<std::pair<dev_t, ino_t>>& Grader::course_files() const {
  std::call_once(course_files_once_, [&] {
    for (const char* dir : {"solutions", "tests"}) {
      auto ids = util::file_identities(course_.root / dir);
      course_files_.insert(ids.begin(), ids.end());
    }
  });
  return course_files_;
}

CollectedFiles Grader::collect(const fs::path& workspace) const {
  CollectedFiles out;
  std::set<std::string> named;
  for (const auto& lesson : course_.lessons)
    for (const auto& e : lesson.exercises)
      for (const auto& f : e.files) named.insert(f);
  // The workspace itself is the caller's choice (trusted); nothing beneath it
  // is reached through a link.
  util::Fd root = util::open_trusted_directory(workspace);
  util::ReadRules rules;
  rules.max_bytes = kMaxStudentFileBytes;
  // Another name for a course file is refused, except when grading the
  // course's own folders (validate grades solutions/ and starter/).
  std::error_code ec_ws, ec_course;
  fs::path inside = fs::weakly_canonical(workspace, ec_ws).lexically_relative(fs::weakly_canonical(course_.root, ec_course));
  bool course_folder = !ec_ws && !ec_course && !inside.empty() &&
                       (*inside.begin() == "solutions" || *inside.begin() == "starter");
  if (!course_folder) rules.foreign = &course_files();
  if (struct stat st {}; root && ::fstat(root.get(), &st) == 0) rules.owner = st.st_uid;
  for (const auto& rel : named) {
    util::ReadResult read;
    if (root) read = util::read_beneath(root.get(), rel, rules);
    std::string reason;
    if (!read.refused.empty()) {
      if (read.component == rel && read.refused.find("symbolic link") != std::string::npos)
        reason = "is a symbolic link: never followed (only regular source files are accepted)";
      else if (read.component == rel && read.refused.rfind(rel + " ", 0) == 0)
        reason = read.refused.substr(rel.size() + 1);
      else
        reason = "was not read: " + read.refused;
    } else if (read.present) {
      if (std::string kind = binary_kind(read.content); !kind.empty())
        reason = "is " + kind + ", not source code (only source files are accepted)";
    }
    if (read.present && reason.empty()) {
      out.files.emplace_back(rel, std::move(read.content));
      continue;
    }
    if (!reason.empty()) out.rejected.push_back(rel + " " + reason);
    else out.missing.push_back(rel);
    // Fall back to the pristine starter so the lesson's other exercises still build.
    fs::path starter = course_.root / "starter" / rel;
    out.files.emplace_back(rel, fs::exists(starter) ? util::read_file(starter) : std::string());
  }
  // Everything else in the submission is listed, never compiled; links are
  // listed, never followed or descended into.
  if (root) {
    util::ReadRules head;
    head.max_bytes = 4096;
    head.head_only = true;
    for (const auto& entry : util::list_beneath(root.get(), true)) {
      if (entry.kind == util::Listed::Kind::directory || named.count(entry.rel)) continue;
      // The grader's own state in a workspace (remembered hints), not the student's work.
      if (entry.rel == ".grader" || entry.rel.rfind(".grader/", 0) == 0) continue;
      // What could never be used (a link, a binary) is refused, with the
      // reason, like a refused student file; anything else is ignored.
      if (entry.kind == util::Listed::Kind::symlink) {
        out.rejected.push_back(entry.rel + " (a symbolic link: never followed)");
        continue;
      }
      if (entry.kind == util::Listed::Kind::file) {
        auto first = util::read_beneath(root.get(), entry.rel, head);
        if (std::string kind = binary_kind(first.content); !kind.empty()) {
          out.rejected.push_back(entry.rel + " (" + kind + ": never compiled or linked; submit source files only)");
          continue;
        }
      }
      out.ignored.push_back(entry.rel);
    }
  }
  std::sort(out.files.begin(), out.files.end());
  std::sort(out.ignored.begin(), out.ignored.end());
  util::Sha256 h;
  for (const auto& [rel, content] : out.files) h.field(rel).field(content);
  out.content_hash = h.hex();
  return out;
}

std::vector<ListedTest> Grader::listing(const std::string& suite, const fs::path& scratch) const {
  {
    std::lock_guard<std::mutex> lock(listings_mutex_);
    if (auto it = listings_.find(suite); it != listings_.end()) return it->second;
  }
  std::vector<ListedTest> listed = list_suite(suite, scratch);  // unlocked: lessons list their suites in parallel
  std::lock_guard<std::mutex> lock(listings_mutex_);
  return listings_.emplace(suite, std::move(listed)).first->second;
}

LessonResult Grader::grade_lesson(const course::Lesson& lesson, const CollectedFiles& files,
                                  const GradeOptions& options) const {
  auto start = std::chrono::steady_clock::now();
  const GradingClock clock(options.deadline);
  LessonResult result;
  result.lesson = lesson.id;
  const SelectedExercises exercises = select_exercises(lesson, options.exercises);

  // Quiz exercises are graded by the trusted grader itself, from the answer file.
  for (const auto& [id, e] : exercises)
    if (e->kind == course::ExerciseKind::quiz) {
      auto quiz = grade_quiz(course_, lesson, *e, files, options.include_hidden);
      result.tests.insert(result.tests.end(), quiz.begin(), quiz.end());
    }

  util::TempDir scratch("grader-" + lesson.id);
  if (options.keep_work_dirs) scratch.keep();

  // Plan: which tests exist, per exercise (needed to split points and to
  // report tests that never ran).
  const std::vector<std::string> served = served_lessons(toolchain_, lesson, options.include_hidden);
  // One worker per set of served exercises of the lesson (docs/architecture.md,
  // "Exercises of the same lesson"); just the lesson's own one without them.
  const std::vector<WorkerGroup> groups =
      worker_groups(toolchain_, lesson, code_exercises(lesson, exercises), options.include_hidden);
  const bool grouped = groups.size() > 1;
  std::vector<SuiteToRun> suites;
  if (has_code(exercises)) {
    if (const auto* artifacts = toolchain_.lesson(lesson.id)) {
      suites = suites_to_run(*artifacts, !served.empty() || grouped, options.include_hidden);
      if (const auto stale =
              build::find_stale_build(toolchain_, built_pieces(toolchain_, *artifacts, suites, served, groups))) {
        // Never graded with an old suite, and never a student's compile error.
        result.status = LessonStatus::internal_error;
        result.detail = stale->message;
        suites.clear();
      }
    } else {
      result.status = LessonStatus::internal_error;
      result.detail = "lesson '" + lesson.id + "' is not built into this grader; rebuild the course (cmake --build build)";
    }
  }
  std::vector<SuiteListing> listings;
  for (const auto& suite : suites) {
    try {
      listings.push_back({suite, listing(suite.path, scratch.path())});
    } catch (const std::exception& e) {
      result.status = LessonStatus::internal_error;
      result.detail = e.what();
    }
  }
  std::vector<PlannedTest> planned = plan_tests(lesson, exercises, listings);
  const WorkerSources sources = worker_sources(course_, lesson, served, files);

  if (!planned.empty() && result.status == LessonStatus::graded && clock.seconds_left() == 0) {
    result.status = LessonStatus::timed_out;
    result.detail = "the time allowed for grading ran out before this lesson started; its tests were not run";
  }
  if (!planned.empty() && result.status == LessonStatus::graded) {
    // Limits, build, run.
    const LessonLimits limits =
        resolve_lesson_limits(course_, lesson, exercises, clock.seconds_left(), clock.has_deadline());
    auto built = build_worker(toolchain_, cache_dir_, lesson, sources, served, scratch.path(), limits.build);
    if (!built.isolation.empty()) result.isolation.push_back({"compiler", built.isolation});
    if (!built.ok) {
      result.status = LessonStatus::compile_error;
      result.detail = built.diagnostics;
      mark_not_run(planned, "not run: the lesson's files did not compile (see the compiler errors above)");
    } else {
      SuitesRun run;
      // Per test's exercise: what answered from the reference in its run
      // (a failure inside it is not the student's function's).
      std::map<std::string, std::vector<std::string>> answered;
      std::map<std::string, std::string> unlinked;  // test key -> why it did not run
      for (std::size_t i = 0; i < groups.size(); ++i) {
        const WorkerGroup& group = groups[i];
        if (group.exercises.empty()) continue;
        const std::vector<std::string> callbacks = callback_names(lesson, served, group);
        for (const auto& e : group.exercises) answered[e] = callbacks;
        if (!grouped) {
          run = run_suites(suites, built.worker, scratch.path(), limits, callbacks, clock, source_list(sources.sources));
          break;
        }
        const fs::path group_dir = scratch.path() / ("worker-" + std::to_string(i));
        fs::create_directories(group_dir);
        std::filesystem::path worker = built.worker;
        WorkerSources group_sources = sources;
        if (!group.served_exercises.empty()) {
          group_sources = worker_sources(course_, lesson, served, files, group.served_exercises);
          auto group_built = build_worker(toolchain_, cache_dir_, lesson, group_sources, served, group_dir, limits.build,
                                          group.served_exercises);
          if (!group_built.ok) {
            // The lesson's files compiled together, so this is a link: the
            // exercise's code needs a function of the served files beyond their header's.
            std::string served_list;
            for (const auto& e : group.served_exercises) served_list += (served_list.empty() ? "" : ", ") + e;
            for (const auto& p : planned)
              if (std::find(group.exercises.begin(), group.exercises.end(), p.test.exercise) != group.exercises.end())
                unlinked[suite_test_key(p.suite, p.test.name)] =
                    "not run: this exercise is graded with the reference functions of exercise(s) " + served_list +
                    " (course.yaml `uses`), and its files did not link without yours: they may call only the "
                    "functions of the lesson's header there\n" +
                    group_built.diagnostics.substr(0, 2000);
            continue;
          }
          worker = group_built.worker;
        }
        SuitesRun part = run_suites(group_suites(suites, planned, group), worker, group_dir, limits, callbacks, clock,
                                    source_list(group_sources.sources));
        const bool stop = part.did_not_start;
        merge_runs(run, std::move(part));
        if (stop) break;  // the other workers hold the same files: they would not start either
      }
      result.status = run.status;
      result.detail = run.detail;
      for (const auto& d : run.worker_isolation) result.isolation.push_back({"worker", d});
      record_outcomes(planned, run);
      for (auto& p : planned)
        if (auto it = unlinked.find(suite_test_key(p.suite, p.test.name)); it != unlinked.end()) p.test.message = it->second;
      name_functions_at_fault(course_, lesson, planned, run, answered);
    }
    note_missing_files(result, planned, sources.missing, exercises);
  } else if (!planned.empty()) {
    mark_not_run(planned, "not run: " + result.detail);
  }

  for (auto& p : planned) result.tests.push_back(std::move(p.test));
  result.untouched_exercises = untouched_exercises(course_.root, exercises, files.files);
  score_lesson(result, exercises, options.include_hidden);
  result.seconds = util::seconds_since(start);
  return result;
}

SubmissionResult Grader::grade(const fs::path& workspace, const GradeOptions& options) const {
  SubmissionResult result = grade(collect(workspace), options);
  result.source = workspace.string();
  result.source_paths = {{fs::absolute(workspace).string(), {}}};
  result.student = workspace.filename().string();
  return result;
}

SubmissionResult Grader::grade(const CollectedFiles& files, const GradeOptions& options) const {
  auto start = std::chrono::steady_clock::now();
  SubmissionResult result;
  result.course_version = course_.version;
  result.content_hash = files.content_hash;
  result.ignored_files = files.ignored;
  result.rejected_files = files.rejected;

  std::vector<const course::Lesson*> lessons;
  for (const auto& l : course_.lessons) {
    if (!options.lessons.empty() && std::find(options.lessons.begin(), options.lessons.end(), l.id) == options.lessons.end())
      continue;
    bool any = std::any_of(l.exercises.begin(), l.exercises.end(),
                           [&](const auto& e) { return options.exercises.empty() || options.exercises.count(e.id); });
    if (any) lessons.push_back(&l);
  }
  // In check (no references), a lesson whose worker compiles an earlier
  // lesson's student files is checked along with that lesson, whole, so that
  // a failure caused there can say so (note_failed_uses); the earlier
  // lesson's own results are not reported unless it was asked for.
  const std::size_t asked = lessons.size();
  GradeOptions context_options = options;
  context_options.exercises.clear();
  context_options.on_lesson_done = nullptr;
  if (!options.include_hidden)
    for (std::size_t i = 0; i < asked; ++i)
      for (const auto& used : lessons[i]->uses)
        if (const auto* u = course_.find_lesson(used); u && std::find(lessons.begin(), lessons.end(), u) == lessons.end())
          lessons.push_back(u);
  std::vector<LessonResult> graded(lessons.size());
  // Lessons are independent: grade several at once (each compiles and runs
  // its own worker).
  util::parallel_for(lessons.size(), options.jobs, [&](std::size_t i) {
    LessonResult r;
    const GradeOptions& lesson_options = i < asked ? options : context_options;
    try {
      r = grade_lesson(*lessons[i], files, lesson_options);
    } catch (const std::exception& e) {
      r.lesson = lessons[i]->id;
      r.status = LessonStatus::internal_error;
      r.detail = e.what();
      // The lesson's points still count in the maximum (it scores 0 of them).
      score_lesson(r, select_exercises(*lessons[i], lesson_options.exercises), lesson_options.include_hidden);
    }
    if (lesson_options.on_lesson_done) lesson_options.on_lesson_done(r);
    graded[i] = std::move(r);
  });
  note_failed_uses(course_, toolchain_, options.include_hidden, graded);
  graded.resize(asked);
  if (options.note_not_attempted) note_not_attempted(course_, files, options, graded);
  result.lessons = std::move(graded);

  PointSum score, max_score;
  for (const auto& l : result.lessons) {
    score += l.score;
    max_score += l.max_score;
  }
  result.score = score.value();
  result.max_score = max_score.value();
  result.seconds = util::seconds_since(start);
  return result;
}

}  // namespace grader::runner
