#include "grader/runner/lesson/blame.hpp"

#include <algorithm>
#include <optional>

#include "grader/util/cpp_tokens.hpp"
#include "grader/course/pristine_starter.hpp"
#include "grader/util/files.hpp"
#include "grader/util/safe_open.hpp"

namespace grader::runner {

std::vector<std::pair<std::string, std::string>> defined_functions(const std::string& source) {
  using util::cpp::TokenKind;
  const auto tokens = util::cpp::tokenize(source);
  std::vector<std::pair<std::string, std::string>> found;
  // Open braces: a namespace's name, or empty for any other brace (a body, a class).
  struct Brace {
    bool is_namespace;
    std::vector<std::string> names;
  };
  std::vector<Brace> braces;
  std::vector<std::string> pending_namespace;
  bool namespace_pending = false;
  int parens = 0;
  auto at_namespace_scope = [&] {
    return parens == 0 && std::all_of(braces.begin(), braces.end(), [](const Brace& b) { return b.is_namespace; });
  };
  auto is_name = [&](std::size_t k) {
    return tokens[k].kind == TokenKind::identifier && !util::cpp::is_keyword(tokens[k].text);
  };
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const auto& t = tokens[i];
    if (t.kind == TokenKind::identifier && t.text == "namespace" && at_namespace_scope()) {
      namespace_pending = true;
      pending_namespace.clear();
      continue;
    }
    if (t.kind != TokenKind::punct) {
      if (namespace_pending && is_name(i)) pending_namespace.push_back(t.text);
      continue;
    }
    if (t.text == "{") {
      Brace b{namespace_pending, {}};
      if (namespace_pending) b.names = pending_namespace.empty() ? std::vector<std::string>{"(anonymous namespace)"}
                                                                 : pending_namespace;
      braces.push_back(std::move(b));
      namespace_pending = false;
    } else if (t.text == "}") {
      if (!braces.empty()) braces.pop_back();
    } else if (t.text == ";" || t.text == "=") {
      namespace_pending = false;  // a namespace alias, not a block
    } else if (t.text == ")") {
      parens = std::max(0, parens - 1);
    } else if (t.text == "(") {
      if (at_namespace_scope() && i > 0) {
        // The name before the '(': an identifier, or operator(), after any qualifiers.
        std::size_t k = i;
        std::string written;
        if (k >= 3 && tokens[k - 1].text == ")" && tokens[k - 2].text == "(" && tokens[k - 3].text == "operator") {
          written = "operator()";
          k -= 3;
        } else if (is_name(k - 1)) {
          written = tokens[k - 1].text;
          k -= 1;
        }
        if (!written.empty()) {
          while (k >= 2 && tokens[k - 1].text == "::" && is_name(k - 2)) {
            written = tokens[k - 2].text + "::" + written;
            k -= 2;
          }
          std::string qualified;
          for (const auto& b : braces)
            for (const auto& n : b.names) qualified += n + "::";
          found.emplace_back(qualified + written, written);
        }
      }
      ++parens;
    }
  }
  return found;
}

FunctionHomes function_homes(const course::Course& course, const course::Lesson& lesson) {
  FunctionHomes homes;
  const util::Fd starter = util::open_trusted_directory(course::pristine_starter(course.root));
  if (!starter) return homes;
  auto add = [&](const course::Lesson& l) {
    for (const auto& e : l.exercises) {
      if (e.kind != course::ExerciseKind::code) continue;
      for (const auto& f : e.files) {
        // Beneath the starter, never through a link (in a handout the
        // starter's copy is among the student's files).
        const auto read = util::read_beneath(starter.get(), f);
        if (read.content.empty()) continue;
        for (auto& [qualified, written] : defined_functions(read.content))
          homes.emplace(qualified, FunctionHome{written, l.id, e.id, f});  // the first exercise keeps it
      }
    }
  };
  for (const auto& used : lesson.uses)
    if (const auto* l = course.find_lesson(used)) add(*l);
  add(lesson);
  return homes;
}

