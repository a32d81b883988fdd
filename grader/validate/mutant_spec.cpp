#include "grader/validate/mutant_spec.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string_view>
#include <tuple>

#include "grader/course/edit_distance.hpp"

namespace grader::validate {
namespace fs = std::filesystem;

namespace {

constexpr std::array<std::string_view, 8> kKeys = {"description", "kind",         "exercise",     "must_fail",
                                                   "pitfall",     "expect_cause", "one_exercise", "hidden_only"};

// A misspelt key would otherwise read as absent ("must_fails:" as no must_fail).
void refuse_unknown_keys(const YAML::Node& y) {
  if (!y.IsMap()) throw std::runtime_error("a mutant.yaml is a map of keys (description, kind, exercise, must_fail, ...)");
  for (const auto& entry : y) {
    const auto key = entry.first.as<std::string>();
    if (std::find(kKeys.begin(), kKeys.end(), key) != kKeys.end()) continue;
    std::string message = "unknown key '" + key + "'";
    if (const auto near = course::closest_match(key, kKeys)) message += "; did you mean '" + *near + "'?";
    throw std::runtime_error(message);
  }
}

// The file as the author finds it from the course's folder.
std::string spec_path(const std::string& lesson, const std::string& name) {
  return "tests/mutants/" + lesson + "/" + name + "/mutant.yaml";
}

Mutant read_mutant(const fs::path& spec, const std::string& lesson, const fs::path& folder) {
  Mutant m;
  m.lesson = lesson;
  m.name = folder.filename().string();
  m.folder = folder;
  YAML::Node y = YAML::LoadFile(spec.string());
  refuse_unknown_keys(y);
  m.description = y["description"].as<std::string>("");
  std::string kind = y["kind"].as<std::string>("mutant");
  if (kind != "mutant" && kind != "variant") throw std::runtime_error("kind must be 'mutant' or 'variant', got '" + kind + "'");
  m.is_variant = kind == "variant";
  m.exercise = y["exercise"].as<std::string>("");
  if (y["must_fail"])
    for (const auto& t : y["must_fail"]) m.must_fail.push_back(t.as<std::string>());
  if (const auto pitfall = y["pitfall"]) {
    if (pitfall.IsSequence())
      for (const auto& id : pitfall) m.pitfalls.push_back(id.as<std::string>());
    else
      m.pitfalls.push_back(pitfall.as<std::string>());
  }
  m.expect_cause = y["expect_cause"].as<std::string>("");
  m.one_exercise = y["one_exercise"].as<bool>(false);
  if (m.one_exercise && m.exercise.empty()) throw std::runtime_error("one_exercise: true needs the mutant's exercise");
  if (const auto why = y["hidden_only"]) {
    m.hidden_only = why.as<std::string>("");
    if (m.hidden_only.find_first_not_of(" \t") == std::string::npos)
      throw std::runtime_error("hidden_only is the reason only hidden tests catch the mutant: it cannot be empty");
  }
  if (m.is_variant && (!m.pitfalls.empty() || !m.expect_cause.empty() || !m.hidden_only.empty()))
    throw std::runtime_error("a variant is correct: it has no pitfall, no expect_cause and no hidden_only");
  if (!m.is_variant && m.must_fail.empty())
    throw std::runtime_error("a mutant must list the tests that catch it under must_fail");
  return m;
}

}  // namespace

MutantDiscovery discover_mutants(const fs::path& root) {
  MutantDiscovery out;
  const fs::path base = root / "tests" / "mutants";
  if (!fs::is_directory(base)) return out;
  for (const auto& lesson_dir : fs::directory_iterator(base)) {
    if (!lesson_dir.is_directory()) continue;
    const std::string lesson = lesson_dir.path().filename().string();
    for (const auto& dir : fs::directory_iterator(lesson_dir.path())) {
      const fs::path spec = dir.path() / "mutant.yaml";
      if (!fs::exists(spec)) continue;
      const std::string name = dir.path().filename().string();
      try {
        out.mutants.push_back(read_mutant(spec, lesson, dir.path()));
      } catch (const std::exception& e) {
        out.problems.push_back({lesson, name, spec_path(lesson, name) + ": " + e.what()});
      }
    }
  }
  std::sort(out.mutants.begin(), out.mutants.end(),
            [](const Mutant& a, const Mutant& b) { return std::tie(a.lesson, a.name) < std::tie(b.lesson, b.name); });
  std::sort(out.problems.begin(), out.problems.end(),
            [](const MutantSpecProblem& a, const MutantSpecProblem& b) { return std::tie(a.lesson, a.name) < std::tie(b.lesson, b.name); });
  return out;
}

std::string mutant_course_problem(const course::Course& course, const Mutant& mutant) {
  const std::string file = spec_path(mutant.lesson, mutant.name);
  const auto* lesson = course.find_lesson(mutant.lesson);
  if (!lesson) {
    std::vector<std::string> ids;
    for (const auto& l : course.lessons) ids.push_back(l.id);
    std::string message = file + ": its folder names lesson '" + mutant.lesson + "', which course.yaml has not";
    if (const auto near = course::closest_match(mutant.lesson, ids)) message += "; did you mean '" + *near + "'?";
    return message;
  }
  if (mutant.exercise.empty()) return "";
  std::vector<std::string> ids;
  for (const auto& e : lesson->exercises) {
    if (e.id == mutant.exercise) return "";
    ids.push_back(e.id);
  }
  std::string message =
      file + ": exercise '" + mutant.exercise + "' is not an exercise of lesson '" + mutant.lesson + "'";
  if (const auto [owner, exercise] = course.find_exercise(mutant.exercise); owner && exercise)
    return message + ": it is lesson '" + owner->id + "''s; move the mutant to tests/mutants/" + owner->id + "/";
  if (const auto near = course::closest_match(mutant.exercise, ids))
    message += "; did you mean '" + *near + "'?";
  else {
    message += "; its exercises are:";
    for (const auto& id : ids) message += " " + id;
  }
  return message;
}

}  // namespace grader::validate
