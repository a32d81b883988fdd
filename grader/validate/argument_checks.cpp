#include "grader/validate/argument_checks.hpp"

#include <set>
#include <string>

#include "grader/testing/argument_names.hpp"

namespace grader::validate {

std::vector<Check> argument_checks(const runner::SubmissionResult& reference, const NamesArgument& names) {
  std::vector<Check> checks;
  for (const auto& lesson : reference.lessons) {
    struct Seen {
      const runner::TestResult* test;
      const runner::ArgumentExpectation* expectation;
    };
    std::vector<Seen> seen;
    for (const auto& t : lesson.tests)
      for (const auto& e : t.argument_expectations) seen.push_back({&t, &e});
    if (seen.empty()) continue;
    std::vector<std::string> problems;
    std::set<std::pair<std::string, std::string>> told;  // (test, argument): each vacuous expectation once
    for (const auto& expecting : seen)
      for (const auto& other : seen) {
        const auto& want = expecting.expectation->argument;
        // The same argument, expected in another form or named first by
        // another of its errors ("sentence_b has 4 words ...", "sentence_b
        // must be a reordering ...: 'cat' ..."), is not another argument.
        if (testing::named_argument(other.expectation->argument) == testing::named_argument(want) ||
            testing::named_argument(other.expectation->message) == testing::named_argument(want))
          continue;
        if (!names(other.expectation->message, want)) continue;
        if (!told.insert({expecting.test->name, want}).second) continue;
        problems.push_back(expecting.test->name + " expects '" + want + "' named, and the message \"" +
                           other.expectation->message.substr(0, 160) + "\" (where " + other.test->name +
                           " expects '" + other.expectation->argument + "') would pass it too");
      }
    Check c{"arguments", lesson.lesson + " (" + std::to_string(seen.size()) + " expected errors)",
            "each names one argument", problems.empty() ? "ok" : std::to_string(problems.size()) + " vacuous",
            problems.empty(), ""};
    for (std::size_t p = 0; p < problems.size() && p < 5; ++p) c.detail += (p ? "\n           " : "") + problems[p];
    checks.push_back(std::move(c));
  }
  return checks;
}

std::vector<Check> argument_checks(const runner::SubmissionResult& reference) {
  return argument_checks(reference, [](std::string_view message, std::string_view argument) {
    return testing::names_argument(message, argument);
  });
}

}  // namespace grader::validate