const FunctionHome* home_at_fault(const FunctionHomes& homes, const std::vector<std::string>& stack,
                                  const course::Exercise& exercise, const std::vector<std::string>& answered) {
  for (const auto& name : stack) {
    auto it = homes.find(name);
    if (it == homes.end()) continue;  // the student's own helper, the library's code: look further out
    const FunctionHome& home = it->second;
    if (std::find(exercise.files.begin(), exercise.files.end(), home.file) != exercise.files.end()) return nullptr;
    // A stub that the reference answered: it threw for the arguments the exercise's code gave it.
    for (const auto& a : answered)
      if (a == home.lesson || a == home.lesson + "/" + home.exercise) return nullptr;
    return &home;
  }
  return nullptr;
}

std::string function_at_fault(const FunctionHomes& homes, const std::vector<std::string>& stack,
                              const course::Exercise& exercise, const std::string& lesson, FaultHow how,
                              const std::vector<std::string>& answered) {
  if (const FunctionHome* found = home_at_fault(homes, stack, exercise, answered)) {
    const FunctionHome& home = *found;
    const bool other_lesson = home.lesson != lesson;
    std::string line = "this test called your `" + home.written + "` (lesson " + home.lesson + ", exercise " +
                       home.exercise + ": " + home.file + "), which ";
    switch (how) {
      case FaultHow::not_implemented:
        return line + "is not implemented yet: finish that " + (other_lesson ? "lesson" : "exercise") + " first";
      case FaultHow::crashed:
        return line + "crashed (an index out of range, a null pointer, a failed assertion?): the fault is there, "
                      "not in this exercise's files";
      case FaultHow::timed_out:
        return line + "was still running at the time limit (an infinite loop?): the fault is there, not in this "
                      "exercise's files";
      case FaultHow::threw: break;
    }
    return line + "threw the exception above: the fault is there, not in this exercise's files";
  }
  return {};
}

void name_functions_at_fault(const course::Course& course, const course::Lesson& lesson,
                             std::vector<PlannedTest>& planned, const SuitesRun& run,
                             const std::map<std::string, std::vector<std::string>>& answered) {
  std::optional<FunctionHomes> homes;  // read only when some failure has a stack
  for (auto& p : planned) {
    if (!is_failure(p.test.status) && p.test.status != TestStatus::not_implemented) continue;
    auto it = run.lines.find(suite_test_key(p.suite, p.test.name));
    if (it == run.lines.end() || it->second.fault_stack.empty()) continue;
    const course::Exercise* exercise = nullptr;
    for (const auto& e : lesson.exercises)
      if (e.id == p.test.exercise) exercise = &e;
    if (!exercise) continue;
    if (!homes) homes = function_homes(course, lesson);
    const bool stub = p.test.status == TestStatus::not_implemented;
    const std::string& ended = it->second.fault_how;
    const FaultHow how = stub                  ? FaultHow::not_implemented
                         : ended == "crashed"   ? FaultHow::crashed
                         : ended == "timed_out" ? FaultHow::timed_out
                                                : FaultHow::threw;
    const auto served = answered.find(exercise->id);
    const std::vector<std::string> served_here = served == answered.end() ? std::vector<std::string>{} : served->second;
    std::string line = function_at_fault(*homes, it->second.fault_stack, *exercise, lesson.id, how, served_here);
    if (line.empty()) continue;
    const FunctionHome* home = home_at_fault(*homes, it->second.fault_stack, *exercise, served_here);
    p.test.at_fault_function = home->written;
    p.test.at_fault_exercise = home->lesson + "/" + home->exercise;
    p.test.at_fault_file = home->file;
    p.test.at_fault_unfinished = stub;
    // After the first line, which names the test's call (every message starts with one).
    std::string& message = p.test.message;
    const auto end = message.find('\n');
    message.insert(end == std::string::npos ? message.size() : end, "\n  at fault: " + line);
    if (stub) p.test.status = TestStatus::failed;
  }
}

}  // namespace grader::runner
