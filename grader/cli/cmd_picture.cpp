// `grader picture NAME`: draws a picture of the student's own code (course.yaml
// `pictures`) from the workspace's files, through the lesson's worker.
#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "grader/cli/commands.hpp"
#include "grader/picture/picture.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/util/command_name.hpp"

namespace grader::cli {

namespace {

struct PictureOptions {
  std::string name;
  std::string workspace;
  std::string output;
  bool reference = false;
  bool help = false;
  bool keep = false;
};

std::string picture_list(const course::Course& course) {
  if (course.pictures.empty()) return "this course declares no pictures (course.yaml `pictures`)\n";
  std::string out = "Pictures (grader picture NAME [options] -o FILE.png; NAME --help for its options):\n";
  for (const auto& p : course.pictures)
    out += fmt::format("  {:<12} {} (lesson {})\n", p.name, p.title, p.lesson);
  return out;
}

std::string picture_help(const course::Picture& p) {
  std::string calls;
  for (const auto& c : p.calls) calls += (calls.empty() ? "" : ", ") + c;
  return fmt::format(
      "grader picture {} [--workspace DIR] [-o FILE.png] [options]\n\n{}: drawn by your own {} (lesson {}),\n"
      "called in the worker built from your workspace's files, as grader check builds it.\n\nOptions:\n{}"
      "  -w, --workspace DIR  folder with your files (default: the course's starter/)\n"
      "  -o, --output FILE    PNG to write (default: {}.png)\n"
      "  --reference          draw the reference solutions' picture instead (instructor's course only)\n"
      "\nExit codes: 0 drawn, 1 your code cannot draw it yet (the message says why), 2 a bad option.\n",
      p.name, p.title, calls, p.lesson, picture::options_help(p), p.name);
}

// The options given that differ from the defaults, as typed: "--seq-len 20".
std::string changed_options(const course::Picture& p, const std::map<std::string, std::string>& values) {
  std::string out;
  for (const auto& o : p.options) {
    const std::string& v = values.at(o.name);
    if (v == o.default_value) continue;
    const bool quote = v.empty() || v.find_first_of(" \t'\"$\\") != std::string::npos;
    out += " --" + o.name + " " + (quote ? "'" + v + "'" : v);
  }
  return out;
}

// The picture's extras with the global options taken out into `global`: the
// picture reads unknown options itself (allow_extras, no fallthrough), so
// `grader picture encoding --no-color` is handled here as `check` handles it.
std::vector<std::string> take_global_options(const std::vector<std::string>& extras, GlobalOptions& global) {
  std::vector<std::string> rest;
  for (std::size_t i = 0; i < extras.size(); ++i) {
    const std::string& arg = extras[i];
    const auto eq = arg.find('=');
    const std::string flag = arg.substr(0, eq);
    if (flag == "--no-color" && eq == std::string::npos) {
      global.no_color = true;
      continue;
    }
    std::string* path = flag == "--course" ? &global.course_dir : flag == "--toolchain" ? &global.toolchain
                        : flag == "--cache-dir"                ? &global.cache_dir
                                                               : nullptr;
    const bool jobs = flag == "--jobs" || flag == "-j";
    if (!path && !jobs) {
      rest.push_back(arg);
      continue;
    }
    std::string value;
    if (eq != std::string::npos) value = arg.substr(eq + 1);
    else if (i + 1 < extras.size()) value = extras[++i];
    else throw UsageError(flag + " needs a value");
    if (path) {
      *path = std::filesystem::absolute(value).string();
    } else {
      try {
        std::size_t used = 0;
        global.jobs = std::stoi(value, &used);
        if (used != value.size() || global.jobs < 0) throw std::invalid_argument(value);
      } catch (const std::exception&) {
        throw UsageError(flag + ": expected a number of jobs, got '" + value + "'");
      }
    }
  }
  return rest;
}

}  // namespace

Command add_picture(CLI::App& app, const GlobalOptions& global) {
  auto o = std::make_shared<PictureOptions>();
  // The picture's own options come from course.yaml: they are read after
  // parsing (allow_extras), and --help shows them.
  app.set_help_flag();
  app.allow_extras();
  app.fallthrough(false);
  app.add_option("name", o->name, "Which picture (grader picture lists them)");
  app.add_option("-w,--workspace", o->workspace, "Folder with your files (default: the course's starter/)");
  app.add_option("-o,--output", o->output, "PNG file to write (default: NAME.png)");
  app.add_flag("--reference", o->reference, "Draw from the reference solutions (the instructor's course only)");
  app.add_flag("--keep", o->keep, "Keep the temporary build folder (for debugging)");
  app.add_flag("-h,--help", o->help, "Show the picture's options");
  CLI::App* self = &app;
  return [&global, o, self]() {
    GlobalOptions effective = global;
    const std::vector<std::string> extras = take_global_options(self->remaining(), effective);
    auto ctx = make_context(effective);
    const course::Course& course = ctx->course;
    if (o->name.empty()) {
      std::cout << picture_list(course);
      return o->help ? int{kAllPassed} : int{kUsageError};
    }
    const course::Picture* p = course.find_picture(o->name);
    if (!p) {
      std::string known;
      for (const auto& q : course.pictures) known += (known.empty() ? "" : ", ") + q.name;
      throw UsageError(fmt::format("no picture named '{}'; {}", o->name,
                                   known.empty() ? "this course declares none" : "the course's pictures are: " + known));
    }
    if (o->help) {
      std::cout << picture_help(*p);
      return int{kAllPassed};
    }
    picture::Request request;
    request.picture = p;
    try {
      request.values = picture::option_values(*p, extras);
    } catch (const picture::OptionError& e) {
      throw UsageError(std::string(e.what()));
    }
    const std::string shown_workspace = o->reference ? "solutions" : o->workspace.empty() ? "starter" : o->workspace;
    if (o->reference) {
      if (!o->workspace.empty()) throw UsageError("--reference draws from the reference solutions: leave out --workspace");
      if (!std::filesystem::is_directory(course.root / "solutions"))
        throw UsageError("--reference draws from the reference solutions, which only the instructor's course has" +
                         (p->compare.empty() ? std::string() : "; compare with " + p->compare));
      request.workspace = course.root / "solutions";
    } else {
      request.workspace = o->workspace.empty() ? course.root / "starter" : std::filesystem::path(o->workspace);
    }
    if (!std::filesystem::is_directory(request.workspace))
      throw UsageError("workspace " + request.workspace.string() + " is not a folder");
    request.output = o->output.empty() ? std::filesystem::absolute(p->name + ".png") : std::filesystem::path(o->output);
    if (std::filesystem::is_directory(request.output))
      throw UsageError(request.output.string() + " is a folder; give the PNG file to write, e.g. -o " + p->name + ".png");
    request.keep_work_dir = o->keep;

    const auto result = picture::draw(course, ctx->toolchain, *ctx->grader, ctx->cache_dir, request);
    if (!result.printed.empty()) std::cout << report::plain_text(result.printed) << (result.printed.back() == '\n' ? "" : "\n");
    switch (result.outcome) {
      case picture::Outcome::drawn: {
        std::cout << fmt::format("wrote {} ({}x{}), drawn by {} {} in {}\n", report::plain_line(request.output.string()),
                                 result.width, result.height, o->reference ? "the reference" : "your",
                                 fmt::join(p->calls, ", "), report::plain_line(shown_workspace));
        if (!o->reference) {
          if (!p->compare.empty()) std::cout << "compare with: " << p->compare << "\n";
          if (std::filesystem::is_directory(course.root / "solutions"))
            std::cout << fmt::format("the reference picture: {} picture {} --reference{} -o {}-reference.png\n",
                                     util::command_name(), p->name, changed_options(*p, request.values), p->name);
        }
        return int{kAllPassed};
      }
      case picture::Outcome::student_failed:
        std::cerr << fmt::format("grader picture {}: {} cannot draw it:\n", p->name,
                                 o->reference ? "the reference" : "your code")
                  << report::plain_text(result.message) << "\n";
        return int{kSomeFailed};
      case picture::Outcome::usage:
        std::cerr << "grader picture " << p->name << ": " << report::plain_text(result.message) << "\n";
        return int{kUsageError};
      case picture::Outcome::internal:
        break;
    }
    std::cerr << "grader picture " << p->name << ": " << report::plain_text(result.message) << "\n";
    return int{kInternalError};
  };
}

}  // namespace grader::cli
