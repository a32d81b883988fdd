// `grader release OUT`: the student handout (see grader/release/release.hpp).
#include <fmt/format.h>

#include <iostream>

#include "grader/cli/commands.hpp"
#include "grader/release/contents.hpp"
#include "grader/release/course_yaml.hpp"
#include "grader/release/release.hpp"

namespace grader::cli {

namespace {
struct ReleaseCliOptions {
  std::string out;
  std::string track;
  bool force = false;
  bool verbose = false;
};
}  // namespace

Command add_release(CLI::App& app, const GlobalOptions& global) {
  auto o = std::make_shared<ReleaseCliOptions>();
  app.add_option("out", o->out, "Folder to write the handout into (new or empty)")->required();
  app.add_option("--track", o->track, "Only this track's exercises in the handout's course.yaml (see grader list)");
  app.add_flag("--force", o->force, "Replace an earlier handout in OUT (its .git folder is kept)");
  app.add_flag("-v,--verbose", o->verbose, "Also list what was left out of the shipped folders, and why");
  app.footer(
      "Writes lessons/, starter/, tests/public/, the grader and its build files, run.sh, test.sh, a student\n"
      "README.md, course.yaml without hidden suites and .github/workflows/grader-check.yml. Never\n"
      "solutions/, tests/hidden/, tests/mutants/, answer keys, fixtures only hidden tests use, the\n"
      "framework's own tests, bench/ or docs/, nor the \"For instructors\" sections of the lesson texts\n"
      "(lessons/**/*.md). The handout is written to OUT.tmp, checked (its course.yaml\n"
      "loads as a student's grader loads it; no file matches a solution or hidden test; no course file defines\n"
      "an exercise's function or holds code close to a reference solution, see docs/release.md) and renamed to OUT.\n"
      "Exit codes: 0 written, 2 nothing written (the message says why).");
  return [&global, o]() {
    auto ctx = make_context(global, /*need_hidden_files=*/true);
    release::ReleaseOptions options;
    options.out = o->out;
    options.track = o->track;
    options.force = o->force;
    options.framework = ctx->toolchain.framework_root;
    release::ReleaseReport report;
    try {
      report = release::write_release(ctx->course, options);
    } catch (const release::ReleaseError& e) {
      throw UsageError(e.what());
    } catch (const release::UnknownTrack& e) {
      throw UsageError(e.what());
    } catch (const release::LeakError& e) {
      throw UsageError(e.what());
    }
    std::cout << fmt::format("Wrote the student handout to {} ({} files, {:.1f} KiB):\n", report.out.string(),
                             report.files, static_cast<double>(report.bytes) / 1024.0);
    for (const auto& [group, count] : report.groups)
      std::cout << fmt::format("  {:<40} {:>4} file{}\n", group, count, count == 1 ? "" : "s");
    std::cout << "Written for students:";
    for (const auto& g : report.generated) std::cout << " " << g;
    std::cout << "\nLessons in its course.yaml:";
    for (const auto& l : report.lessons) std::cout << " " << l;
    std::cout << "\n";
    for (const auto& note : report.notes) std::cout << "  " << note << "\n";
    if (o->verbose) {
      for (const auto& s : report.skipped) std::cout << "  left out: " << s << "\n";
    } else if (!report.skipped.empty()) {
      std::cout << "  " << report.skipped.size() << " files of the shipped folders were left out (-v lists them and why)\n";
    }
    std::cout << "Next: cd " << report.out.string() << " && ./run.sh   (builds the handout and runs grader check)\n";
    return int{kAllPassed};
  };
}

}  // namespace grader::cli
