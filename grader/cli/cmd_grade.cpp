// `grader grade PATH`: one submission on public and hidden tests, as a
// readable report or as machine output (JSON, Gradescope results.json).
#include <iostream>
#include <sstream>

#include "grader/cli/commands.hpp"
#include "grader/report/result_json.hpp"
#include "grader/report/terminal.hpp"
#include "grader/util/files.hpp"

namespace grader::cli {

namespace {
struct GradeCliOptions {
  std::vector<std::string> paths;
  std::string format = "text";
  std::string output;
  bool public_only = false;
};
}  // namespace

Command add_grade(CLI::App& app, const GlobalOptions& global) {
  auto o = std::make_shared<GradeCliOptions>();
  app.add_option("submissions", o->paths, "Submission folder (same layout as starter/)")->required();
  app.add_option("--format", o->format, "text (default), json or gradescope")
      ->check(CLI::IsMember({"text", "json", "gradescope"}));
  app.add_option("-o,--output", o->output, "Write the report here (atomically) instead of standard output");
  app.add_flag("--public-only", o->public_only, "Grade on the public tests only");
  return [&global, o]() {
    auto ctx = make_context(global);
    if (o->paths.size() != 1) throw UsageError("grade one submission at a time for now");
    std::filesystem::path path = o->paths.front();
    if (!std::filesystem::is_directory(path)) throw UsageError("submission " + path.string() + " is not a folder");
    runner::GradeOptions options;
    options.include_hidden = !o->public_only && ctx->toolchain.with_hidden;
    options.jobs = ctx->jobs;
    auto result = ctx->grader->grade(path, options);
    result.grader_version = GRADER_VERSION;
    std::string text;
    if (o->format == "json") {
      text = report::write_result_json(result) + "\n";
    } else if (o->format == "gradescope") {
      text = report::write_result_json(result) + "\n";
    } else {
      std::ostringstream s;
      report::TerminalStyle style;
      style.color = ctx->color && o->output.empty();
      style.student_view = false;
      report::print_check(s, ctx->course, result, style);
      text = s.str();
    }
    if (o->output.empty()) std::cout << text;
    else util::write_file_atomically(o->output, text);
    bool all = result.max_score > 0 && result.score >= result.max_score - 1e-9;
    return all ? int{kAllPassed} : int{kSomeFailed};
  };
}

}  // namespace grader::cli
