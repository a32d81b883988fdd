// `grader history STUDENT`: every graded version of a student with its time,
// score and what changed, from the gradebook's submissions rows.
#include <cctype>
#include <iostream>

#include "grader/cli/commands.hpp"
#include "grader/gradebook/gradebook.hpp"
#include "grader/report/history.hpp"
#include "grader/report/sanitize.hpp"

namespace grader::cli {

Command add_history(CLI::App& app, const GlobalOptions& global) {
  auto student = std::make_shared<std::string>();
  auto book_path = std::make_shared<std::string>("gradebook.db");
  app.add_option("student", *student, "The student id, as the gradebook records it (see `grader export`)")->required();
  app.add_option("--gradebook", *book_path, "The gradebook to read (default: ./gradebook.db)")->check(CLI::ExistingFile);
  app.footer("Exit 0 when the student has graded versions, 2 when the gradebook has none of them.");
  return [&global, student, book_path]() {
    (void)global;
    try {
      auto book = gradebook::Gradebook::open(*book_path);
      std::vector<report::GradedVersion> versions;
      for (auto& stored : book.history(*student)) versions.push_back({stored.graded_at, std::move(stored.result)});
      if (versions.empty()) {
        // Ids from LMS names and roster files may differ in letter case only.
        auto lower = [](std::string text) {
          for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
          return text;
        };
        for (const auto& entry : book.roster())
          if (lower(entry.id) == lower(*student))
            throw UsageError("student '" + report::plain_line(entry.id) + "'" +
                             (entry.name.empty() ? "" : " (" + report::plain_line(entry.name) + ")") +
                             " is on the roster and has no submission in the gradebook " + *book_path);
      }
      if (versions.empty())
        throw UsageError("the gradebook " + *book_path + " has no submission of student '" + report::plain_line(*student) +
                         "'; `grader export --format csv` lists the students it has");
      std::cout << report::history_text(*student, versions);
      return int{kAllPassed};
    } catch (const gradebook::GradebookError& e) {
      throw UsageError(e.what());
    }
  };
}

}  // namespace grader::cli
