// `grader history STUDENT`: every graded version of a student with its time,
// score and what changed, from the gradebook's submissions rows.
#include <iostream>
#include <memory>
#include <optional>

#include "grader/cli/commands.hpp"
#include "grader/cli/context.hpp"
#include "grader/gradebook/gradebook.hpp"
#include "grader/report/history.hpp"
#include "grader/report/sanitize.hpp"
#include "grader/util/text.hpp"

namespace grader::cli {

Command add_history(CLI::App& app, const GlobalOptions& global) {
  auto student = std::make_shared<std::string>();
  auto book_path = std::make_shared<std::string>("gradebook.db");
  app.add_option("student", *student, "The student id, as the gradebook records it (see `grader export`)")->required();
  app.add_option("--gradebook", *book_path, "The gradebook to read (default: ./gradebook.db)")->check(CLI::ExistingFile);
  app.footer("Exit 0 when the student has graded versions, 2 when the gradebook has none of them.");
  return [&global, student, book_path]() {
    try {
      auto book = gradebook::Gradebook::open(*book_path);
      std::vector<report::GradedVersion> versions;
      for (auto& stored : book.history(*student)) versions.push_back({stored.graded_at, std::move(stored.result)});
      // Ids from LMS names and roster files may differ in letter case only.
      std::optional<gradebook::RosterEntry> on_roster;
      for (const auto& entry : book.roster())
        if (util::lower(entry.id) == util::lower(*student)) on_roster = entry;
      if (versions.empty() && on_roster)
        throw UsageError("student '" + report::plain_line(on_roster->id) + "'" +
                         (on_roster->name.empty() ? "" : " (" + report::plain_line(on_roster->name) + ")") +
                         " is on the roster and has no submission in the gradebook " + *book_path);
      if (versions.empty())
        throw UsageError("the gradebook " + *book_path + " has no submission of student '" + report::plain_line(*student) +
                         "'; `grader export --format csv` lists the students it has");
      // The course orders the exercises; without it (another folder) the gradebook's order stands.
      std::unique_ptr<Context> ctx;
      try {
        ctx = make_context(global);
      } catch (const UsageError&) {
      }
      std::cout << report::history_text(*student, versions, ctx ? &ctx->course : nullptr,
                                        on_roster ? on_roster->name : std::string());
      return int{kAllPassed};
    } catch (const gradebook::GradebookError& e) {
      throw UsageError(e.what());
    }
  };
}

}  // namespace grader::cli
