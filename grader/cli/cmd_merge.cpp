// `grader merge OUT.db SHARD.db...`: one gradebook from the shards graded on
// several machines, and `grader gradebook-check`: the integrity check.
#include <iostream>

#include "grader/cli/commands.hpp"
#include "grader/gradebook/gradebook.hpp"
#include "grader/report/sanitize.hpp"

namespace grader::cli {

Command add_merge(CLI::App& app, const GlobalOptions& global) {
  auto out = std::make_shared<std::string>();
  auto shards = std::make_shared<std::vector<std::string>>();
  app.add_option("gradebook", *out, "The gradebook to merge into (created when absent)")->required();
  app.add_option("shards", *shards, "Gradebooks written by `grader grade --shard K/N`")->required()->check(CLI::ExistingFile);
  return [&global, out, shards]() {
    (void)global;
    try {
      auto book = gradebook::Gradebook::open(*out);
      int copied = 0, skipped = 0;
      for (const auto& s : *shards) {
        auto r = book.merge(s);
        std::cout << report::plain_line(s) << ": " << r.copied << " submissions copied, " << r.skipped << " already present\n";
        copied += r.copied;
        skipped += r.skipped;
      }
      auto check = book.check_integrity();
      for (const auto& p : check.problems) std::cerr << "integrity: " << report::plain_text(p) << "\n";
      std::cout << "merged " << copied << " submissions into " << *out << " (" << skipped << " already there)\n";
      return check.ok() ? int{kAllPassed} : int{kSomeFailed};
    } catch (const gradebook::GradebookError& e) {
      throw UsageError(e.what());
    }
  };
}

Command add_gradebook_check(CLI::App& app, const GlobalOptions& global) {
  auto path = std::make_shared<std::string>("gradebook.db");
  app.add_option("gradebook", *path, "The gradebook to check (default: ./gradebook.db)")->check(CLI::ExistingFile);
  return [&global, path]() {
    (void)global;
    try {
      auto report = gradebook::Gradebook::open(*path).check_integrity();
      for (const auto& p : report.problems) std::cout << "problem: " << report::plain_text(p) << "\n";
      std::cout << *path << ": " << (report.ok() ? "sound" : "PROBLEMS FOUND") << "\n";
      return report.ok() ? int{kAllPassed} : int{kSomeFailed};
    } catch (const gradebook::GradebookError& e) {
      throw UsageError(e.what());
    }
  };
}

}  // namespace grader::cli
