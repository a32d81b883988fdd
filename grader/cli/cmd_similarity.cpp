// `grader similarity GRADEBOOK_OR_DIR`: the most similar pairs of submissions
// per exercise file, with the matching regions side by side. Hints for a
// person; nothing is written to the gradebook.
#include <fstream>
#include <iostream>

#include "grader/archive/extract.hpp"
#include "grader/batch/batch.hpp"
#include "grader/cli/commands.hpp"
#include "grader/gradebook/gradebook.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/similarity/similarity.hpp"
#include "grader/util/files.hpp"

namespace grader::cli {

namespace {

struct SimilarityCliOptions {
  std::vector<std::string> paths;
  std::string exercise;
  std::size_t top = 10;
  std::string format = "text";
  std::string id_pattern;
};

bool is_gradebook(const std::filesystem::path& p) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(p, ec) || archive::is_archive(p)) return false;
  std::ifstream in(p, std::ios::binary);
  char head[16] = {};
  in.read(head, sizeof head);
  return in.gcount() == 16 && std::string(head, 16) == std::string("SQLite format 3\0", 16);
}

// The entries to compare: every student's latest submission (from the
// paths the gradebook recorded), or what `grade` would find in the paths.
std::vector<batch::Entry> entries_of(const Context& ctx, const SimilarityCliOptions& o) {
  std::vector<std::filesystem::path> paths(o.paths.begin(), o.paths.end());
  if (paths.size() == 1 && is_gradebook(paths[0])) {
    std::vector<batch::Entry> entries;
    try {
      auto book = gradebook::Gradebook::open(paths[0]);
      for (const auto& stored : book.latest_all()) {
        std::string why;
        if (auto entry = batch::entry_from_recorded(stored.result, why)) entries.push_back(std::move(*entry));
        else std::cerr << "grader: not compared: " << report::plain_line(stored.result.student) << ": " << report::plain_line(why) << "\n";
      }
    } catch (const gradebook::GradebookError& e) {
      throw UsageError(e.what());
    }
    return entries;
  }
  batch::StudentIdPattern pattern;
  std::vector<std::string> unmatched;
  try {
    pattern = batch::StudentIdPattern(o.id_pattern);
    auto entries = batch::discover(ctx.course, paths, pattern, unmatched);
    for (const auto& u : unmatched) std::cerr << "grader: skipping " << archive::printable_name(u) << "\n";
    return entries;
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

}  // namespace

Command add_similarity(CLI::App& app, const GlobalOptions& global) {
  auto o = std::make_shared<SimilarityCliOptions>();
  app.add_option("submissions", o->paths,
                 "A gradebook (its students' latest submissions, read from the paths it recorded), or what "
                 "`grader grade` takes: submission folders, archives, folders of them")
      ->required();
  app.add_option("--exercise", o->exercise, "Only this exercise (see `grader list`)");
  app.add_option("--top", o->top, "Pairs shown per exercise file (default 10)")->check(CLI::PositiveNumber);
  app.add_option("--format", o->format, "text (default) or json")->check(CLI::IsMember({"text", "json"}));
  app.add_option("--id-pattern", o->id_pattern, "How student ids are read from entry names, as for `grader grade`");
  app.footer(
      "Similar code is a hint for a person to look at, never evidence and never a grade: short or\n"
      "standard code is often alike, and the starter's own code is removed before comparing.\n"
      "Exit 0 when the comparison ran (whatever it found), 2 on a usage problem.");
  return [&global, o]() {
    auto ctx = make_context(global);
    if (!o->exercise.empty() && !ctx->course.find_exercise(o->exercise).second)
      throw UsageError("--exercise " + o->exercise + ": the course has no such exercise (see `grader list`)");
    std::vector<similarity::SubmittedFiles> submissions;
    for (const auto& entry : entries_of(*ctx, *o)) {
      std::string error;
      auto files = batch::submitted_files(*ctx->grader, entry, error);
      if (!error.empty()) {
        std::cerr << "grader: not compared: " << report::plain_line(entry.student) << ": " << report::plain_line(error) << "\n";
        continue;
      }
      submissions.push_back({entry.student, std::move(files)});
    }
    std::map<std::string, std::string> starter;
    for (const auto& lesson : ctx->course.lessons)
      for (const auto& e : lesson.exercises)
        for (const auto& f : e.files) {
          std::error_code ec;
          auto path = ctx->course.root / "starter" / f;
          if (std::filesystem::is_regular_file(path, ec)) starter[f] = util::read_file(path);
        }
    similarity::Options options;
    options.exercise = o->exercise;
    options.top = o->top;
    auto pairs = similarity::similar_pairs(ctx->course, submissions, starter, options);
    if (o->format == "json")
      std::cout << similarity::similarity_json(pairs, submissions, options).dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                << "\n";
    else
      std::cout << similarity::similarity_text(pairs, submissions);
    return int{kAllPassed};
  };
}

}  // namespace grader::cli
