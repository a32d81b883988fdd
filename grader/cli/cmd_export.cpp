// `grader export` and `grader review`: everything read back out of the
// gradebook — grade tables and per-submission reports, and the free-text
// answers that wait for an instructor.
#include <iostream>

#include "grader/cli/commands.hpp"
#include "grader/gradebook/gradebook.hpp"
#include "grader/report/exercism.hpp"
#include "grader/report/grades_csv.hpp"
#include "grader/report/gradescope.hpp"
#include "grader/report/junit.hpp"
#include "grader/report/markdown.hpp"
#include "grader/report/result_json.hpp"
#include "grader/util/files.hpp"

namespace grader::cli {

namespace {

struct ExportOptions {
  std::string format = "csv";
  std::string gradebook = "gradebook.db";
  std::string output;
  std::string student;
};

gradebook::Gradebook open_existing(const std::string& path) {
  if (!std::filesystem::exists(path))
    throw UsageError("no gradebook at " + path + "; grade submissions first (grader grade ...) or pass --gradebook PATH");
  try {
    return gradebook::Gradebook::open(path);
  } catch (const gradebook::GradebookError& e) {
    throw UsageError(e.what());
  }
}

std::string per_submission(const std::string& format, const runner::SubmissionResult& r) {
  if (format == "gradescope") return report::write_gradescope_results(r);
  if (format == "exercism") return report::write_exercism_results(r);
  if (format == "junit") return report::junit_xml(r, report::Audience::student);
  if (format == "markdown") return report::markdown_report(r, {});
  return report::write_result_json(r);
}

std::string extension(const std::string& format) {
  if (format == "junit") return ".xml";
  if (format == "markdown") return ".md";
  return ".json";
}

}  // namespace

Command add_export(CLI::App& app, const GlobalOptions& global) {
  auto o = std::make_shared<ExportOptions>();
  app.add_option("--format", o->format, "csv (one row per student), json, gradescope, exercism, junit or markdown")
      ->check(CLI::IsMember({"csv", "json", "gradescope", "exercism", "junit", "markdown"}));
  app.add_option("--gradebook", o->gradebook, "The gradebook to read (default: ./gradebook.db)");
  app.add_option("-o,--output", o->output,
                 "csv: a file; other formats: a file with --student, else a folder with one file per student");
  app.add_option("--student", o->student, "Only this student's latest submission");
  return [&global, o]() {
    (void)global;
    auto book = open_existing(o->gradebook);
    std::vector<runner::SubmissionResult> results;
    if (!o->student.empty()) {
      auto one = book.latest(o->student);
      if (!one) throw UsageError("no submission of student '" + o->student + "' in " + o->gradebook);
      results.push_back(one->result);
    } else {
      for (auto& s : book.latest_all()) results.push_back(std::move(s.result));
    }
    if (o->format == "csv") {
      std::string text = report::grades_csv(results);
      if (o->output.empty()) std::cout << text;
      else util::write_file_atomically(o->output, text);
      return int{kAllPassed};
    }
    if (results.size() == 1 && !o->student.empty()) {
      std::string text = per_submission(o->format, results[0]);
      if (o->output.empty()) std::cout << text;
      else util::write_file_atomically(o->output, text);
      return int{kAllPassed};
    }
    if (o->output.empty()) throw UsageError("exporting " + o->format + " for every student needs -o FOLDER (or --student ID)");
    std::filesystem::create_directories(o->output);
    for (const auto& r : results) {
      std::string safe;
      for (char c : r.student) safe += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
      util::write_file_atomically(std::filesystem::path(o->output) / (safe + extension(o->format)), per_submission(o->format, r));
    }
    std::cerr << "wrote " << results.size() << " " << o->format << " files to " << o->output << "\n";
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
