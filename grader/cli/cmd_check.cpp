// `grader check`: the student's loop. Builds the workspace (starter/ by
// default), runs the public tests and prints progress through the course.
#include <unistd.h>

#include <iostream>

#include "grader/cli/commands.hpp"
#include "grader/cli/selection.hpp"
#include "grader/report/terminal.hpp"

namespace grader::cli {

namespace {
struct CheckOptions {
  std::string lesson;
  std::string workspace;
  std::string track;
  bool keep = false;
};
}  // namespace

Command add_check(CLI::App& app, const GlobalOptions& global) {
  auto o = std::make_shared<CheckOptions>();
  app.add_option("lesson", o->lesson, "Only this lesson (default: every lesson)");
  app.add_option("-w,--workspace", o->workspace, "Folder with your files (default: the course's starter/)");
  app.add_option("--track", o->track, "Only the exercises of this track (see grader list)");
  app.add_flag("--keep", o->keep, "Keep the temporary build folders (for debugging)");
  return [&global, o]() {
    auto ctx = make_context(global);
    runner::GradeOptions options = check_selection(ctx->course, o->lesson, o->track);
    options.jobs = ctx->jobs;
    options.keep_work_dirs = o->keep;
    std::filesystem::path workspace = o->workspace.empty() ? ctx->course.root / "starter" : std::filesystem::path(o->workspace);
    if (!std::filesystem::is_directory(workspace))
      throw UsageError("workspace " + workspace.string() + " is not a folder");
    if (ctx->color || ::isatty(2)) std::cerr << "building and testing " << workspace.string() << " ...\n";
    auto result = ctx->grader->grade(workspace, options);
    if (o->lesson.empty() && o->track.empty() && !ctx->course.welcome.empty()) {
      bool started = false;
      for (const auto& l : result.lessons)
        for (const auto& t : l.tests) started = started || t.status == runner::TestStatus::passed;
      if (!started) std::cout << ctx->course.welcome << "\n";
    }
    report::TerminalStyle style;
    style.color = ctx->color;
    style.outline = o->lesson.empty();
    // `check LESSON` is where a student sees every failure; the outline cuts
    // them and names this command.
    if (!style.outline) style.max_failures_shown = report::kEveryFailure;
    style.workspace = o->workspace.empty() ? std::string("starter") : o->workspace;
    if (!o->track.empty()) style.scope_exercises = ctx->course.find_track(o->track)->exercises.size();
    report::print_check(std::cout, ctx->course, result, style);
    for (const auto& l : result.lessons)
      if (l.status == runner::LessonStatus::internal_error) return int{kInternalError};
    return runner::all_passed(result) ? int{kAllPassed} : int{kSomeFailed};
  };
}

}  // namespace grader::cli
