// grader: check, grade and validate the course. Run `grader --help`.
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include "grader/cli/commands.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/util/command_name.hpp"

namespace {

// Every option or argument that names a file or folder, in any command. Each
// is resolved against the current folder once, as the command line is read:
// the grader runs compilers, linkers and suites in other folders, where a
// relative path (e.g. --cache-dir relcache) would name something else.
const std::set<std::string> kPathOptions = {"--course", "--toolchain", "--cache-dir", "--workspace", "--output",
                                            "--gradebook", "submissions", "gradebook", "shards", "out", "csv", "batch"};

std::string absolute_path(const std::string& text) {
  if (text.empty()) return text;
  std::filesystem::path p = std::filesystem::absolute(text).lexically_normal();
  if (p.filename().empty() && p.has_parent_path() && p != p.root_path()) p = p.parent_path();  // "dir/" -> "dir"
  return p.string();
}

void resolve_paths(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    if (!kPathOptions.count(option->get_name())) continue;
    option->transform(CLI::Validator(
        [](std::string& value) {
          value = absolute_path(value);
          return std::string();
        },
        "", "absolute path"));
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) resolve_paths(*sub);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace grader::cli;
  if (argc > 0) grader::util::set_command_name(argv[0]);  // the commands messages suggest, as the user runs them
  CLI::App app{"grader: build, check and grade the course's exercises.\n"};
  app.footer(
      "Exit codes:\n"
      "  0  every graded test passed (validate: the course is sound)\n"
      "  1  some tests failed (validate: a problem was found)\n"
      "  2  usage error or a problem in course.yaml / the build\n"
      "  3  internal error in the grader, or a course build out of date (the rebuild command is printed)\n"
      "\nExamples:\n"
      "  grader check                       progress through the whole course\n"
      "  grader check LESSON                one lesson\n"
      "  grader hint EXERCISE               hints for an exercise\n"
      "  grader reset EXERCISE              the exercise's starter files back (yours kept)\n"
      "  grader picture NAME -o out.png     a picture drawn from your code\n"
      "  grader grade solutions --format gradescope -o results.json\n"
      "  grader validate                    prove references, starters and mutants\n"
      "  grader mutate [LESSON] [--max N]   generated mutants: what no test, or only a hidden one, catches\n"
      "  grader grade exports/ --id-pattern lms      a class's LMS export into gradebook.db\n"
      "  grader export --format csv -o grades.csv\n"
      "  grader new-lesson ID               a new lesson from a skeleton that validates");
  app.require_subcommand(1);
  // Global options are accepted after the subcommand too (`grader check
  // --no-color`, `grader grade DIR --jobs 2`): an option a subcommand does not
  // know falls through to the app. Subcommands inherit this setting.
  app.fallthrough();
  GlobalOptions global;
  app.add_option("--course", global.course_dir, "Course folder holding course.yaml (default: the one this grader was built from)");
  app.add_option("--toolchain", global.toolchain, "grader-toolchain.json to use (default: next to the executable)");
  app.add_option("--cache-dir", global.cache_dir, "Object cache folder (default: build/grader-cache)");
  app.add_option("-j,--jobs", global.jobs, "Lessons or submissions graded at once (default: number of cores)");
  app.add_flag("--no-color", global.no_color, "Plain output even on a terminal (NO_COLOR is honoured too)");

  std::map<CLI::App*, Command> commands;
  // --help lists a student's commands apart from an instructor's, so a
  // student reading it knows which of the twenty-one are theirs.
  const char* group = "Student commands";
  auto add = [&](const char* name, const char* help, Command (*registrar)(CLI::App&, const GlobalOptions&)) {
    CLI::App* sub = app.add_subcommand(name, help);
    sub->group(group);
    commands[sub] = registrar(*sub, global);
  };
  add("list", "Print the course outline: lessons, exercises, points", add_list);
  add("check", "Build your workspace and run the public tests, with progress", add_check);
  add("watch", "Rerun check whenever you save a file of the lesson; h for hints, q to quit", add_watch);
  add("hint", "Show the hints of an exercise", add_hint);
  add("reset", "Put the starter's files of an exercise back (yours are kept under .grader/reset/)", add_reset);
  add("picture", "Draw a picture of your own code (e.g. the encoding as a heatmap) as a PNG", add_picture);
  group = "Instructor commands (grading, authoring, gradebook)";
  add("grade", "Grade a submission on public and hidden tests", add_grade);
  add("validate", "Prove the course sound: references full marks, starters zero, mutants caught", add_validate);
  add("mutate", "Derive mutants from the references, grade them, list what no test or only hidden tests catch", add_mutate);
  add("export", "Write grades from the gradebook: csv, json, gradescope, exercism, junit, markdown, html, canvas, moodle", add_export);
  add("review", "Free-text answers: export those awaiting review, import their scores", add_review);
  add("release", "Write the student handout: no solutions, no hidden tests", add_release);
  add("gradescope-bundle", "Write Gradescope's autograder.zip (instructors only: holds the hidden tests)", add_gradescope_bundle);
  add("merge", "Merge gradebooks graded in shards (grade --shard K/N) into one", add_merge);
  add("roster", "The class list: import roster.csv (id, name, email, section), list who did not submit", add_roster);
  add("gradebook-check", "Check a gradebook's integrity", add_gradebook_check);
  add("history", "Every graded version of a student: time, score, what changed", add_history);
  add("regrade", "Regrade the named students from their recorded submissions (manual grades kept)", add_regrade);
  add("similarity", "Similar code across a batch: student pairs, clusters, matches per file; hints for a person, never a grade",
      add_similarity);
  group = "Author commands (a new course or lesson, from a skeleton that validates)";
  add("new-course", "Write a new course folder: course.yaml and one lesson that passes validate", add_new_course);
  add("new-lesson", "Add a lesson to the course, files and course.yaml entry, that passes validate", add_new_lesson);

  resolve_paths(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : kUsageError;
  }
  try {
    for (auto* sub : app.get_subcommands())
      if (commands.count(sub)) return commands[sub]();
    return kUsageError;
  } catch (const UsageError& e) {
    std::cerr << "grader: " << grader::report::plain_text(e.what()) << "\n";
    return kUsageError;
  } catch (const std::exception& e) {
    std::cerr << "grader: internal error: " << grader::report::plain_text(e.what()) << "\n"
              << "This is a bug in the grader or a broken installation; please report it with the command you ran.\n";
    return kInternalError;
  }
}
