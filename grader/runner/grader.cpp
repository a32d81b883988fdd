#include "grader/runner/grader.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <chrono>
#include <fstream>
#include <future>
#include <limits>
#include <map>
#include <mutex>

#include "grader/build/worker_builder.hpp"
#include "grader/runner/points.hpp"
#include "grader/runner/quiz.hpp"
#include "grader/runner/suite_run.hpp"
#include "grader/sandbox/process.hpp"
#include "grader/util/caps.hpp"
#include "grader/util/files.hpp"
#include "grader/util/hash.hpp"
#include "grader/util/safe_open.hpp"

namespace grader::runner {
namespace fs = std::filesystem;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Does a compiled test source path belong to a course-relative suite file?
bool same_source(const std::string& compiled, const std::string& listed) {
  if (compiled == listed) return true;
  return compiled.size() > listed.size() && compiled.compare(compiled.size() - listed.size(), listed.size(), listed) == 0 &&
         compiled[compiled.size() - listed.size() - 1] == '/';
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

// The used lessons whose reference behaviour the lesson is graded against
// (docs/architecture.md, "Earlier lessons' functions"): in `grade` (hidden
// suites, so an instructor build with references), every lesson of `uses`
// not written with mode: student, when the build can serve it.
std::vector<std::string> served_lessons(const build::Toolchain& toolchain, const course::Lesson& lesson,
                                        bool include_hidden) {
  std::vector<std::string> served;
  const auto* artifacts = toolchain.lesson(lesson.id);
  if (!include_hidden || !artifacts) return served;
  for (const auto& used : lesson.uses) {
    const auto* used_artifacts = toolchain.lesson(used);
    const auto& can = artifacts->callback_lessons;
    if (!lesson.uses_student_code.count(used) && used_artifacts && !used_artifacts->use_stubs.empty() &&
        std::find(can.begin(), can.end(), used) != can.end())
      served.push_back(used);
  }
  return served;
}

// Why `head` (a file's first bytes) is not source code, or "" when it may be.
// Object files, libraries and programs are never compiled or linked.
std::string binary_kind(std::string_view head) {
  if (head.substr(0, 4) == "\x7f" "ELF") return "an ELF object file, library or program";
  if (head.substr(0, 8) == "!<arch>\n") return "a static library (ar archive)";
  if (head.find('\0') != std::string_view::npos) return "binary data (it holds NUL bytes)";
  return {};
}

// "a.cpp, b.cpp": the student files a lesson's worker is built from.
std::string source_list(const std::vector<build::SourceFile>& sources) {
  std::string list;
  for (const auto& f : sources) list += (list.empty() ? "" : ", ") + f.relative;
  return list.empty() ? "(none)" : list;
}

std::string exercise_of(const course::Lesson& lesson, const std::string& source_file, bool& hidden) {
  for (const auto& e : lesson.exercises) {
    for (const auto& f : e.public_tests.files)
      if (same_source(source_file, f)) {
        hidden = false;
        return e.id;
      }
    for (const auto& f : e.hidden_tests.files)
      if (same_source(source_file, f)) {
        hidden = true;
        return e.id;
      }
  }
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
      if (t.status == TestStatus::failed || t.status == TestStatus::not_implemented) t.message = notes + t.message;
    if (result.status != LessonStatus::graded && result.status != LessonStatus::missing_files)
      result.detail = notes + result.detail;
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
  LessonResult result;
  result.lesson = lesson.id;

  auto selected = [&](const course::Exercise& e) { return options.exercises.empty() || options.exercises.count(e.id); };
  std::map<std::string, const course::Exercise*> by_id;
  for (const auto& e : lesson.exercises)
    if (selected(e)) by_id[e.id] = &e;

  // Quiz exercises are graded by the trusted grader itself, from the answer file.
  for (const auto& [id, e] : by_id)
    if (e->kind == course::ExerciseKind::quiz) {
      auto quiz = grade_quiz(course_, lesson, *e, files, options.include_hidden);
      result.tests.insert(result.tests.end(), quiz.begin(), quiz.end());
    }
  bool has_code = std::any_of(by_id.begin(), by_id.end(), [](const auto& kv) { return kv.second->kind == course::ExerciseKind::code; });

  util::TempDir scratch("grader-" + lesson.id);
  if (options.keep_work_dirs) scratch.keep();

  // Which tests exist, per exercise (needed to split points and to report
  // tests that never ran).
  std::vector<std::pair<std::string, bool>> suites;  // (path, hidden)
  const std::vector<std::string> served = served_lessons(toolchain_, lesson, options.include_hidden);
  if (has_code) {
    if (const auto* artifacts = toolchain_.lesson(lesson.id)) {
      // With callbacks, the public tests run in the suite that can answer them.
      auto public_suite = artifacts->suites.find(served.empty() ? "public" : "public_serving");
      if (public_suite != artifacts->suites.end()) suites.push_back({public_suite->second, false});
      if (options.include_hidden)
        if (auto it = artifacts->suites.find("hidden"); it != artifacts->suites.end()) suites.push_back({it->second, true});
    } else {
      result.status = LessonStatus::internal_error;
      result.detail = "lesson '" + lesson.id + "' is not built into this grader; rebuild the course (cmake --build build)";
    }
  }

  struct Planned {
    TestResult test;
    std::string suite;
  };
  std::vector<Planned> planned;
  for (const auto& [suite, hidden] : suites) {
    std::vector<ListedTest> listed;
    try {
      listed = listing(suite, scratch.path());
    } catch (const std::exception& e) {
      result.status = LessonStatus::internal_error;
      result.detail = e.what();
      continue;
    }
    for (const auto& t : listed) {
      bool in_hidden_file = false;
      std::string exercise = exercise_of(lesson, t.file, in_hidden_file);
      if (exercise.empty() || !by_id.count(exercise)) continue;  // unassigned tests are reported by validate
      const course::Exercise& e = *by_id[exercise];
      const course::Suite& s = in_hidden_file ? e.hidden_tests : e.public_tests;
      TestResult r;
      r.lesson = lesson.id;
      r.exercise = exercise;
      r.name = t.name;
      r.hidden = hidden;
      r.visibility = s.visibility;
      r.show_details = s.show_details;
      r.public_message = s.show_details ? "" : s.message;
      planned.push_back({std::move(r), suite});
    }
  }

  // Points: an exercise's total is split evenly over the tests being graded,
  // in whole thousandths that add up to exactly the exercise's points.
  std::map<std::string, std::vector<Planned*>> of_exercise;
  for (auto& p : planned) of_exercise[p.test.exercise].push_back(&p);
  for (auto& [id, tests] : of_exercise) {
    const auto& e = *by_id[id];
    if (e.points_per_test) {
      for (auto* p : tests) p->test.max_score = exact_points(*e.points_per_test);
      continue;
    }
    const std::vector<double> parts = split_points(e.points.value_or(0), tests.size());
    for (std::size_t i = 0; i < tests.size(); ++i) tests[i]->test.max_score = parts[i];
  }

  // Files the lesson needs, and which of them were missing from the submission.
  std::vector<build::SourceFile> sources;
  std::vector<std::string> missing_here;
  for (const auto& rel : worker_files(course_, lesson, served)) {
    auto it = std::find_if(files.files.begin(), files.files.end(), [&](const auto& f) { return f.first == rel; });
    if (it != files.files.end()) sources.push_back({rel, it->second});
    if (std::find(files.missing.begin(), files.missing.end(), rel) != files.missing.end()) missing_here.push_back(rel);
  }

  // Seconds left before the deadline (at least 1 while any is left), or 0.
  auto seconds_left = [&]() -> int {
    if (!options.deadline) return std::numeric_limits<int>::max();
    const double left = std::chrono::duration<double>(*options.deadline - std::chrono::steady_clock::now()).count();
    return left <= 0 ? 0 : std::max(1, static_cast<int>(left));
  };
  if (!planned.empty() && result.status == LessonStatus::graded && seconds_left() == 0) {
    result.status = LessonStatus::timed_out;
    result.detail = "the time allowed for grading ran out before this lesson started; its tests were not run";
    for (auto& p : planned) {
      p.test.status = TestStatus::not_run;
      p.test.message = "not run: the time allowed for grading ran out before this lesson started";
    }
  }
  if (!planned.empty() && result.status == LessonStatus::graded) {
    int call_timeout = 0, memory = 0, compile_timeout = 0;
    for (const auto& [id, e] : by_id) {
      auto lim = course::resolve(e->limits, lesson.limits, course_.limits);
      call_timeout = std::max(call_timeout, lim.call_timeout_ms);
      memory = std::max(memory, lim.memory_mb);
      compile_timeout = std::max(compile_timeout, lim.compile_timeout_s);
    }
    auto lesson_limits = course::resolve({}, lesson.limits, course_.limits);
    compile_timeout = std::max(1, std::min(compile_timeout, seconds_left()));
    const bool deadline_first = seconds_left() < lesson_limits.lesson_timeout_s;
    build::WorkerBuilder builder(toolchain_, cache_dir_);
    std::vector<std::string> stubs;  // the served lessons' functions, as callbacks
    for (const auto& used : served) stubs.push_back(toolchain_.lesson(used)->use_stubs);
    // CPU time limits each compile; its wall time may stretch on a busy machine, up to the deadline.
    build::BuildLimits build_limits{compile_timeout, 2048};
    if (options.deadline) build_limits.wall_timeout_s = std::max(1, std::min(build_limits.wall_seconds(), seconds_left()));
    auto built = builder.build(lesson.id, sources, scratch.path(), build_limits, stubs);
    if (!built.isolation.empty()) result.isolation.push_back({"compiler", built.isolation});
    if (!built.ok) {
      result.status = LessonStatus::compile_error;
      result.detail = built.diagnostics;
      for (auto& p : planned) {
        p.test.status = TestStatus::not_run;
        p.test.message = "not run: the lesson's files did not compile (see the compiler errors above)";
      }
    } else {
      std::map<std::string, SuiteOutcome::Line> lines;
      bool suites_cut = false;
      bool did_not_start = false;
      for (const auto& [suite, hidden] : suites) {
        fs::path suite_scratch = scratch.path() / (hidden ? "hidden" : "public");
        fs::create_directories(suite_scratch);
        const int lesson_timeout = std::max(1, std::min(lesson_limits.lesson_timeout_s, seconds_left()));
        auto outcome = run_suite(suite, built.worker, suite_scratch, {call_timeout, lesson_timeout, memory, served});
        if (!outcome.sandbox.empty() &&
            std::none_of(result.isolation.begin(), result.isolation.end(),
                         [&](const IsolationNote& n) { return n.who == "worker" && n.description == outcome.sandbox; }))
          result.isolation.push_back({"worker", outcome.sandbox});
        // Tests that ended before the worker failed to start keep their results.
        for (auto& l : outcome.lines) lines[suite + "\n" + l.name] = std::move(l);
        if (!outcome.did_not_start.empty()) {
          // Said once for the lesson; the other suites would only wait for
          // the same worker to fail the same way.
          did_not_start = true;
          result.status = LessonStatus::did_not_start;
          result.detail = outcome.did_not_start + "\nThe lesson's files: " + source_list(sources) +
                          ". Their global variables are initialised before the worker can be called; "
                          "the lesson's tests from then on were not run.";
          break;
        }
        if (outcome.results_cut) suites_cut = true;
        if (outcome.timed_out) {
          result.status = LessonStatus::timed_out;
          result.detail = deadline_first
                              ? "the time allowed for grading ran out while this lesson's tests ran; tests "
                                "that had finished keep their scores, the others were not run"
                              : "the lesson's tests took longer than " + std::to_string(lesson_limits.lesson_timeout_s) +
                                    " s in total and were stopped; tests that had not finished score 0";
        } else if (outcome.crashed && result.status == LessonStatus::graded) {
          result.status = LessonStatus::crashed;
          result.detail = outcome.detail;
        }
      }
      for (auto& p : planned) {
        auto it = lines.find(p.suite + "\n" + p.test.name);
        if (it == lines.end() && did_not_start) {
          p.test.status = TestStatus::not_run;
          p.test.message = "not run: your code did not start (see the lesson's message)";
          continue;
        }
        if (it == lines.end()) {
          p.test.status = TestStatus::not_run;
          p.test.message = suites_cut ? "not run: the suite's results were cut at " +
                                            std::to_string(caps::kMaxSuiteResultsBytes >> 20) + " MiB before this test"
                                      : "not run: the suite stopped before this test";
          continue;
        }
        p.test.seconds = it->second.seconds;
        p.test.message = it->second.message;
        if (it->second.passed) {
          p.test.status = TestStatus::passed;
          p.test.score = p.test.max_score;
        } else if (p.test.message.find("not implemented: ") != std::string::npos) {
          p.test.status = TestStatus::not_implemented;
        } else {
          p.test.status = TestStatus::failed;
        }
      }
    }
    if (!missing_here.empty() && result.status == LessonStatus::graded) {
      result.status = LessonStatus::missing_files;
      std::string list;
      for (const auto& m : missing_here) list += (list.empty() ? "" : ", ") + m;
      result.detail = "missing from the submission (the starter version was used): " + list;
    }
    for (auto& p : planned)
      for (const auto& m : missing_here) {
        const auto& e = *by_id[p.test.exercise];
        if (std::find(e.files.begin(), e.files.end(), m) != e.files.end() && p.test.status != TestStatus::passed)
          p.test.message = "file " + m + " is missing from the submission\n" + p.test.message;
      }
  } else if (!planned.empty()) {
    for (auto& p : planned) {
      p.test.status = TestStatus::not_run;
      p.test.message = "not run: " + result.detail;
    }
  }

  for (auto& p : planned) result.tests.push_back(std::move(p.test));
  // The lesson's maximum comes from course.yaml, not from the tests that
  // happened to run: a lesson that could not even list its tests still
  // counts its exercises' points (and scores 0 of them).
  PointSum score, max_score;
  std::map<std::string, std::size_t> tests_of;
  for (const auto& t : result.tests) {
    score += t.score;
    ++tests_of[t.exercise];
  }
  for (const auto& [id, e] : by_id) max_score += exercise_max_points(*e, tests_of[id], options.include_hidden);
  result.score = score.value();
  result.max_score = max_score.value();
  result.seconds = seconds_since(start);
  return result;
}

SubmissionResult Grader::grade(const fs::path& workspace, const GradeOptions& options) const {
  SubmissionResult result = grade(collect(workspace), options);
  result.source = workspace.string();
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
  std::size_t next = 0;
  std::mutex m;
  auto work = [&]() {
    for (;;) {
      std::size_t i;
      {
        std::lock_guard<std::mutex> lock(m);
        if (next >= lessons.size()) return;
        i = next++;
      }
      LessonResult r;
      const GradeOptions& lesson_options = i < asked ? options : context_options;
      try {
        r = grade_lesson(*lessons[i], files, lesson_options);
      } catch (const std::exception& e) {
        r.lesson = lessons[i]->id;
        r.status = LessonStatus::internal_error;
        r.detail = e.what();
        PointSum max_score;  // the lesson's points still count in the maximum
        for (const auto& ex : lessons[i]->exercises)
          if (lesson_options.exercises.empty() || lesson_options.exercises.count(ex.id))
            max_score += exercise_max_points(ex, 0, lesson_options.include_hidden);
        r.max_score = max_score.value();
      }
      if (lesson_options.on_lesson_done) lesson_options.on_lesson_done(r);
      graded[i] = std::move(r);
    }
  };
  int threads = std::max(1, std::min<int>(options.jobs, static_cast<int>(lessons.size())));
  std::vector<std::future<void>> pool;
  for (int t = 1; t < threads; ++t) pool.push_back(std::async(std::launch::async, work));
  work();
  for (auto& f : pool) f.get();
  note_failed_uses(course_, toolchain_, options.include_hidden, graded);
  graded.resize(asked);
  result.lessons = std::move(graded);

  PointSum score, max_score;
  for (const auto& l : result.lessons) {
    score += l.score;
    max_score += l.max_score;
  }
  result.score = score.value();
  result.max_score = max_score.value();
  result.seconds = seconds_since(start);
  return result;
}

}  // namespace grader::runner
