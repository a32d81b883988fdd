// `grader grade`: one submission (a readable report, or machine output such
// as Gradescope's results.json), or a whole batch into the gradebook.
#include <unistd.h>

#include <fmt/format.h>

#include <cctype>
#include <chrono>
#include <map>
#include <functional>
#include <map>
#include <iostream>
#include <set>
#include <sstream>

#include "grader/archive/extract.hpp"
#include "grader/batch/batch.hpp"
#include "grader/batch/no_submission.hpp"
#include "grader/batch/progress.hpp"
#include "grader/batch/submission_time.hpp"
#include "grader/batch/summary.hpp"
#include "grader/cli/commands.hpp"
#include "grader/gradebook/gradebook.hpp"
#include "grader/report/formats.hpp"
#include "grader/report/isolation_notes.hpp"
#include "grader/report/lesson_summary.hpp"
#include "grader/report/outcome.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/report/terminal.hpp"
#include "grader/util/files.hpp"
#include "grader/util/text.hpp"
#include "grader/util/unicode.hpp"

namespace grader::cli {

namespace {

struct GradeCliOptions {
  std::vector<std::string> paths;
  std::string format = "text";
  std::string output;
  std::string gradebook;
  std::string id_pattern;
  std::string student;  ///< one submission: recorded under this id instead of the entry's name
  bool public_only = false;
  bool force = false;
  bool regrade = false;  ///< `grader regrade`: the named students, not the class
  bool batch = false;
  std::string shard;
  bool shard_from_env = false;
  bool allow_skipped = false;
  bool allow_empty = false;  ///< grade a batch whose every entry is a folder holding no lesson folder
  std::vector<std::string> lessons;
  double deadline_s = -1;  ///< < 0: no deadline
  std::string deadlines;     ///< the deadlines file (docs/deadlines.md)
  std::string extensions;
  std::string submitted_at;
  bool times_from_files = false;
  /// From the four above (late_stamp), read before anything is graded.
  std::function<void(const batch::Entry&, runner::SubmissionResult&)> stamp;
};

// The late-penalty stamp for BatchOptions::stamp, or nothing without --deadlines.
std::function<void(const batch::Entry&, runner::SubmissionResult&)> late_stamp(const GradeCliOptions& o) {
  if (o.deadlines.empty()) {
    if (!o.extensions.empty() || !o.submitted_at.empty() || o.times_from_files)
      throw UsageError("--extensions, --submitted-at and --times-from-files need --deadlines FILE (the due date and late policy)");
    return {};
  }
  auto inputs = std::make_shared<batch::DeadlineInputs>();
  try {
    inputs->policy = course::load_deadlines(o.deadlines);
  } catch (const course::CourseError& e) {
    std::string text;
    for (const auto& d : e.diagnostics()) text += (text.empty() ? "" : "\n") + d.text();
    throw UsageError(text);
  }
  try {
    if (!o.extensions.empty()) inputs->extended_due = batch::read_extensions(o.extensions, inputs->policy);
    if (!o.submitted_at.empty()) inputs->submitted_at = batch::read_submitted_at(o.submitted_at);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  inputs->submitted_at_file = std::filesystem::path(o.submitted_at).filename().string();
  inputs->times_from_files = o.times_from_files;
  return [inputs](const batch::Entry& entry, runner::SubmissionResult& result) {
    batch::stamp_lateness(entry, *inputs, result);
  };
}

// --lesson narrows grading; a gradebook must not take such a result for a
// complete one, so the recorded course version says which lessons it covers.
std::string graded_version(const Context& ctx, const GradeCliOptions& o) {
  std::string v = ctx.course_fingerprint();
  if (o.lessons.empty()) return v;
  v += " (lessons:";
  for (const auto& l : o.lessons) v += " " + l;
  return v + ")";
}

void check_lessons(const Context& ctx, const GradeCliOptions& o, const std::string& command) {
  for (const auto& l : o.lessons)
    if (!ctx.course.find_lesson(l)) throw UsageError("--lesson " + l + ": the course has no such lesson (see `grader list`)");
  // Never a score from the public tests alone where hidden ones were due.
  if (!o.public_only) require_grading_build(ctx, command, o.lessons);
}

// The --format value as the table's format (CLI11 admitted only the table's names).
report::OutputFormat output_format(const GradeCliOptions& o) {
  return report::find_output_format(o.format).value_or(report::OutputFormat::text);
}

std::string render(report::OutputFormat format, const Context& ctx, const runner::SubmissionResult& result,
                   bool hidden_graded) {
  if (auto text = report::render_submission(format, result)) return *text;
  std::ostringstream s;
  report::TerminalStyle style;
  style.color = false;
  style.student_view = false;
  style.hidden_graded = hidden_graded;
  report::print_check(s, ctx.course, result, style);
  return s.str();
}

int grade_one(const Context& ctx, const GradeCliOptions& o, const batch::Entry& entry) {
  batch::BatchOptions options;
  options.include_hidden = !o.public_only && ctx.toolchain.with_hidden;
  options.lessons = o.lessons;
  options.course_version = graded_version(ctx, o);
  options.grader_version = GRADER_VERSION;
  if (o.deadline_s >= 0)
    options.deadline = std::chrono::steady_clock::now() +
                       std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(o.deadline_s));
  auto result = batch::grade_entry(*ctx.grader, entry, options);
  // Grading (not a student's check) logs how student code was isolated.
  if (options.include_hidden) {
    std::set<std::string> shown;
    for (const auto& line : report::new_isolation_lines(result, shown)) std::cerr << line << "\n";
  }
  if (o.stamp) o.stamp(entry, result);
  if (!o.gradebook.empty()) gradebook::Gradebook::open(o.gradebook).record(result);
  std::string text = render(output_format(o), ctx, result, options.include_hidden);
  if (output_format(o) == report::OutputFormat::text && ctx.color && o.output.empty()) {
    std::ostringstream s;
    report::TerminalStyle style;
    style.color = true;
    style.student_view = false;
    style.hidden_graded = options.include_hidden;
    report::print_check(s, ctx.course, result, style);
    text = s.str();
  }
  if (o.output.empty()) std::cout << text;
  else util::write_file_atomically(o.output, text);
  for (const auto& l : result.lessons)
    if (l.status == runner::LessonStatus::internal_error) return kInternalError;
  return runner::all_passed(result) ? kAllPassed : kSomeFailed;
}

int grade_batch(const Context& ctx, const GradeCliOptions& o, const std::vector<batch::Entry>& entries,
                const std::vector<std::string>& not_graded) {
  if (output_format(o) != report::OutputFormat::text || !o.output.empty())
    throw UsageError("--format and -o apply to one submission; for a batch, grade into the gradebook and use `grader export`");
  if (o.deadline_s >= 0) throw UsageError("--deadline-s applies to one submission");
  std::string book_path = o.gradebook.empty() ? "gradebook.db" : o.gradebook;
  auto book = gradebook::Gradebook::open(book_path);
  batch::BatchOptions options;
  options.jobs = ctx.jobs;
  options.force = o.force;
  options.include_hidden = !o.public_only && ctx.toolchain.with_hidden;
  options.lessons = o.lessons;
  options.course_version = graded_version(ctx, o);
  options.grader_version = GRADER_VERSION;
  options.stamp = o.stamp;
  std::cerr << "grading " << entries.size() << (entries.size() == 1 ? " submission" : " submissions") << " with "
            << ctx.jobs << (ctx.jobs == 1 ? " job" : " jobs") << " into " << book_path << "\n";
  batch::Progress progress(std::cerr, static_cast<int>(entries.size()), ::isatty(2) != 0, ctx.jobs);
  // The progress lines and the summary name students beside their ids when a
  // roster was imported. Ids from LMS names and roster files may differ in letter case only.
  std::map<std::string, std::string> names;
  const auto roster = book.roster();
  for (const auto& entry : roster) names.emplace(util::lower(entry.id), entry.name);
  auto name_of = [&](const std::string& id) {
    auto it = names.find(util::lower(id));
    return it == names.end() ? std::string() : it->second;
  };
  std::set<std::string> isolation_shown;  // each distinct note once per batch, above the bar
  options.on_done = [&](const runner::SubmissionResult& r, bool skipped) {
    if (options.include_hidden)
      for (const auto& note : report::new_isolation_lines(r, isolation_shown)) progress.note(note);
    const std::string status = report::outcome_summary(r);
    char line[640];
    // The total the gradebook and every export give: after the late penalty, with the raw score beside it.
    std::string points = report::format_points(runner::penalised_score(r)) + "/" + report::format_points(r.max_score);
    if (r.lateness.penalty_percent > 0)
      points += " (raw " + report::format_points(r.score) + ", late -" + report::format_points(r.lateness.penalty_percent) + "%)";
    const std::string name = name_of(r.student);
    const std::string who = report::plain_line(r.student) + (name.empty() ? "" : " (" + report::plain_line(name) + ")");
    std::snprintf(line, sizeof line, "%-24s %13s %s%s", who.c_str(), points.c_str(), status.c_str(),
                  skipped ? " (unchanged, not regraded)" : "");
    const report::Outcome outcome = report::submission_outcome(r);
    progress.done(line, outcome != report::Outcome::passed && outcome != report::Outcome::awaiting_review,
                  skipped ? -1 : r.seconds);
  };
  auto start = std::chrono::steady_clock::now();
  batch::BatchOutcome outcome;
  outcome = batch::grade_all(*ctx.grader, entries, book, options);
  progress.finish();
  double seconds = util::seconds_since(start);
  std::cout << "Graded " << entries.size() << (entries.size() == 1 ? " submission (" : " submissions (") << outcome.graded << " graded now";
  // With --force (and regrade) nothing is skipped: no hint to force it.
  if (!o.force) std::cout << ", " << outcome.skipped << " unchanged and skipped; --force regrades them";
  std::cout << ") in " << static_cast<int>(seconds) << " s\n";
  std::vector<report::NoSubmission> without_submission;
  {
    for (auto& r : outcome.results) r.student_name = name_of(r.student);
    // Roster students the gradebook has no submission of (from this batch or an earlier one).
    std::set<std::string> submitted;
    for (const auto& id : book.students()) submitted.insert(util::lower(id));
    for (const auto& entry : roster)
      if (!submitted.count(util::lower(entry.id))) without_submission.push_back({entry.id, entry.name, 0});
  }
  // A regrade of named students is not the class: no class-wide statistics.
  if (!o.regrade) std::cout << batch::class_summary(ctx.course, outcome.results, not_graded, without_submission);
  std::cout << batch::upload_notes_text(batch::upload_notes(ctx.course, outcome.results));
  if (options.stamp) {
    int late = 0, penalised = 0;
    for (const auto& r : outcome.results) {
      late += r.lateness.late ? 1 : 0;
      penalised += r.lateness.penalty_percent > 0 ? 1 : 0;
    }
    std::cout << "Late: " << late << " submission" << (late == 1 ? "" : "s") << ", " << penalised
              << " penalised (raw and penalised scores and the reasons are in the gradebook and every export)\n";
  }
  std::cout << "Gradebook: " << book_path << "  (grader export --format csv --gradebook " << book_path << ")\n";
  for (const auto& r : outcome.results)
    for (const auto& l : r.lessons)
      if (l.status == runner::LessonStatus::internal_error) return kInternalError;
  if (!not_graded.empty() && !o.allow_skipped) {
    std::cerr << "grader: " << not_graded.size() << " entr" << (not_graded.size() == 1 ? "y was" : "ies were")
              << " not graded (listed above); rename them or fix --id-pattern, or pass --allow-skipped to accept that\n";
    return kSomeFailed;
  }
  return kAllPassed;
}

}  // namespace

Command add_grade(CLI::App& app, const GlobalOptions& global) {
  auto o = std::make_shared<GradeCliOptions>();
  app.add_option("submissions", o->paths,
                 "Submission folders or archives (.zip, .tar.gz), or folders holding one entry per student")
      ->required();
  app.add_option("--format", o->format, "One submission: " + report::format_help(report::FormatCommand::grade))
      ->check(CLI::IsMember(report::format_names(report::FormatCommand::grade)));
  app.add_option("-o,--output", o->output, "One submission: write the report here (atomically)");
  app.add_option("--gradebook", o->gradebook, "SQLite gradebook to record into (batch default: ./gradebook.db)");
  app.add_option("--id-pattern", o->id_pattern,
                 "How student ids are read from entry names: 'canvas' (lastfirst_[LATE_]12345_67890_file.zip), "
                 "'moodle' (Full Name_123456_assignsubmission_file_), 'lms' (either; a name fitting both is refused), "
                 "or a regex whose first group is the id (default: the entry name). Two entries with one id are refused");
  app.add_option("--student", o->student,
                 "One submission: record it under this student id instead of the folder's or archive's name "
                 "(e.g. the repository's name in CI, where every checkout is called the same)");
  app.add_flag("--force", o->force, "Regrade submissions even when unchanged since they were last graded");
  app.add_flag("--allow-skipped", o->allow_skipped,
               "A batch: exit 0 even when some entries were skipped (no student id in their name, ...); they are "
               "still listed in the summary");
  app.add_flag("--allow-empty", o->allow_empty,
               "Grade the folders given even when none of their entries holds a lesson folder of the course "
               "(each then scores 0); without it such a batch is refused as read from the wrong folder");
  app.add_flag("--batch", o->batch, "Treat the arguments as a batch even when there is one submission");
  app.add_flag("--public-only", o->public_only, "Grade on the public tests only");
  app.add_option("--deadline-s", o->deadline_s,
                 "One submission: start no lesson after this many seconds and give a running lesson only the time "
                 "left; the report keeps every finished test and marks the rest not run (e.g. Gradescope's budget)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--deadlines", o->deadlines,
                 "A deadlines file (due date and late policy, docs/deadlines.md): late submissions are penalised, "
                 "the gradebook keeps both scores and the reason");
  app.add_option("--extensions", o->extensions, "With --deadlines: per-student extensions, CSV student,due or student,days");
  app.add_option("--submitted-at", o->submitted_at,
                 "With --deadlines: submission times, CSV student,submitted_at (ISO 8601 with time zone)");
  app.add_flag("--times-from-files", o->times_from_files,
               "With --deadlines: a submission not in --submitted-at was submitted at its entry's modification time "
               "(the last resort; Moodle's download keeps it)");
  app.add_option("--lesson", o->lessons, "Grade only this lesson (repeatable); the result covers only these lessons");
  app.add_option("--shard", o->shard, "Grade only slice K of N of the batch (K from 1), e.g. --shard 2/5; merge with grader merge");
  app.add_flag("--shard-from-env", o->shard_from_env,
               "Read the shard from GRADER_SHARD=K/N, a Slurm job array (SLURM_ARRAY_TASK_ID) or a Kubernetes "
               "Indexed Job (JOB_COMPLETION_INDEX with GRADER_SHARD_COUNT)");
  app.footer(
      "One submission prints a report (exit 0 all tests passed, 1 some failed). A batch records every\n"
      "submission in the gradebook, shows progress and a class summary (exit 0 when every entry was\n"
      "graded, whatever the scores; 1 when some entry was skipped, unless --allow-skipped; 3 on\n"
      "internal errors).");
  return [&global, o]() {
    auto ctx = make_context(global);
    check_lessons(*ctx, *o, "grade");
    o->stamp = late_stamp(*o);  // a mistake in the deadline files stops here, before any gradebook is touched
    batch::StudentIdPattern pattern;
    try {
      pattern = batch::StudentIdPattern(o->id_pattern);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    std::vector<std::filesystem::path> paths(o->paths.begin(), o->paths.end());
    std::vector<std::string> unmatched;
    std::vector<batch::Entry> entries;
    try {
      entries = batch::discover(ctx->course, paths, pattern, unmatched);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    for (auto& u : unmatched) {
      u = archive::printable_name(u);
      std::cerr << "grader: skipping " << u << "\n";
    }
    // A forgotten --id-pattern is said now, not after grading the class under file names.
    if (!pattern.given()) {
      std::vector<std::filesystem::path> listed;
      for (const auto& p : paths) {
        std::error_code ec;
        if (!std::filesystem::is_directory(p, ec)) continue;
        for (const auto& child : std::filesystem::directory_iterator(p, ec)) listed.push_back(child.path());
      }
      if (std::string wrong = batch::lms_names_without_pattern(listed); !wrong.empty()) throw UsageError(wrong);
    }
    if (entries.empty())
      throw UsageError(unmatched.empty() ? std::string("no submissions found in the paths given")
                                         : "no submissions found in the paths given (" + std::to_string(unmatched.size()) +
                                               " skipped, listed above)");
    // Before any shard is taken: every shard of a wrong folder refuses it alike.
    if (!o->allow_empty)
      if (std::string wrong = batch::no_submission_in(ctx->course, entries, paths, "--allow-empty"); !wrong.empty())
        throw UsageError(wrong);
    if (!o->shard.empty() || o->shard_from_env) {
      if (!o->shard.empty() && o->shard_from_env) throw UsageError("give --shard or --shard-from-env, not both");
      batch::Shard shard;
      try {
        shard = o->shard_from_env ? batch::shard_from_environment() : batch::parse_shard(o->shard);
      } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
      }
      std::size_t all = entries.size();
      entries = batch::select_shard(std::move(entries), shard);
      std::cerr << "shard " << shard.index << "/" << shard.count << ": " << entries.size() << " of " << all << " submissions\n";
      o->batch = true;
      if (entries.empty()) {
        std::cout << "This shard has no submissions.\n";
        return int{unmatched.empty() || o->allow_skipped ? kAllPassed : kSomeFailed};
      }
    }
    // One path that is itself a submission (not a folder of them).
    bool single = entries.size() == 1 && !o->batch && paths.size() == 1 && !entries[0].listed;
    if (!o->student.empty()) {
      if (!single) throw UsageError("--student applies to one submission; a batch takes each id from its entry's name");
      if (std::string problem = util::student_id_problem(o->student); !problem.empty())
        throw UsageError("--student '" + report::plain_line(o->student) + "' holds " + problem +
                         ": a student id is printable text on one line, with no invisible characters");
      entries[0].student = util::nfc(o->student);
    }
    return single ? grade_one(*ctx, *o, entries[0]) : grade_batch(*ctx, *o, entries, unmatched);
  };
}

Command add_regrade(CLI::App& app, const GlobalOptions& global) {
  auto o = std::make_shared<GradeCliOptions>();
  auto students = std::make_shared<std::vector<std::string>>();
  app.add_option("students", *students, "Student ids, as the gradebook records them")->required();
  app.add_option("--gradebook", o->gradebook, "The gradebook to regrade into (default: ./gradebook.db)");
  app.add_flag("--public-only", o->public_only, "Grade on the public tests only");
  app.add_option("--lesson", o->lessons,
                 "Regrade only this lesson (repeatable), as `grade --lesson` (default: the lessons the latest "
                 "version was graded on)");
  app.add_option("--deadlines", o->deadlines,
                 "Decide lateness from this deadlines file instead of the one the gradebook kept (docs/deadlines.md)");
  app.add_option("--extensions", o->extensions, "With --deadlines: per-student extensions, CSV student,due or student,days");
  app.add_option("--submitted-at", o->submitted_at,
                 "With --deadlines: submission times, CSV student,submitted_at (ISO 8601 with time zone)");
  app.add_flag("--times-from-files", o->times_from_files,
               "With --deadlines: a submission not in --submitted-at was submitted at its entry's modification time");
  app.footer(
      "Grades each student's latest recorded submission again from the folder or archive(s) it was graded\n"
      "from (the gradebook records their paths), as `grade --force` would: a new version in the history,\n"
      "manual grades carried over. Exit codes as for a batch.\n"
      "Lessons: without --lesson, the ones the latest version was graded on (a class graded with\n"
      "`grade --lesson` is regraded on the same lessons, out of the same total).\n"
      "Late work: without --deadlines, each version is penalised again from the inputs the gradebook kept\n"
      "with it (the deadlines file as read then, the submission time and its source, the LMS's late flag,\n"
      "the extension). With --deadlines (and --extensions, --submitted-at, --times-from-files) those\n"
      "replace the kept inputs, as in `grade`. A version graded without --deadlines stays unpenalised.");
  return [&global, o, students]() {
    if (o->gradebook.empty()) o->gradebook = "gradebook.db";
    if (!std::filesystem::exists(o->gradebook))
      throw UsageError("no gradebook at " + o->gradebook + "; give --gradebook FILE");
    o->stamp = late_stamp(*o);  // new deadline inputs, checked before anything is graded
    std::vector<batch::Entry> entries;
    // Without --lesson, the lessons each latest version was graded on (one set for the batch).
    std::map<std::vector<std::string>, std::vector<std::string>> graded_on;  // lessons -> students
    // Without new inputs, each student's late decision is made again from what the gradebook kept.
    auto kept = std::make_shared<std::map<std::string, runner::LateInputs>>();
    {
      auto book = gradebook::Gradebook::open(o->gradebook);
      std::string problems;
      for (const auto& student : *students) {
        auto latest = book.latest(util::nfc(student));
        if (!latest) {
          problems += "\n  " + report::plain_line(student) + ": not in the gradebook";
          continue;
        }
        std::string why;
        auto recorded = batch::entry_from_recorded(latest->result, why);
        if (!recorded) {
          problems += "\n  " + report::plain_line(student) + ": " + report::plain_line(why) +
                      "; grade its files again with `grader grade --force PATH`";
          continue;
        }
        batch::Entry entry = std::move(*recorded);
        std::vector<std::filesystem::path> paths;
        if (entry.parts.empty()) paths.push_back(entry.path);
        for (const auto& part : entry.parts) paths.push_back(part.path);
        std::string missing;
        for (const auto& p : paths)
          if (std::error_code ec; !std::filesystem::exists(std::filesystem::symlink_status(p, ec)))
            missing += (missing.empty() ? "" : ", ") + archive::printable_name(p.string());
        if (!missing.empty()) {
          problems += "\n  " + report::plain_line(student) + ": graded from " + missing + ", which no longer exists";
          continue;
        }
        if (latest->result.late_inputs.applied) kept->emplace(entry.student, latest->result.late_inputs);
        std::vector<std::string> lessons;
        for (const auto& l : latest->result.lessons) lessons.push_back(l.lesson);
        graded_on[lessons].push_back(entry.student);
        entries.push_back(std::move(entry));
      }
      if (!problems.empty())
        throw UsageError("cannot regrade:" + problems + "\nNothing was regraded; grade new files with `grader grade`");
    }
    auto ctx = make_context(global);
    if (o->lessons.empty() && graded_on.size() > 1) {
      std::string sets;
      for (const auto& [lessons, who] : graded_on) {
        sets += "\n  " + report::plain_line(who.front()) + (who.size() > 1 ? fmt::format(" and {} more", who.size() - 1) : "") + ":";
        for (const auto& l : lessons) sets += " " + report::plain_line(l);
      }
      throw UsageError("these students' latest versions were graded on different lessons:" + sets +
                       "\nRegrade them separately, or give the lessons with --lesson; nothing was regraded");
    }
    if (o->lessons.empty() && graded_on.size() == 1) {
      // The whole course stays unnarrowed (its recorded course version has no lesson list).
      const auto& lessons = graded_on.begin()->first;
      if (lessons.size() != ctx->course.lessons.size()) o->lessons = lessons;
    }
    check_lessons(*ctx, *o, "regrade");
    o->force = true;
    o->regrade = true;
    if (!o->stamp && !kept->empty())
      o->stamp = [kept](const batch::Entry& entry, runner::SubmissionResult& result) {
        if (auto it = kept->find(entry.student); it != kept->end()) batch::apply_late_inputs(it->second, result);
      };
    return grade_batch(*ctx, *o, entries, {});
  };
}

}  // namespace grader::cli
