// `grader roster import`: the class list into the gradebook, so that exports
// carry names and the class report lists who did not submit.
#include <strings.h>

#include <iostream>

#include "grader/cli/commands.hpp"
#include "grader/gradebook/gradebook.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/util/files.hpp"

namespace grader::cli {

Command add_roster(CLI::App& app, const GlobalOptions& global) {
  auto book_path = std::make_shared<std::string>("gradebook.db");
  auto file = std::make_shared<std::string>();
  app.add_option("--gradebook", *book_path, "The gradebook (default: ./gradebook.db; created when absent)");
  app.require_subcommand(1);
  auto* imp = app.add_subcommand("import", "Replace the roster with a CSV: id,name,email,section (id and name required)");
  imp->add_option("csv", *file, "The roster CSV")->required();
  auto* list = app.add_subcommand("list", "Print the roster and who has no graded submission");
  return [&global, book_path, file, imp, list]() {
    (void)global;
    gradebook::Gradebook book = [&] {
      try {
        return gradebook::Gradebook::open(*book_path);
      } catch (const gradebook::GradebookError& e) {
        throw UsageError(e.what());
      }
    }();
    if (imp->parsed()) {
      std::string text;
      try {
        text = util::read_file(*file);
      } catch (const std::exception& e) {
        throw UsageError("cannot read the roster " + *file + ": " + e.what());
      }
      try {
        auto report = book.import_roster(text);
        std::cout << "imported " << report.students << " students into " << *book_path << "; " << report.not_submitted
                  << " without a graded submission\n";
      } catch (const gradebook::GradebookError& e) {
        throw UsageError(*file + ": " + e.what());
      }
      return int{kAllPassed};
    }
    (void)list;
    const auto graded = book.students();
    for (const auto& r : book.roster()) {
      bool found = false;
      for (const auto& g : graded) found = found || strcasecmp(g.c_str(), r.id.c_str()) == 0;
      std::cout << report::plain_line(r.id) << "\t" << report::plain_line(r.name) << "\t" << report::plain_line(r.section)
                << (found ? "" : "\tno submission") << "\n";
    }
    return int{kAllPassed};
  };
}

}  // namespace grader::cli
