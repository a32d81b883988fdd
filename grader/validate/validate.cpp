#include "grader/validate/validate.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <cctype>

#include "grader/runner/points.hpp"
#include "grader/util/files.hpp"
#include "grader/validate/argument_checks.hpp"
#include "grader/validate/mutant_workspace.hpp"
#include "grader/validate/patch.hpp"
#include "grader/validate/pitfalls.hpp"
#include "grader/util/parallel_for.hpp"

namespace grader::validate {
namespace fs = std::filesystem;

bool Report::ok() const {
  return std::all_of(checks.begin(), checks.end(), [](const Check& c) { return c.ok; });
}

const std::vector<std::string> kRawFrameworkText = {
    "Which is:", "evaluates to", "Expected equality", "Value of:", "Actual:", "C++ exception with description",
    "thrown in the test body", "::grader::testing", "more lines)", "Expected:", "Google Test trace:"};

const std::vector<std::pair<std::regex, std::string>>& kRawFrameworkPatterns() {
  static const std::vector<std::pair<std::regex, std::string>> patterns = {
      {std::regex(R"(\bg(?:test|mock)\b|googletest|GoogleTest)", std::regex::icase), "GoogleTest's name"},
      {std::regex(R"(\b[A-Z]\w*\.h\b)"), "an Eigen header's name"},
      {std::regex(R"(\beigen_assert\b|Assertion [`'])"), "an assertion's raw text"},
      {std::regex(R"(\b[\w.-]+\.(?:cpp|hpp|cc|h):\d+)"), "a source file's line"},
  };
  return patterns;
}

std::vector<std::string> message_problems(const course::Course& course, const runner::SubmissionResult& result,
                                          const std::vector<std::string>& reports) {
  std::vector<std::string> problems;
  for (std::size_t r = 0; r < reports.size(); ++r)
    for (const auto& fragment : kRawFrameworkText) {
      const auto at = reports[r].find(fragment);
      if (at == std::string::npos) continue;
      const auto line_start = reports[r].rfind('\n', at);
      const auto begin = line_start == std::string::npos ? 0 : line_start + 1;
      problems.push_back("report " + std::to_string(r + 1) + " shows '" + fragment + "': " +
                         reports[r].substr(begin, std::min<std::size_t>(160, reports[r].find('\n', at) - begin)));
    }
  // The framework's own words that no fixed fragment names: GoogleTest by
  // name, an Eigen header ("PlainObjectBase.h"), an assertion's text, and a
  // source position ("mha_against_torch.hpp:25", "Product.h:117").
  for (std::size_t r = 0; r < reports.size(); ++r) {
    std::istringstream lines(reports[r]);
    for (std::string line; std::getline(lines, line);)
      for (const auto& [pattern, what] : kRawFrameworkPatterns()) {
        std::smatch found;
        if (!std::regex_search(line, found, pattern)) continue;
        problems.push_back("report " + std::to_string(r + 1) + " shows " + what + " ('" + found.str() +
                           "'): " + line.substr(0, 160));
        break;
      }
  }
  // "softmax_rows(<matrix (2, 3)>): ...", "mha.forward(...) ...": a name, then its arguments.
  static const std::regex names_a_call(R"(^[A-Za-z_][A-Za-z0-9_:.]*\(.*\))");
  for (const auto& lesson : result.lessons)
    for (const auto& t : lesson.tests) {
      if (!runner::is_failure(t.status)) continue;
      const auto [l, exercise] = course.find_exercise(t.exercise);
      if (!exercise || exercise->kind != course::ExerciseKind::code) continue;
      const std::string first_line = t.message.substr(0, t.message.find('\n'));
      if (!std::regex_search(first_line, names_a_call))
        problems.push_back(t.name + ": the message does not start with a call: " + first_line.substr(0, 160));
      // "expected shape (5, 8), got (5, 7)", "expected a matrix, but your
      // code threw ...", "4 of 4 values differ from the expected ones",
      // "weight (0, 0) should be NaN (as in PyTorch), got 0".
      std::string lowered = t.message;
      std::transform(lowered.begin(), lowered.end(), lowered.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      if (lowered.find("expected") == std::string::npos && lowered.find("should ") == std::string::npos)
        problems.push_back(t.name + ": the message never says what was expected: " + first_line.substr(0, 160));
    }
  return problems;
}

std::string cause_problem(const std::string& expect_cause, const std::vector<std::string>& reports) {
  static const std::string kCause = "likely cause:";
  std::vector<std::string> seen;
  for (const auto& report : reports) {
    std::istringstream text(report);
    for (std::string line; std::getline(text, line);) {
      const auto at = line.find(kCause);
      if (at == std::string::npos) continue;
      const std::string cause = line.substr(at);
      if (cause.find(expect_cause) != std::string::npos) return "";
      if (std::find(seen.begin(), seen.end(), cause) == seen.end()) seen.push_back(cause);
    }
  }
  std::string problem = "no 'likely cause:' line holds \"" + expect_cause + "\"";
  if (seen.empty()) return problem + " (the reports name no likely cause)";
  problem += "; the reports say:";
  for (std::size_t i = 0; i < seen.size() && i < 3; ++i) problem += " [" + seen[i].substr(0, 160) + "]";
  return problem;
}

bool caught_by_public_test(const runner::SubmissionResult& result) {
  for (const auto& lesson : result.lessons) {
    // Code that does not build or start fails `grader check` as well.
    if (lesson.status == runner::LessonStatus::compile_error || lesson.status == runner::LessonStatus::did_not_start)
      return true;
    for (const auto& t : lesson.tests)
      if (!t.hidden && t.status != runner::TestStatus::passed && t.status != runner::TestStatus::pending_review)
        return true;
  }
  return false;
}

GapReport gap_checks(const course::Course& course,
                     const std::vector<std::pair<const Mutant*, const runner::SubmissionResult*>>& caught) {
  GapReport out;
  std::map<std::string, GapCount> gap_of;  // lesson -> its caught mutants, by who catches them
  for (const auto& [m, result] : caught) {
    auto& gap = gap_of[m->lesson];
    const auto [lesson, exercise] = course.find_exercise(m->exercise);
    // A quiz's answers are scored only against its hidden answer key:
    // `grader check` reads their form, never their truth, and says so.
    if (exercise && exercise->kind == course::ExerciseKind::quiz) {
      ++gap.hidden_only_with_reason;
      continue;
    }
    const bool by_public = caught_by_public_test(*result);
    if (by_public) ++gap.public_caught;
    else if (m->hidden_only.empty()) ++gap.hidden_only_without_reason;
    else ++gap.hidden_only_with_reason;
    if (by_public && !m->hidden_only.empty())
      out.checks.push_back({"public", m->lesson + "/" + m->name, "hidden tests only", "a public test fails", false,
                            "its mutant.yaml says hidden_only, but a public test catches it: remove hidden_only"});
    else if (!by_public && m->hidden_only.empty())
      out.checks.push_back(
          {"public", m->lesson + "/" + m->name, "a public test fails", "hidden tests only", false,
           "`grader check` calls this bug done: add a public test that catches it, or say in its mutant.yaml why "
           "only hidden tests may (hidden_only: \"<reason>\")"});
  }
  for (const auto& lesson : course.lessons)
    if (const auto it = gap_of.find(lesson.id); it != gap_of.end()) {
      it->second.lesson = lesson.id;
      out.counts.push_back(it->second);
    }
  return out;
}

namespace {

std::string fmt_points(double got, double max) { return runner::points_text(got) + "/" + runner::points_text(max); }

}  // namespace

Report validate_course(const runner::Grader& grader, const ValidateOptions& options) {
  Report report;
  const auto& course = grader.course();
  runner::GradeOptions all;
  all.include_hidden = true;
  all.jobs = options.jobs;
  all.lessons = options.lessons;
  auto say = [&](const std::string& s) {
    if (options.progress) options.progress(s);
  };

  // Exercises graded against the reference of others of their lesson
  // (course.yaml, an exercise's `uses`): the build must serve them.
  if (grader.toolchain().with_hidden)
    for (const auto& lesson : course.lessons) {
      if (!options.lessons.empty() &&
          std::find(options.lessons.begin(), options.lessons.end(), lesson.id) == options.lessons.end())
        continue;
      const auto* artifacts = grader.toolchain().lesson(lesson.id);
      for (const auto& e : lesson.exercises)
        for (const auto& used : e.uses) {
          if (e.uses_student_code.count(used)) continue;
          Check c{"served", lesson.id + "/" + e.id + " uses " + used, "served from the reference", "served", true, ""};
          if (!artifacts || !artifacts->exercise_stubs.count(used)) {
            c.ok = false;
            c.got = "not served";
            c.detail = "the build has no callback stubs of exercise " + used + ": list its functions apart in lessons/" +
                       lesson.id + "/bridge/declarations.hpp (COURSE_EXERCISE_<lesson>_<exercise>, named again in "
                       "COURSE_BRIDGE; docs/bridge-api.md), estimate their costs in bridge/costs.hpp, then rebuild "
                       "(or write {exercise: " + used + ", mode: student} in course.yaml)";
          }
          report.checks.push_back(c);
        }
    }

  say("grading the reference solutions (solutions/)");
  auto reference = grader.grade(course.root / "solutions", all);
  for (const auto& lesson : reference.lessons)
    for (const auto& note : lesson.isolation)
      if (std::none_of(report.isolation.begin(), report.isolation.end(), [&](const runner::IsolationNote& n) {
            return n.who == note.who && n.description == note.description;
          }))
        report.isolation.push_back(note);
  // Expected errors that another argument's message would satisfy too.
  {
    const auto checks = argument_checks(reference);
    report.checks.insert(report.checks.end(), checks.begin(), checks.end());
  }
  // A build that cannot grade the reference (out of date, not built) grades
  // no mutant either: every one would "survive" tests that never ran.
  for (const auto& lesson : reference.lessons)
    if (lesson.status == runner::LessonStatus::internal_error) {
      // The detail (what is out of date, the rebuild command) is the report's last line: `stopped`.
      report.checks.push_back({"reference", lesson.lesson, "full marks", "not graded", false, "the build cannot grade it (below)"});
      if (report.stopped.empty()) report.stopped = lesson.detail;
    }
  if (!report.stopped.empty()) return report;
  say("grading the starter (starter/)");
  auto starter = grader.grade(course.root / "starter", all);
  for (const auto* which : {&reference, &starter}) {
    bool is_ref = which == &reference;
    for (const auto& lesson : which->lessons) {
      std::map<std::string, std::pair<double, double>> per_exercise;
      std::map<std::string, double> awaiting_points;  // free-text quiz answers: scored by hand later
      std::map<std::string, std::string> first_problem;
      for (const auto& t : lesson.tests) {
        auto& p = per_exercise[t.exercise];
        p.first += t.score;
        p.second += t.max_score;
        // An answer awaiting review is neither right nor wrong yet: it fails
        // neither the reference nor the starter.
        const bool awaiting = t.status == runner::TestStatus::pending_review;
        if (awaiting) awaiting_points[t.exercise] += t.max_score;
        bool wrong = is_ref ? t.status != runner::TestStatus::passed && !awaiting : t.status == runner::TestStatus::passed;
        if (wrong && !first_problem.count(t.exercise))
          first_problem[t.exercise] = t.name + ": " + (is_ref ? t.message.substr(0, 400) : std::string("passes on the starter"));
      }
      for (const auto& [exercise, p] : per_exercise) {
        Check c;
        c.kind = is_ref ? "reference" : "starter";
        c.subject = lesson.lesson + "/" + exercise;
        c.expected = is_ref ? "full marks" : "zero";
        const double awaiting = awaiting_points[exercise];
        c.got = fmt_points(p.first, p.second);
        if (awaiting > 0) {
          char buf[64];
          std::snprintf(buf, sizeof buf, " (%s awaiting review)", runner::points_text(awaiting).c_str());
          c.got += buf;
        }
        c.ok = is_ref ? (p.second > 0 && p.first >= p.second - awaiting - 1e-9) : p.first <= 1e-9;
        if (!c.ok) c.detail = first_problem[exercise];
        if (is_ref && lesson.status != runner::LessonStatus::graded) {
          c.ok = false;
          c.detail = std::string(runner::to_string(lesson.status)) + ": " + lesson.detail.substr(0, 600);
        }
        report.checks.push_back(c);
      }
      if (lesson.tests.empty()) {
        report.checks.push_back({is_ref ? "reference" : "starter", lesson.lesson, "tests to run", "none: " + lesson.detail.substr(0, 300), false, ""});
      }
    }
  }

  // Mutants and variants, graded in parallel (each on one lesson).
  // A mutant.yaml that is malformed or names what course.yaml has not is a
  // problem of its own; the lesson's other mutants are graded all the same.
  const auto validated = [&](const std::string& lesson) {
    return options.lessons.empty() || std::find(options.lessons.begin(), options.lessons.end(), lesson) != options.lessons.end();
  };
  const MutantDiscovery discovery = discover_mutants(course.root);
  std::set<std::string> unread_mutants_of;  // lessons with a mutant that was not graded: coverage cannot be judged
  for (const auto& p : discovery.problems) {
    if (!validated(p.lesson)) continue;
    report.checks.push_back({"mutant", p.lesson + "/" + p.name, "well-formed mutant.yaml", "malformed", false, p.problem});
    unread_mutants_of.insert(p.lesson);
  }
  std::vector<Mutant> mutants;
  for (const auto& m : discovery.mutants) {
    if (!validated(m.lesson)) continue;
    if (const auto problem = mutant_course_problem(course, m); !problem.empty()) {
      report.checks.push_back({"mutant", m.lesson + "/" + m.name, "names course.yaml's ids", "unknown id", false, problem});
      unread_mutants_of.insert(m.lesson);
      continue;
    }
    mutants.push_back(m);
  }
  std::vector<runner::SubmissionResult> results(mutants.size());
  std::vector<std::string> errors(mutants.size());
  std::vector<char> patch_failed(mutants.size(), 0);  // the patch, not the grading, went wrong
  util::parallel_for(
      mutants.size(), options.jobs,
      [&](std::size_t i) {
        try {
          util::TempDir dir("grader-mutant");
          build_mutant_workspace(course.root / "solutions", mutants[i].folder, dir.path() / "ws");
          runner::GradeOptions one;
          one.include_hidden = true;
          one.lessons = {mutants[i].lesson};
          results[i] = grader.grade(dir.path() / "ws", one);
        } catch (const PatchError& e) {
          errors[i] = e.what();
          patch_failed[i] = 1;
        } catch (const std::exception& e) {
          errors[i] = e.what();
        }
      },
      [&](std::size_t i) {
        say("mutant " + std::to_string(i + 1) + "/" + std::to_string(mutants.size()) + ": " + mutants[i].lesson + "/" +
            mutants[i].name);
      });

  std::map<std::string, std::set<std::string>> caught;  // lesson -> hidden tests that failed for some mutant
  std::vector<std::pair<const Mutant*, const runner::SubmissionResult*>> caught_mutants;
  for (std::size_t i = 0; i < mutants.size(); ++i) {
    const auto& m = mutants[i];
    Check c;
    c.kind = m.is_variant ? "variant" : "mutant";
    c.subject = m.lesson + "/" + m.name;
    if (!errors[i].empty()) {
      c.expected = m.is_variant ? "full marks" : "caught";
      c.got = patch_failed[i] ? "patch error" : "error";
      c.detail = errors[i];
      report.checks.push_back(c);
      unread_mutants_of.insert(m.lesson);
      continue;
    }
    // The grader could not run the lesson (its build went out of date
    // meanwhile, a broken install): the tests did not judge the mutant.
    if (const auto broken = std::find_if(results[i].lessons.begin(), results[i].lessons.end(),
                                         [](const runner::LessonResult& l) { return l.status == runner::LessonStatus::internal_error; });
        broken != results[i].lessons.end()) {
      c.expected = m.is_variant ? "full marks" : "caught";
      c.got = "not run";
      c.detail = broken->detail.substr(0, 600);
      errors[i] = broken->detail;  // no graded result: its reports' messages are not checked either
      report.checks.push_back(c);
      unread_mutants_of.insert(m.lesson);
      continue;
    }
    std::map<std::string, const runner::TestResult*> by_name;
    double score = 0, max = 0, awaiting = 0;
    std::string first_failure;
    for (const auto& l : results[i].lessons) {
      for (const auto& t : l.tests) {
        by_name[t.name] = &t;
        score += t.score;
        max += t.max_score;
        if (t.status == runner::TestStatus::pending_review) awaiting += t.max_score;
        if (t.status != runner::TestStatus::passed) {
          if (t.hidden) caught[m.lesson].insert(t.name);
          if (first_failure.empty() && t.status != runner::TestStatus::pending_review)
            first_failure = t.name + ": " + t.message.substr(0, 300);
        }
      }
      if (l.status == runner::LessonStatus::compile_error) first_failure = "did not compile: " + l.detail.substr(0, 400);
      if (l.status == runner::LessonStatus::did_not_start) first_failure = l.detail.substr(0, 400);
    }
    if (m.is_variant) {
      c.expected = "full marks";
      c.got = fmt_points(score, max);
      c.ok = max > 0 && score >= max - awaiting - 1e-9;
      if (!c.ok) c.detail = first_failure;
    } else {
      c.expected = "fails " + std::to_string(m.must_fail.size()) + " named test(s)";
      std::vector<std::string> survived;
      for (const auto& name : m.must_fail) {
        auto it = by_name.find(name);
        if (it == by_name.end()) survived.push_back(name + " (no such test)");
        else if (it->second->status == runner::TestStatus::passed ||
                 it->second->status == runner::TestStatus::pending_review)
          survived.push_back(name);
      }
      // One bug, one exercise: the tests of the lesson's other exercises pass.
      std::vector<std::string> charged;
      if (m.one_exercise)
        for (const auto& [name, t] : by_name)
          if (t->exercise != m.exercise && t->status != runner::TestStatus::passed &&
              t->status != runner::TestStatus::pending_review)
            charged.push_back(name + " (" + t->exercise + ")");
      c.ok = survived.empty() && charged.empty() && score < max - 1e-9;
      c.got = !survived.empty() ? "survived" : !charged.empty() ? "charged elsewhere" : "caught, " + fmt_points(score, max);
      for (const auto& s : survived) c.detail += (c.detail.empty() ? "passes: " : ", ") + s;
      for (std::size_t k = 0; k < charged.size(); ++k)
        c.detail += std::string(k == 0 ? (c.detail.empty() ? "" : "; ") + std::string("fails outside exercise ") +
                                             m.exercise + ": "
                                       : ", ") +
                    charged[k];
      if (m.description.size()) c.subject += " (" + m.description + ")";
    }
    report.checks.push_back(c);
    if (!m.is_variant && c.ok) caught_mutants.push_back({&m, &results[i]});
  }
  const auto gap = gap_checks(course, caught_mutants);
  report.checks.insert(report.checks.end(), gap.checks.begin(), gap.checks.end());
  report.gaps = gap.counts;

  // Messages: what the mutants' reports show a student names the call and
  // holds no raw test-framework text.
  if (options.reports) {
    std::map<std::string, std::vector<std::string>> problems_of;  // lesson -> problems
    std::map<std::string, int> reports_of;
    std::vector<Check> causes;
    for (std::size_t i = 0; i < mutants.size(); ++i) {
      if (!errors[i].empty()) continue;
      ++reports_of[mutants[i].lesson];
      const auto texts = options.reports(results[i]);
      for (const auto& p : message_problems(course, results[i], texts))
        problems_of[mutants[i].lesson].push_back(mutants[i].name + ": " + p);
      // The pitfall the mutant makes is named to the student who makes it.
      if (!mutants[i].expect_cause.empty()) {
        const std::string problem = cause_problem(mutants[i].expect_cause, texts);
        causes.push_back({"cause", mutants[i].lesson + "/" + mutants[i].name, "its likely cause shown",
                          problem.empty() ? "shown" : "not shown", problem.empty(), problem});
      }
    }
    for (const auto& [lesson, count] : reports_of) {
      const auto& problems = problems_of[lesson];
      Check c{"messages", lesson + " (" + std::to_string(count) + " mutants' reports)", "calls named, no raw text",
              problems.empty() ? "ok" : std::to_string(problems.size()) + " problems", problems.empty(), ""};
      for (std::size_t p = 0; p < problems.size() && p < 5; ++p) c.detail += (p ? "\n           " : "") + problems[p];
      report.checks.push_back(c);
    }
    report.checks.insert(report.checks.end(), causes.begin(), causes.end());
  }

  // Pitfalls: every one a lesson's README names is made by some mutant
  // (of any lesson: all of them are read, whichever lessons are validated).
  {
    const std::vector<Mutant>& every_mutant = discovery.mutants;  // a malformed one is a failed "mutant" check above
    std::vector<LessonReadme> readmes;
    for (const auto& lesson : course.lessons) {
      const fs::path readme = course.root / lesson.folder / "README.md";
      if (fs::is_regular_file(readme))
        readmes.push_back({lesson.id, (fs::path(lesson.folder) / "README.md").string(), util::read_file(readme)});
    }
    const auto problems_of = pitfall_problems(readmes, every_mutant);
    for (const auto& readme : readmes) {
      if (!options.lessons.empty() &&
          std::find(options.lessons.begin(), options.lessons.end(), readme.lesson) == options.lessons.end())
        continue;
      const auto it = problems_of.find(readme.lesson);
      const std::size_t n = it == problems_of.end() ? 0 : it->second.size();
      Check c{"pitfalls", readme.lesson, "each made by a mutant", n ? std::to_string(n) + " problems" : "ok", n == 0, ""};
      for (std::size_t p = 0; p < n && p < 5; ++p) c.detail += (p ? "\n           " : "") + it->second[p];
      report.checks.push_back(c);
    }
  }

  // Coverage: each hidden test must be shown to catch some realistic bug.
  for (const auto& lesson : reference.lessons) {
    for (const auto& t : lesson.tests) {
      if (!t.hidden || t.exercise.empty()) continue;
      if (caught[lesson.lesson].count(t.name)) continue;
      if (unread_mutants_of.count(lesson.lesson))
        report.checks.push_back({"coverage", lesson.lesson + "/" + t.name, "caught by a mutant", "not judged", false,
                                 "a mutant of " + lesson.lesson + " was not graded (its problem is above): fix it, then validate again"});
      else
        report.checks.push_back({"coverage", lesson.lesson + "/" + t.name, "caught by a mutant", "no mutant fails it", false,
                                 "add a mutant under tests/mutants/" + lesson.lesson + "/ that this test catches"});
    }
  }
  return report;
}

}  // namespace grader::validate
