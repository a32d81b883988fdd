// `grader mutate`: the mutants the framework derives from the references,
// graded, and what survives them. Exits 1 when a survivor is not reviewed or
// a reviewed entry is stale (docs/mutate.md).
#include <fmt/format.h>

#include <iostream>

#include "grader/cli/commands.hpp"
#include "grader/validate/generated_mutants.hpp"

namespace grader::cli {

namespace {

struct MutateArgs {
  std::vector<std::string> lessons;
  std::vector<std::string> operators;
  std::size_t max = 0;
  std::uint64_t seed = 1;
  bool show_killed_by_hidden = false;
};

const char* kMutateHelp =
    "Derives mutants from each lesson's reference solution (solutions/<lesson>/*.cpp) with the operators of\n"
    "mutation testing, compiles each and grades it on the lesson's public and hidden tests. Reports per lesson:\n"
    "generated, run, not compiling, killed by public tests, killed only by hidden tests, reviewed as\n"
    "equivalent, survived. Each survivor is shown as file:line [operator] before -> after, with the entry that\n"
    "records it in tests/mutants/<lesson>.equivalent.yaml once reviewed (fill in the reason).\n"
    "Operators: relational, arithmetic, constant, loop-bound, swap-arguments, delete-statement, delete-check,\n"
    "delete-throw, condition, reduction-range.\n"
    "Exit status: 0 no unreviewed survivor and no stale entry; 1 otherwise; 2 usage error.";

}  // namespace

Command add_mutate(CLI::App& app, const GlobalOptions& global) {
  auto args = std::make_shared<MutateArgs>();
  app.footer(kMutateHelp);  // under `grader mutate --help`; the command list keeps its one line
  app.add_option("lessons", args->lessons, "Only these lessons (default: every code lesson)");
  app.add_option("--max", args->max, "Grade a sample of at most N mutants per lesson (default: all)");
  app.add_option("--seed", args->seed, "Seed of the --max sample (default 1; the same seed gives the same sample)");
  app.add_option("--operator", args->operators, "Only these operators (repeat the option for several)");
  app.add_flag("--show-hidden-only", args->show_killed_by_hidden, "List the mutants only hidden tests catch, too");
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
    validate::MutateOptions options;
    options.jobs = ctx->jobs;
    options.lessons = args->lessons;
    options.operators = args->operators;
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
      for (const auto& g : l.run) {
        const bool show = g.fate == MutantFate::survived || g.fate == MutantFate::error ||
                          (args->show_killed_by_hidden && g.fate == MutantFate::killed_only_by_hidden);
        if (!show) continue;
        const char* what = g.fate == MutantFate::survived ? "SURVIVED" : g.fate == MutantFate::error ? "ERROR" : "hidden only";
        std::cout << fmt::format("{} {}:{} [{}]\n    - {}\n    + {}\n", what, g.mutation.file, g.mutation.line,
                                 g.mutation.op, g.mutation.before, g.mutation.after);
        if (g.fate == MutantFate::survived)
          std::cout << "  once reviewed as equivalent, add to " << "tests/mutants/" << l.lesson << ".equivalent.yaml:\n"
                    << validate::reviewed_entry_yaml(g.mutation, "WHY IT BEHAVES AS THE REFERENCE DOES") << "\n";
        else
          std::cout << "    " << g.detail << "\n";
      }
      for (const auto& s : l.stale) std::cout << "STALE tests/mutants/" << l.lesson << ".equivalent.yaml " << s << "\n";
      problems += static_cast<int>(l.count(MutantFate::survived) + l.count(MutantFate::error) + l.stale.size());
    }
    std::cout << fmt::format("\n{:<22} {:>9} {:>5} {:>13} {:>7} {:>12} {:>10} {:>8} {:>5}\n", "lesson", "generated", "run",
                             "not-compiling", "public", "hidden-only", "equivalent", "survived", "stale");
    for (const auto& l : lessons)
      std::cout << fmt::format("{:<22} {:>9} {:>5} {:>13} {:>7} {:>12} {:>10} {:>8} {:>5}\n", l.lesson, l.generated,
                               l.run.size(), l.count(MutantFate::not_compiling), l.count(MutantFate::killed_by_public),
                               l.count(MutantFate::killed_only_by_hidden), l.count(MutantFate::equivalent),
                               l.count(MutantFate::survived) + l.count(MutantFate::error), l.stale.size());
    std::cout << (problems ? fmt::format("\n{} problems: survivors to kill or review, or stale entries\n", problems)
                           : std::string("\nno unreviewed survivor\n"));
    return problems ? int{kSomeFailed} : int{kAllPassed};
  };
}

}  // namespace grader::cli
