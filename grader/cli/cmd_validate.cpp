// `grader validate`: prints a table of every check and exits 1 on any problem,
// 3 when the build cannot grade the reference (out of date, not built).
#include <fmt/format.h>

#include <iostream>
#include <limits>
#include <sstream>

#include "grader/cli/commands.hpp"
#include "grader/report/isolation_notes.hpp"
#include "grader/report/terminal.hpp"
#include "grader/validate/validate.hpp"

namespace grader::cli {

Command add_validate(CLI::App& app, const GlobalOptions& global) {
  auto lessons = std::make_shared<std::vector<std::string>>();
  app.add_option("lessons", *lessons, "Only these lessons (default: all)");
  return [&global, lessons]() {
    auto ctx = make_context(global, /*need_hidden_files=*/true);
    if (!ctx->toolchain.with_hidden)
      throw UsageError("this build has no hidden suites (COURSE_WITH_HIDDEN_TESTS=OFF); validate needs them");
    for (const auto& l : *lessons)
      if (!ctx->course.find_lesson(l)) throw UsageError("no lesson named '" + l + "'");
    require_grading_build(*ctx, "validate", *lessons);
    validate::ValidateOptions options;
    options.jobs = ctx->jobs;
    options.lessons = *lessons;
    options.progress = [](const std::string& s) { std::cerr << "  ... " << s << "\n"; };
    // What `grader check` (student view, public and hidden tests of the
    // mutant) and `grader grade` (text, for the grader) would print.
    const Context& context = *ctx;
    options.reports = [&context](const runner::SubmissionResult& result) {
      std::vector<std::string> texts;
      for (bool student : {true, false}) {
        std::ostringstream out;
        report::TerminalStyle style;
        style.student_view = student;
        style.hidden_graded = !student;
        style.max_failures_shown = std::numeric_limits<std::size_t>::max();  // every failing test's message, none cut
        report::print_check(out, context.course, result, style);
        texts.push_back(out.str());
      }
      return texts;
    };
    auto report = validate::validate_course(*ctx->grader, options);
    for (const auto& note : report.isolation) std::cerr << report::isolation_line(note) << "\n";
    std::cout << fmt::format("{:<10} {:<58} {:<26} {:<18} {}\n", "check", "subject", "expected", "got", "");
    int bad = 0;
    for (const auto& c : report.checks) {
      std::cout << fmt::format("{:<10} {:<58} {:<26} {:<18} {}\n", c.kind, c.subject.substr(0, 58), c.expected, c.got,
                               c.ok ? "ok" : "PROBLEM");
      if (!c.ok) {
        ++bad;
        if (!c.detail.empty()) std::cout << "           " << c.detail.substr(0, 800) << "\n";
      }
    }
    // The build could not grade the reference: no mutant was graded, and the
    // fix is the author's rebuild, not a change to a test or a mutant.
    if (!report.stopped.empty()) {
      std::cout << "\nvalidate graded no mutant: " << report.stopped << "\n";
      return int{kInternalError};
    }
    // The local/graded gap: which mutants `grader check` (public tests) shows.
    if (!report.gaps.empty()) {
      std::cout << "\nmutants caught, by the tests that catch them (hidden only: `grader check` calls the bug done)\n";
      std::cout << fmt::format("{:<24} {:>8} {:>26} {:>29}\n", "lesson", "public", "hidden only, reason given",
                               "hidden only, no reason given");
      for (const auto& g : report.gaps)
        std::cout << fmt::format("{:<24} {:>8} {:>26} {:>29}\n", g.lesson, g.public_caught, g.hidden_only_with_reason,
                                 g.hidden_only_without_reason);
    }
    std::cout << fmt::format("\n{} checks, {} problems: the course is {}\n", report.checks.size(), bad,
                             bad ? "NOT sound" : "sound");
    return bad ? int{kSomeFailed} : int{kAllPassed};
  };
}

}  // namespace grader::cli
