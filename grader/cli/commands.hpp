// The grader's subcommands. Each registers itself on the CLI11 app and
// returns an ExitCode when run.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

#include "grader/cli/context.hpp"

namespace grader::cli {

using Command = std::function<int()>;

Command add_list(CLI::App& app, const GlobalOptions& global);
Command add_check(CLI::App& app, const GlobalOptions& global);
Command add_watch(CLI::App& app, const GlobalOptions& global);
Command add_hint(CLI::App& app, const GlobalOptions& global);
Command add_reset(CLI::App& app, const GlobalOptions& global);
Command add_grade(CLI::App& app, const GlobalOptions& global);
Command add_validate(CLI::App& app, const GlobalOptions& global);
Command add_mutate(CLI::App& app, const GlobalOptions& global);
Command add_export(CLI::App& app, const GlobalOptions& global);
Command add_review(CLI::App& app, const GlobalOptions& global);
Command add_release(CLI::App& app, const GlobalOptions& global);
Command add_gradescope_bundle(CLI::App& app, const GlobalOptions& global);
Command add_merge(CLI::App& app, const GlobalOptions& global);
Command add_gradebook_check(CLI::App& app, const GlobalOptions& global);
Command add_roster(CLI::App& app, const GlobalOptions& global);
Command add_picture(CLI::App& app, const GlobalOptions& global);
Command add_history(CLI::App& app, const GlobalOptions& global);
Command add_regrade(CLI::App& app, const GlobalOptions& global);
Command add_similarity(CLI::App& app, const GlobalOptions& global);
Command add_new_course(CLI::App& app, const GlobalOptions& global);
Command add_new_lesson(CLI::App& app, const GlobalOptions& global);

}  // namespace grader::cli
