// `grader export` and `grader review`: everything read back out of the
// gradebook — grade tables and per-submission reports, and the free-text
// answers that wait for an instructor.
#include <algorithm>
#include <cctype>
#include <iostream>
#include <map>
#include <optional>
#include <stdexcept>

#include "grader/batch/summary.hpp"
#include "grader/cli/commands.hpp"
#include "grader/gradebook/gradebook.hpp"
#include "grader/report/formats.hpp"
#include "grader/report/grades_csv.hpp"
#include "grader/report/html/site.hpp"
#include "grader/report/lesson_summary.hpp"
#include "grader/report/html/stale_pages.hpp"
#include "grader/report/lms_csv.hpp"
#include "grader/report/no_submission.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/util/files.hpp"
#include "grader/util/text.hpp"

namespace grader::cli {

namespace {

struct ExportOptions {
  std::string format = "csv";
  std::string gradebook = "gradebook.db";
  std::string output;
  std::string student;
  std::string assignment;
  std::string worksheet;
  double points = 0;  ///< 0: the course's own total
  std::string title;  ///< empty: html takes the course's title, else "Class report"
};

// Roster entries by lowercased id (ids from LMS names and roster files may
// differ in letter case only).
std::map<std::string, gradebook::RosterEntry> roster_by_id(const gradebook::Gradebook& book) {
  std::map<std::string, gradebook::RosterEntry> out;
  for (auto& r : book.roster()) out.emplace(util::lower(r.id), r);
  return out;
}

// Roster order first (with the students who did not submit), then graded
// students the roster does not list.
std::vector<report::LmsStudent> lms_students(const std::vector<gradebook::StoredSubmission>& stored,
                                             const std::vector<gradebook::RosterEntry>& roster) {
  std::vector<report::LmsStudent> out;
  std::map<std::string, const runner::SubmissionResult*> by_id;
  for (const auto& s : stored) by_id.emplace(util::lower(s.result.student), &s.result);
  for (const auto& r : roster) {
    auto it = by_id.find(util::lower(r.id));
    out.push_back({r.id, r.name, r.email, r.section, it == by_id.end() ? nullptr : it->second});
    if (it != by_id.end()) by_id.erase(it);
  }
  for (const auto& s : stored)
    if (by_id.count(util::lower(s.result.student))) out.push_back({s.result.student, "", "", "", &s.result});
  return out;
}

// Roster students (in roster order) whose ids no graded result carries, with
// the course's total as their maximum.
std::vector<report::NoSubmission> roster_without_submission(const gradebook::Gradebook& book,
                                                            const std::vector<runner::SubmissionResult>& results) {
  std::vector<report::NoSubmission> out;
  const double max_score = results.empty() ? 0 : results.front().max_score;
  for (const auto& r : book.roster())
    if (std::none_of(results.begin(), results.end(),
                     [&](const runner::SubmissionResult& s) { return util::lower(s.student) == util::lower(r.id); }))
      out.push_back({r.id, r.name, max_score});
  return out;
}

int write_html(const gradebook::Gradebook& book, std::vector<gradebook::StoredSubmission> stored, const ExportOptions& o,
               const GlobalOptions& global) {
  if (o.output.empty()) throw UsageError("--format html writes a folder: give -o FOLDER (e.g. -o report/)");
  const auto roster = roster_by_id(book);
  report::html::SiteInput site;
  // The course gives the pages its title and the order of its exercises.
  std::unique_ptr<Context> ctx;
  try {
    ctx = make_context(global);
    site.course = &ctx->course;
  } catch (const UsageError& e) {
    std::cerr << "grader: without the course (" << e.what() << "), exercises follow the gradebook's order\n";
  }
  site.title = !o.title.empty() ? o.title : site.course && !site.course->title.empty() ? site.course->title : "Class report";
  site.generated_at = gradebook::utc_now_iso8601();
  for (const auto& r : book.roster()) site.roster.push_back({r.id, r.name, r.email, r.section});
  for (auto& s : stored) {
    report::html::StudentInput in;
    in.graded_at = s.graded_at;
    if (auto it = roster.find(util::lower(s.result.student)); it != roster.end()) in.section = it->second.section;
    for (auto& g : book.manual_grades(s.id))
      in.manual_grades.push_back({g.lesson, g.exercise, g.question, g.answer, g.comment, g.score, g.max_score});
    in.result = std::move(s.result);
    site.students.push_back(std::move(in));
  }
  // Renamed and ignored uploads, as the batch summary listed them (the course says which files it names).
  if (site.course) {
    std::vector<runner::SubmissionResult> results;
    for (const auto& s : site.students) results.push_back(s.result);
    site.upload_notes = batch::upload_notes(*site.course, results);
  }
  const std::filesystem::path root(o.output);
  std::filesystem::create_directories(root / "students");
  const auto pages = report::html::render_site(site);
  for (const auto& p : pages) util::write_file_atomically(root / p.path, p.html);
  std::cerr << "wrote " << root / "index.html" << " and " << pages.size() - 1 << " student pages\n";
  // An earlier export's pages of students no longer in the gradebook (only pages an export wrote).
  const auto removed = report::html::remove_stale_pages(root, pages);
  if (!removed.empty())
    std::cerr << "removed " << removed.size() << " page" << (removed.size() == 1 ? "" : "s")
              << " of students no longer in the gradebook\n";
  return int{kAllPassed};
}

// The top of the LMS's scale: --points, else the course's total.
double scale_top(const std::vector<report::LmsStudent>& students, const ExportOptions& o) {
  if (o.points > 0) return o.points;
  for (const auto& s : students)
    if (s.result) return s.result->max_score;
  return 0;
}

std::string canvas_csv(const std::vector<report::LmsStudent>& students, const ExportOptions& o) {
  if (o.assignment.empty())
    throw UsageError(
        "--format canvas needs --assignment \"NAME (ID)\": the assignment's column exactly as Canvas's own gradebook "
        "export names it (Grades > Export), e.g. --assignment \"Homework 3 (12345)\"; Canvas takes any other name "
        "for a new assignment");
  std::cerr << "Canvas: grades out of " << report::format_points(scale_top(students, o))
            << "; the assignment's Points in Canvas must be the same (or pass --points N to scale to them)\n";
  return report::canvas_grades_csv(students, o.assignment, o.points);
}

std::string moodle_worksheet(const std::vector<report::LmsStudent>& students, const ExportOptions& o) {
  if (o.worksheet.empty())
    throw UsageError(
        "--format moodle fills the assignment's grading worksheet: download it from Moodle (the assignment > View "
        "all submissions > Grading action: Download grading worksheet) and pass --worksheet FILE; Moodle refuses a "
        "worksheet without its own Identifier and Last modified (grade) cells. For the course gradebook's CSV "
        "import instead, use --format moodle-gradebook");
  std::string text;
  try {
    text = util::read_file(o.worksheet);
  } catch (const std::exception& e) {
    throw UsageError("--worksheet " + o.worksheet + ": " + e.what());
  }
  report::FilledWorksheet filled;
  try {
    filled = report::fill_moodle_worksheet(text, students, o.points);
  } catch (const report::WorksheetError& e) {
    throw UsageError(o.worksheet + ": " + e.what() + "; nothing was written");
  }
  std::cerr << "Moodle worksheet: " << filled.filled << " grades filled in; " << filled.not_submitted.size()
            << " participants without a graded submission left as downloaded\n";
  if (!filled.feedback_column)
    std::cerr << "  the worksheet has no 'Feedback comments' column: enable the assignment's feedback comments in "
                 "Moodle and download it again to send the feedback\n";
  if (!filled.not_in_worksheet.empty()) {
    std::cerr << "  graded but not in the worksheet (not Moodle participants of this assignment, or graded without "
                 "--id-pattern moodle):";
    for (const auto& id : filled.not_in_worksheet) std::cerr << " " << report::plain_line(id);
    std::cerr << "\n";
  }
  return std::move(filled.csv);
}

std::string moodle_gradebook_csv(const std::vector<report::LmsStudent>& students, const ExportOptions& o) {
  // grade/import/csv/classes/load_data.php, insert_grade_record(): "By
  // default the maximum grade is 100", $CFG->gradepointmax only with
  // $CFG->unlimitedgrades; a larger grade stops the import (gradevaluetoobig).
  if (o.points <= 0 && scale_top(students, o) > 100)
    throw UsageError("the grades are out of " + report::format_points(scale_top(students, o)) +
                     ", and Moodle's gradebook import refuses grades above 100 unless the site allows unlimited "
                     "grades: pass --points 100 (or the grade item's maximum) to scale them, or --points " +
                     report::format_points(scale_top(students, o)) + " if the site's grade point maximum allows it");
  // Moodle maps a column to a grade item by its name: a made-up name (the
  // class page's title) lands in a new item or nowhere, silently.
  if (o.assignment.empty())
    throw UsageError(
        "--format moodle-gradebook needs --assignment NAME: the grade item's name exactly as Moodle's gradebook "
        "shows it, e.g. --assignment \"Homework 3\"; Moodle maps the column to the grade item by that name");
  auto made = report::moodle_gradebook_csv(students, o.assignment, o.points);
  if (!made.left_out.empty()) {
    std::cerr << "Moodle gradebook: left out " << made.left_out.size()
              << (made.left_out.size() == 1 ? " student" : " students")
              << " without an email in the roster or without a submission (an empty cell would clear "
                 "their grade in Moodle):";
    for (const auto& id : made.left_out) std::cerr << " " << report::plain_line(id);
    std::cerr << "\n";
  }
  return std::move(made.csv);
}

gradebook::Gradebook open_existing(const std::string& path) {
  if (!std::filesystem::exists(path))
    throw UsageError("no gradebook at " + path + "; grade submissions first (grader grade ...) or pass --gradebook PATH");
  try {
    return gradebook::Gradebook::open(path);
  } catch (const gradebook::GradebookError& e) {
    throw UsageError(e.what());
  }
}

// One submission's report in `format` (one of the formats with a file extension).
std::string per_submission(report::OutputFormat format, const runner::SubmissionResult& r) {
  if (auto text = report::render_submission(format, r)) return *text;
  throw std::logic_error(std::string("no per-submission report in ") + report::format_info(format).name);
}

}  // namespace

Command add_export(CLI::App& app, const GlobalOptions& global) {
  auto o = std::make_shared<ExportOptions>();
  app.add_option("--format", o->format, report::format_help(report::FormatCommand::export_))
      ->check(CLI::IsMember(report::format_names(report::FormatCommand::export_)));
  app.add_option("--assignment", o->assignment,
                 "canvas (required): the assignment's column exactly as Canvas's gradebook export names it, e.g. "
                 "\"Homework 3 (12345)\"; moodle-gradebook (required): the grade item's name as Moodle's gradebook shows it");
  app.add_option("--points", o->points,
                 "canvas, moodle, moodle-gradebook: scale the totals to this many points, the LMS assignment's "
                 "maximum (default: the course's own total, which the LMS assignment must then match)")
      ->check(CLI::PositiveNumber);
  app.add_option("--worksheet", o->worksheet,
                 "moodle: the grading worksheet downloaded from the Moodle assignment; its Grade and Feedback "
                 "comments cells are filled, every other cell is kept as downloaded");
  app.add_option("--title", o->title, "html: the report's title (default: the course's title, from course.yaml)");
  app.add_option("--gradebook", o->gradebook, "The gradebook to read (default: ./gradebook.db)");
  app.add_option("-o,--output", o->output,
                 "csv: a file; other formats: a file with --student, else a folder with one file per student");
  app.add_option("--student", o->student, "Only this student's latest submission");
  return [&global, o]() {
    // CLI11 admitted only the table's names.
    const report::OutputFormat format = report::find_output_format(o->format).value();
    auto book = open_existing(o->gradebook);
    std::vector<gradebook::StoredSubmission> stored;
    if (!o->student.empty()) {
      auto one = book.latest(o->student);
      if (!one) {
        // A roster student who did not submit: their file in a per-student format, as the folder export writes it.
        const auto roster = roster_by_id(book);
        const auto entry = roster.find(util::lower(o->student));
        const auto everyone = book.latest_all();
        const double max_score = everyone.empty() ? 0 : everyone.front().result.max_score;
        std::optional<std::string> text;
        if (entry != roster.end())
          text = report::render_no_submission(format, {entry->second.id, entry->second.name, max_score});
        if (!text) throw UsageError("no submission of student '" + o->student + "' in " + o->gradebook);
        if (o->output.empty()) std::cout << *text;
        else util::write_file_atomically(o->output, *text);
        return int{kAllPassed};
      }
      stored.push_back(std::move(*one));
    } else {
      stored = book.latest_all();
    }
    // Exports carry the roster's names.
    const auto roster = roster_by_id(book);
    for (auto& s : stored)
      if (auto it = roster.find(util::lower(s.result.student)); it != roster.end()) s.result.student_name = it->second.name;
    if (format == report::OutputFormat::html) return write_html(book, std::move(stored), *o, global);
    if (format == report::OutputFormat::canvas || format == report::OutputFormat::moodle ||
        format == report::OutputFormat::moodle_gradebook) {
      const auto students = lms_students(stored, o->student.empty() ? book.roster() : std::vector<gradebook::RosterEntry>{});
      std::string text = format == report::OutputFormat::canvas           ? canvas_csv(students, *o)
                         : format == report::OutputFormat::moodle_gradebook ? moodle_gradebook_csv(students, *o)
                                                                            : moodle_worksheet(students, *o);
      if (o->output.empty()) std::cout << text;
      else util::write_file_atomically(o->output, text);
      return int{kAllPassed};
    }
    std::vector<runner::SubmissionResult> results;
    for (auto& s : stored) results.push_back(std::move(s.result));
    // Every roster student has a place in each per-student export, those
    // without a submission too (in each format's own form).
    const auto not_submitted = o->student.empty() ? roster_without_submission(book, results) : std::vector<report::NoSubmission>{};
    if (format == report::OutputFormat::csv) {
      std::string text = report::grades_csv(results, {}, not_submitted);
      if (o->output.empty()) std::cout << text;
      else util::write_file_atomically(o->output, text);
      return int{kAllPassed};
    }
    if (results.size() == 1 && !o->student.empty()) {
      std::string text = per_submission(format, results[0]);
      if (o->output.empty()) std::cout << text;
      else util::write_file_atomically(o->output, text);
      return int{kAllPassed};
    }
    if (o->output.empty()) throw UsageError("exporting " + o->format + " for every student needs -o FOLDER (or --student ID)");
    std::filesystem::create_directories(o->output);
    auto file_of = [&](const std::string& student) {
      std::string safe;
      for (char c : student) safe += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
      return std::filesystem::path(o->output) / (safe + report::format_info(format).extension);
    };
    for (const auto& r : results) util::write_file_atomically(file_of(r.student), per_submission(format, r));
    for (const auto& n : not_submitted) util::write_file_atomically(file_of(n.id), report::render_no_submission(format, n).value());
    std::cerr << "wrote " << results.size() + not_submitted.size() << " " << o->format << " files to " << o->output;
    if (!not_submitted.empty())
      std::cerr << " (" << not_submitted.size() << " of them for "
                << (not_submitted.size() == 1 ? "a roster student" : "roster students") << " without a submission)";
    std::cerr << "\n";
    return int{kAllPassed};
  };
}

Command add_review(CLI::App& app, const GlobalOptions& global) {
  auto book_path = std::make_shared<std::string>("gradebook.db");
  auto file = std::make_shared<std::string>();
  app.add_option("--gradebook", *book_path, "The gradebook (default: ./gradebook.db)");
  app.require_subcommand(1);
  auto* exp = app.add_subcommand("export", "Write free-text answers awaiting review as CSV (fill in score, comment)");
  exp->add_option("-o,--output", *file, "CSV file to write (default: standard output)");
  auto* imp = app.add_subcommand("import", "Apply the scores of a reviewed CSV to the gradebook");
  imp->add_option("csv", *file, "The reviewed CSV")->required();
  return [&global, book_path, file, exp]() {
    (void)global;
    auto book = open_existing(*book_path);
    if (exp->parsed()) {
      std::string text = book.export_pending_reviews();
      if (file->empty()) std::cout << text;
      else util::write_file_atomically(*file, text);
      return int{kAllPassed};
    }
    try {
      auto report = book.import_manual_grades(util::read_file(*file));
      std::cout << "applied " << report.applied << " scores; " << report.left_blank << " rows left pending\n";
    } catch (const gradebook::GradebookError& e) {
      throw UsageError(e.what());
    }
    return int{kAllPassed};
  };
}

}  // namespace grader::cli
