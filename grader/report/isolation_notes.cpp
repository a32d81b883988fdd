#include "grader/report/isolation_notes.hpp"

#include "grader/report/sanitize.hpp"

namespace grader::report {

std::string isolation_line(const runner::IsolationNote& note) {
  // The worker's description comes back through its suite's output: text to
  // neutralise like anything else a run returns.
  return "grader: sandbox for the " + plain_line(note.who) + ": " + plain_line(note.description);
}

std::vector<std::string> new_isolation_lines(const runner::SubmissionResult& result, std::set<std::string>& shown) {
  std::vector<std::string> lines;
  for (const auto& lesson : result.lessons)
    for (const auto& note : lesson.isolation)
      if (std::string line = isolation_line(note); shown.insert(line).second) lines.push_back(std::move(line));
  return lines;
}

}  // namespace grader::report
