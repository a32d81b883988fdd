// `grader mutate`: the mutants the framework derives from the references,
// graded, and what survives them or only hidden tests catch. Exits 1 when
// such a mutant is not reviewed or a reviewed entry is stale (docs/mutate.md).
#include <fmt/format.h>

#include <iostream>

#include "grader/cli/commands.hpp"
#include "grader/validate/generated_mutants.hpp"

namespace grader::cli {

namespace {

struct MutateArgs {
  std::vector<std::string> lessons;
  std::vector<std::string> operators;
  std::vector<std::string> files;
  std::size_t max = 0;
  std::uint64_t seed = 1;
  bool show_reviewed_hidden_only = false;
};

const char* kMutateHelp =
    "Derives mutants from each lesson's reference solution (solutions/<lesson>/*.cpp) with the operators of\n"
    "mutation testing, compiles each and grades it on the lesson's public and hidden tests. Reports per lesson:\n"
    "generated, run, not compiling, killed by public tests, killed only by hidden tests (hidden-only: no entry\n"
    "says why; hidden-reviewed: a hidden_only entry does), reviewed as equivalent, survived, stale entries,\n"
    "and charged elsewhere (the mutant of one exercise's file also fails another exercise's tests).\n"
    "Each survivor and each mutant only hidden tests catch is shown as file:line [operator] before -> after,\n"
    "with the entry that records it in tests/mutants/<lesson>.equivalent.yaml once reviewed (fill in the\n"
    "reason; a public test is the answer when the header or the lesson states the requirement).\n"
    "Operators: relational, arithmetic, constant, loop-bound, swap-arguments, delete-statement, delete-check,\n"
    "delete-throw, condition, reduction-range.\n"
    "Exit status: 0 no unreviewed survivor, no unreviewed hidden-only mutant, no stale entry and no bug charged\n"
    "elsewhere; 1 otherwise;\n"
    "2 usage error.";

}  // namespace

Command add_mutate(CLI::App& app, const GlobalOptions& global) {
  auto args = std::make_shared<MutateArgs>();
  app.footer(kMutateHelp);  // under `grader mutate --help`; the command list keeps its one line
  app.add_option("lessons", args->lessons, "Only these lessons (default: every code lesson)");
  app.add_option("--max", args->max, "Grade a sample of at most N mutants per lesson (default: all)");
  app.add_option("--seed", args->seed, "Seed of the --max sample (default 1; the same seed gives the same sample)");
  // One value per occurrence, so `--operator relational LESSON` leaves LESSON a lesson.
  app.add_option("--operator", args->operators, "Only these operators (repeat the option for several)")
      ->allow_extra_args(false);
  app.add_option("--file", args->files,
                 "Only mutants of these reference files, named as course.yaml names them (e.g. lesson/file.cpp; repeat "
                 "for several)")
      ->allow_extra_args(false);
  app.add_flag("--show-hidden-only", args->show_reviewed_hidden_only,
               "Also list the mutants only hidden tests catch whose hidden_only entry says why");
  return [&global, args]() {
    auto ctx = make_context(global, /*need_hidden_files=*/true);
    if (!ctx->toolchain.with_hidden)
      throw UsageError("this build has no hidden suites (COURSE_WITH_HIDDEN_TESTS=OFF); mutate needs them");
    for (const auto& l : args->lessons)
      if (!ctx->course.find_lesson(l)) throw UsageError("no lesson named '" + l + "' (grader list shows the lessons)");
    require_grading_build(*ctx, "mutate", args->lessons);
    const auto& names = validate::mutation_operator_names();
    for (const auto& op : args->operators)
      if (std::find(names.begin(), names.end(), op) == names.end())
        throw UsageError("no operator named '" + op + "'; see grader mutate --help");
    for (const auto& f : args->files) {
      std::string lesson_of;  // the lesson whose exercise lists the file
      for (const auto& lesson : ctx->course.lessons)
        for (const auto& e : lesson.exercises)
          if (std::find(e.files.begin(), e.files.end(), f) != e.files.end()) lesson_of = lesson.id;
      if (lesson_of.empty())
        throw UsageError("no exercise file named '" + f + "' in course.yaml (its `files:` name them, e.g. lesson/file.cpp)");
      if (!args->lessons.empty() &&
          std::find(args->lessons.begin(), args->lessons.end(), lesson_of) == args->lessons.end())
        throw UsageError("'" + f + "' is a file of lesson " + lesson_of + ", which is not among the lessons named; add it "
                         "or leave the lessons out");
    }
    validate::MutateOptions options;
    options.jobs = ctx->jobs;
    options.lessons = args->lessons;
    options.operators = args->operators;
    options.files = args->files;
    options.max_per_lesson = args->max;
    options.seed = args->seed;
    options.progress = [](const std::string& s) { std::cerr << "  ... " << s << "\n"; };
    const auto lessons = validate::run_generated_mutants(*ctx->grader, options);

    using validate::MutantFate;
    int problems = 0;
    for (const auto& l : lessons) {
      if (!l.problem.empty()) {
        std::cout << l.lesson << ": PROBLEM: " << l.problem << "\n";
        ++problems;
        continue;
      }
      const std::string reviewed_file = "tests/mutants/" + l.lesson + ".equivalent.yaml";
      for (const auto& g : l.run) {
        const bool show = g.fate == MutantFate::survived || g.fate == MutantFate::error ||
                          g.fate == MutantFate::killed_only_by_hidden ||
                          (args->show_reviewed_hidden_only && g.fate == MutantFate::hidden_only_reviewed);
        if (!show) continue;
        const char* what = g.fate == MutantFate::survived                ? "SURVIVED"
                           : g.fate == MutantFate::error                 ? "ERROR"
                           : g.fate == MutantFate::killed_only_by_hidden ? "HIDDEN ONLY"
                                                                         : "hidden only, reason stated";
        std::cout << fmt::format("{} {}:{} [{}]\n    - {}\n    + {}\n", what, g.mutation.file, g.mutation.line,
                                 g.mutation.op, g.mutation.before, g.mutation.after);
        if (g.entry_stale && (g.fate == MutantFate::survived || g.fate == MutantFate::killed_only_by_hidden))
          std::cout << (g.fate == MutantFate::killed_only_by_hidden ? "    caught only by " + g.detail + "\n" : "")
                    << "  its entry in " << reviewed_file << " says otherwise (STALE, below): change that entry\n";
        else if (g.fate == MutantFate::survived)
          std::cout << "  once reviewed as equivalent, add to " << reviewed_file << ":\n"
                    << validate::reviewed_entry_yaml(g.mutation, validate::Review::equivalent,
                                                     validate::reason_placeholder(validate::Review::equivalent))
                    << "\n";
        else if (g.fate == MutantFate::killed_only_by_hidden)
          std::cout << "    caught only by " << g.detail << "\n"
                    << "  `grader check` calls this done: if the header or the lesson states the requirement it breaks,\n"
                    << "  add a public test that catches it; otherwise add to " << reviewed_file << ":\n"
                    << validate::reviewed_entry_yaml(g.mutation, validate::Review::hidden_only,
                                                     validate::reason_placeholder(validate::Review::hidden_only))
                    << "\n";
        else if (g.fate == MutantFate::hidden_only_reviewed)
          std::cout << "    caught only by " << g.detail << "\n    hidden_only: " << g.reason << "\n";
        else
          std::cout << "    " << g.detail << "\n";
      }
      // One bug, one exercise: a mutant of one exercise's file that fails another exercise's tests.
      for (const auto& g : l.run) {
        if (g.charged_elsewhere.empty()) continue;
        std::cout << fmt::format("CHARGED ELSEWHERE {}:{} [{}]\n    - {}\n    + {}\n", g.mutation.file, g.mutation.line,
                                 g.mutation.op, g.mutation.before, g.mutation.after);
        for (const auto& t : g.charged_elsewhere) std::cout << "    also fails " << t << "\n";
        std::cout << "  a bug in this file costs those exercises too: their tests call its functions; test them\n"
                  << "  through their own functions, or declare `uses:` (docs/course-yaml.md) so `grade` serves the\n"
                  << "  reference\n";
      }
      for (const auto& s : l.stale) std::cout << "STALE " << reviewed_file << " " << s << "\n";
      problems += static_cast<int>(l.count(MutantFate::survived) + l.count(MutantFate::error) +
                                   l.count(MutantFate::killed_only_by_hidden) + l.stale.size() +
                                   l.charged_elsewhere());
    }
    const auto row = [](const auto& lesson, const auto& generated, const auto& run, const auto& not_compiling,
                        const auto& by_public, const auto& hidden_only, const auto& hidden_reviewed,
                        const auto& equivalent, const auto& survived, const auto& stale, const auto& elsewhere) {
      return fmt::format("{:<22} {:>9} {:>5} {:>13} {:>7} {:>11} {:>15} {:>10} {:>8} {:>5} {:>9}\n", lesson, generated,
                         run, not_compiling, by_public, hidden_only, hidden_reviewed, equivalent, survived, stale,
                         elsewhere);
    };
    std::cout << "\n"
              << row("lesson", "generated", "run", "not-compiling", "public", "hidden-only", "hidden-reviewed",
                     "equivalent", "survived", "stale", "elsewhere");
    for (const auto& l : lessons)
      std::cout << row(l.lesson, l.generated, l.run.size(), l.count(MutantFate::not_compiling),
                       l.count(MutantFate::killed_by_public), l.count(MutantFate::killed_only_by_hidden),
                       l.count(MutantFate::hidden_only_reviewed), l.count(MutantFate::equivalent),
                       l.count(MutantFate::survived) + l.count(MutantFate::error), l.stale.size(),
                       l.charged_elsewhere());
    std::cout << (problems ? fmt::format("\n{} {}: a lesson that could not run, survivors or hidden-only mutants to kill or "
                                         "review, stale entries, or bugs charged to another exercise\n",
                                         problems, problems == 1 ? "problem" : "problems")
                           : std::string("\nno unreviewed survivor or hidden-only mutant, none charged elsewhere\n"));
    return problems ? int{kSomeFailed} : int{kAllPassed};
  };
}

}  // namespace grader::cli
