// `grader list` and `grader hint`: read-only views of course.yaml.
#include <fmt/format.h>

#include <iostream>

#include "grader/cli/commands.hpp"
#include "grader/report/lesson_summary.hpp"
#include "grader/runner/points.hpp"

namespace grader::cli {

Command add_list(CLI::App& app, const GlobalOptions& global) {
  return [&global]() {
    auto ctx = make_context(global);
    const auto& c = ctx->course;
    std::cout << c.title << "  (course " << c.version << ")\n";
    int n = 0;
    for (const auto& lesson : c.lessons) {
      std::cout << fmt::format("\n{}. {}  [{}]\n", ++n, lesson.title, lesson.id);
      for (const auto& e : lesson.exercises) {
        std::string pts = e.points ? report::format_points(*e.points) + " pts"
                                   : report::format_points(e.points_per_test.value_or(0)) + " pts/test";
        std::cout << fmt::format("   - {:<18} {:<44} {}\n", e.id, e.title, pts);
      }
    }
    if (!c.tracks.empty()) {
      std::cout << "\nTracks (grader check --track NAME):\n";
      for (const auto& t : c.tracks) std::cout << fmt::format("   - {:<12} {} ({} exercises)\n", t.id, t.title, t.exercises.size());
    }
    // The same maximum `grade` reports; `check` shows it next to what the public tests can award.
    std::cout << "\nTotal: " << report::format_points(runner::course_max_points(c)) << " points"
              << (runner::has_per_test_points(c) ? " (plus per-test points where set)" : "") << "\n";
    return int{kAllPassed};
  };
  (void)app;
}

Command add_hint(CLI::App& app, const GlobalOptions& global) {
  auto exercise = std::make_shared<std::string>();
  auto level = std::make_shared<int>(0);
  app.add_option("exercise", *exercise, "Exercise id (see grader list)")->required();
  app.add_option("--level", *level, "Show only the first N hints (default: all)");
  return [&global, exercise, level]() {
    auto ctx = make_context(global);
    auto [lesson, e] = ctx->course.find_exercise(*exercise);
    if (!e) {
      std::string ids;
      for (const auto& l : ctx->course.lessons)
        for (const auto& x : l.exercises) ids += (ids.empty() ? "" : ", ") + x.id;
      throw UsageError("no exercise named '" + *exercise + "'; exercises are: " + ids);
    }
    std::cout << "Hints for " << e->id << " (" << e->title << "), lesson " << lesson->id << ":\n";
    if (e->hints.empty()) std::cout << "  (no hints: re-read " << lesson->folder << "/README.md)\n";
    std::size_t shown = *level > 0 ? std::min<std::size_t>(static_cast<std::size_t>(*level), e->hints.size()) : e->hints.size();
    for (std::size_t i = 0; i < shown; ++i) std::cout << "  " << i + 1 << ". " << e->hints[i] << "\n";
    std::cout << "Lesson text: " << lesson->folder << "/README.md\n";
    return int{kAllPassed};
  };
}

}  // namespace grader::cli
