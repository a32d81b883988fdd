// `grader new-course DIR` and `grader new-lesson ID`: a course, or a lesson,
// written from the skeleton (grader/skeleton/), then the commands that build
// and validate it.
#include <iostream>
#include <optional>

#include "grader/cli/commands.hpp"
#include "grader/skeleton/skeleton.hpp"

namespace grader::cli {

namespace {

namespace fs = std::filesystem;

/// This grader's manifest, when it has one: it says which course the build
/// is for, where its build folder is, and where the framework is.
std::optional<build::Toolchain> own_toolchain(const GlobalOptions& global) {
  try {
    return build::load_toolchain(global.toolchain.empty() ? build::default_toolchain_path() : fs::path(global.toolchain));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

bool same_folder(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  return fs::equivalent(a, b, ec);
}

void print_written(const skeleton::Written& written) {
  for (const auto& file : written.files) std::cout << "  " << file << "\n";
  for (const auto& note : written.notes) std::cout << "Note: " << note << "\n";
}

/// The commands that configure and build a new build folder for the course
/// at `root`, beside the framework's build/ (same depth: ccache then serves
/// the framework's compiles), then validate it.
void print_new_build(const fs::path& root, const std::optional<build::Toolchain>& toolchain, const std::string& lessons) {
  const fs::path framework = toolchain ? toolchain->framework_root : fs::path("FRAMEWORK");
  const fs::path build = framework / ("build-" + root.filename().string());
  std::cout << "Next, build it with the framework" << (toolchain ? "" : " (FRAMEWORK: the folder holding grader/ and cmake/)")
            << " and prove it sound (0 problems):\n"
            << "  cmake -S " << framework.string() << " -B " << build.string()
            << " -DCMAKE_BUILD_TYPE=Release -DCOURSE_DIR=" << root.string() << "\n"
            << "  cmake --build " << build.string() << " -j2\n"
            << "  " << (build / "bin/grader").string() << " validate" << lessons << "\n";
}

}  // namespace

Command add_new_course(CLI::App& app, const GlobalOptions& global) {
  struct Options {
    std::string dir;
    std::string title = "A new course";
    std::string lesson = "first-lesson";
    std::string lesson_title;
  };
  auto o = std::make_shared<Options>();
  app.add_option("dir", o->dir, "Folder to write the course into (must not exist)")->required();
  app.add_option("--title", o->title, "The course's title (default: \"A new course\")");
  app.add_option("--lesson", o->lesson, "Its lesson's id (default: first-lesson)");
  app.add_option("--lesson-title", o->lesson_title, "Its lesson's title (default: the id in words)");
  app.footer(
      "Writes course.yaml and one lesson: its README, API header, bridge/declarations.hpp, a starter that\n"
      "throws course::not_implemented, the reference solution, a public and a hidden suite, and a mutant a\n"
      "public test catches. `grader validate` passes it as written. Then grow it: docs/authoring.md.\n"
      "Exit codes: 0 written, 2 nothing written (the folder exists, a bad id, ...: the message says why).");
  return [&global, o]() {
    skeleton::LessonNames lesson;
    skeleton::Written written;
    try {
      lesson = skeleton::lesson_names(o->lesson, o->lesson_title);
      written = skeleton::write_course(o->dir, o->title, lesson);
    } catch (const skeleton::SkeletonError& e) {
      throw UsageError(e.what());
    }
    std::cout << "Wrote the course \"" << o->title << "\" to " << written.root.string() << ", with the lesson "
              << lesson.id << ":\n";
    print_written(written);
    print_new_build(written.root, own_toolchain(global), "");
    return int{kAllPassed};
  };
}

Command add_new_lesson(CLI::App& app, const GlobalOptions& global) {
  struct Options {
    std::string id;
    std::string title;
  };
  auto o = std::make_shared<Options>();
  app.add_option("id", o->id, "The lesson's id: lowercase letters, digits and hyphens, a letter first")->required();
  app.add_option("--title", o->title, "The lesson's title (default: the id in words)");
  app.footer(
      "Adds the lesson to the course this grader was built for (or --course DIR): its README, API header,\n"
      "bridge/declarations.hpp, starter, reference, public and hidden suites and a mutant, and its entry\n"
      "after the last lesson of course.yaml (the rest of the file is kept as it is). `grader validate ID`\n"
      "passes it as written. Then grow it: docs/authoring.md.\n"
      "Exit codes: 0 written, 2 nothing written (the lesson or one of its folders exists, a bad id, ...).");
  return [&global, o]() {
    const auto toolchain = own_toolchain(global);
    if (global.course_dir.empty() && !toolchain)
      throw UsageError("this grader has no build manifest (grader-toolchain.json) to say which course it is for; "
                       "pass --course DIR pointing at the course folder");
    const fs::path root = global.course_dir.empty() ? toolchain->course_root : fs::path(global.course_dir);
    skeleton::Written written;
    try {
      written = skeleton::add_lesson(root, skeleton::lesson_names(o->id, o->title));
    } catch (const skeleton::SkeletonError& e) {
      throw UsageError(e.what());
    }
    std::cout << "Added the lesson " << o->id << " to the course in " << written.root.string()
              << " (its entry is the last of course.yaml's lessons):\n";
    print_written(written);
    if (toolchain && same_folder(toolchain->course_root, written.root)) {
      const fs::path build = toolchain->manifest_path.parent_path().parent_path();
      std::cout << "Next, build it (the build reads the new entry of course.yaml) and prove it sound (0 problems):\n"
                << "  cmake --build " << build.string() << " -j2\n"
                << "  " << (build / "bin/grader").string() << " validate " << o->id << "\n";
    } else {
      print_new_build(written.root, toolchain, " " + o->id);
    }
    return int{kAllPassed};
  };
}

}  // namespace grader::cli
