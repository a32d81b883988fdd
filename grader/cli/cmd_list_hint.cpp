// `grader list` and `grader hint`: read-only views of course.yaml.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "grader/cli/commands.hpp"
#include "grader/cli/hint_state.hpp"
#include "grader/cli/hints.hpp"
#include "grader/report/lesson_summary.hpp"
#include "grader/runner/points.hpp"
#include "grader/util/command_name.hpp"
#include "grader/util/text.hpp"

namespace grader::cli {

Command add_list(CLI::App& app, const GlobalOptions& global) {
  return [&global]() {
    auto ctx = make_context(global);
    const auto& c = ctx->course;
    std::cout << c.title << "  (course " << c.version << ")\n";
    // Columns as wide as the longest id and title (in characters), so no row overflows.
    std::size_t id_width = 18, title_width = 44;
    for (const auto& lesson : c.lessons)
      for (const auto& e : lesson.exercises) {
        id_width = std::max(id_width, util::characters(e.id));
        title_width = std::max(title_width, util::characters(e.title));
      }
    int n = 0;
    for (const auto& lesson : c.lessons) {
      std::cout << fmt::format("\n{}. {}  [{}]\n", ++n, lesson.title, lesson.id);
      for (const auto& e : lesson.exercises) {
        std::string pts = e.points ? report::format_points(*e.points) + " pts"
                                   : report::format_points(e.points_per_test.value_or(0)) + " pts/test";
        std::cout << "   - " << util::padded(e.id, id_width) << " " << util::padded(e.title, title_width) << " " << pts
                  << "\n";
      }
    }
    if (!c.tracks.empty()) {
      std::cout << "\nTracks (" << util::command_name() << " check --track NAME):\n";
      for (const auto& t : c.tracks) std::cout << fmt::format("   - {:<12} {} ({} exercises)\n", t.id, t.title, t.exercises.size());
    }
    // The same maximum `grade` reports; `check` shows it next to what the public tests can award.
    std::cout << "\nTotal: " << report::format_points(runner::course_max_points(c)) << " points"
              << (runner::has_per_test_points(c) ? " (plus per-test points where set)" : "") << "\n";
    return int{kAllPassed};
  };
  (void)app;
}

namespace {

struct HintOptions {
  std::string exercise;
  std::string workspace;
  int level = 0;
  bool all = false;
  bool reset = false;
};

}  // namespace

Command add_hint(CLI::App& app, const GlobalOptions& global) {
  auto o = std::make_shared<HintOptions>();
  app.add_option("exercise", o->exercise, "Exercise id (see grader list)")->required();
  app.add_option("-w,--workspace", o->workspace,
                 "Folder with your files, where the hints you have seen are remembered (default: the course's starter/)");
  auto* all = app.add_flag("--all", o->all, "Show every hint of the exercise");
  app.add_option("--level", o->level, "Show the first N hints")->excludes(all);
  app.add_flag("--reset", o->reset, "Forget which hints of the exercise you have seen; the next one is hint 1 again");
  app.footer("Each run shows the next hint you have not seen yet (remembered in WORKSPACE/.grader/hints.json).");
  return [&global, o]() {
    auto ctx = make_context(global);
    auto [lesson, e] = ctx->course.find_exercise(o->exercise);
    if (!e) {
      std::string ids;
      for (const auto& l : ctx->course.lessons)
        for (const auto& x : l.exercises) ids += (ids.empty() ? "" : ", ") + x.id;
      throw UsageError("no exercise named '" + o->exercise + "'; exercises are: " + ids);
    }
    std::filesystem::path workspace = o->workspace.empty() ? ctx->course.root / "starter" : std::filesystem::path(o->workspace);
    if (!std::filesystem::is_directory(workspace)) throw UsageError("workspace " + workspace.string() + " is not a folder");
    const std::size_t count = e->hints.size();
    const std::string readme = lesson->folder + "/README.md";
    HintState state(workspace, std::cerr);
    if (o->reset) {
      state.forget(e->id);
      state.save();
      if (!o->all && o->level <= 0) {
        std::cout << "Hints for " << e->id << " start over: `" << util::command_name() << " hint " << e->id << "` shows hint 1 of " << count << ".\n";
        return int{kAllPassed};
      }
    }
    if (o->all || o->level > 0) {
      std::cout << "Hints for " << e->id << " (" << e->title << "), lesson " << lesson->id << ":\n";
      if (count == 0) std::cout << "  (no hints: re-read " << readme << ")\n";
      std::size_t shown = o->all ? count : std::min<std::size_t>(static_cast<std::size_t>(o->level), count);
      for (std::size_t i = 0; i < shown; ++i) std::cout << "  " << i + 1 << ". " << e->hints[i] << "\n";
      if (count) std::cout << "Lesson text: " << readme << "\n";
      return int{kAllPassed};
    }
    show_next_hint(std::cout, *lesson, *e, state);
    return int{kAllPassed};
  };
}

}  // namespace grader::cli
