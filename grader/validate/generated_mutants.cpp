#include "grader/validate/generated_mutants.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "grader/util/files.hpp"
#include "grader/util/parallel_for.hpp"

namespace grader::validate {
namespace fs = std::filesystem;

fs::path equivalent_file(const fs::path& course_root, const std::string& lesson) {
  return course_root / "tests" / "mutants" / (lesson + ".equivalent.yaml");
}

std::vector<ReviewedSurvivor> read_reviewed_survivors(const fs::path& file) {
  std::vector<ReviewedSurvivor> out;
  if (!fs::exists(file)) return out;
  YAML::Node root;
  try {
    root = YAML::LoadFile(file.string());
  } catch (const YAML::Exception& e) {
    throw std::runtime_error(file.string() + ": not valid YAML: " + e.what());
  }
  if (root.IsNull()) return out;
  if (!root.IsSequence()) throw std::runtime_error(file.string() + ": expected a list of reviewed survivors");
  const auto& names = mutation_operator_names();
  std::set<std::string> keys;
  for (const auto& entry : root) {
    ReviewedSurvivor r;
    r.yaml_line = entry.Mark().line + 1;
    const std::string where = file.string() + ":" + std::to_string(r.yaml_line);
    auto field = [&](const char* name) {
      if (!entry.IsMap() || !entry[name] || !entry[name].IsScalar())
        throw std::runtime_error(where + ": the entry needs '" + name +
                                 "' (file, operator, line, mutated, occurrence and reason; `grader mutate` prints them)");
      return entry[name].as<std::string>();
    };
    r.key.file = field("file");
    r.key.op = field("operator");
    r.key.before = field("line");
    r.key.after = field("mutated");
    r.reason = field("reason");
    try {
      r.key.occurrence = std::stoi(field("occurrence"));
    } catch (const std::logic_error&) {
      throw std::runtime_error(where + ": occurrence must be a number (1 for the first such mutation of the line)");
    }
    if (std::find(names.begin(), names.end(), r.key.op) == names.end())
      throw std::runtime_error(where + ": unknown operator '" + r.key.op + "'");
    if (r.reason.find_first_not_of(" \t\n") == std::string::npos)
      throw std::runtime_error(where + ": the reason is empty; say why the mutant behaves as the reference does");
    if (!keys.insert(r.key.key()).second) throw std::runtime_error(where + ": the same mutation is recorded twice");
    out.push_back(std::move(r));
  }
  return out;
}

namespace {

std::string quoted(const std::string& s) {
  YAML::Emitter e;
  e << YAML::DoubleQuoted << s;
  return e.c_str();
}

}  // namespace

std::string reviewed_entry_yaml(const Mutation& m, const std::string& reason) {
  return "- file: " + m.file + "\n  operator: " + m.op + "\n  line: " + quoted(m.before) + "\n  mutated: " +
         quoted(m.after) + "\n  occurrence: " + std::to_string(m.occurrence) + "\n  reason: " + quoted(reason) + "\n";
}

std::size_t LessonMutation::count(MutantFate fate) const {
  return static_cast<std::size_t>(
      std::count_if(run.begin(), run.end(), [&](const GeneratedMutant& g) { return g.fate == fate; }));
}

std::vector<std::size_t> sample_indices(std::size_t total, std::size_t count, std::uint64_t seed) {
  std::vector<std::size_t> all(total);
  for (std::size_t i = 0; i < total; ++i) all[i] = i;
  if (count == 0 || count >= total) return all;
  // Fisher-Yates on mt19937_64's raw output (specified by the standard),
  // not std::shuffle (whose use of the engine is the library's choice).
  std::mt19937_64 engine(seed);
  for (std::size_t i = total - 1; i > 0; --i) std::swap(all[i], all[engine() % (i + 1)]);
  all.resize(count);
  std::sort(all.begin(), all.end());
  return all;
}

namespace {

// How one graded mutant fared: the first failed public test, else the first failed hidden one.
GeneratedMutant classify(Mutation m, const runner::SubmissionResult& result) {
  GeneratedMutant g{std::move(m), MutantFate::survived, ""};
  std::string first_hidden;
  for (const auto& lesson : result.lessons) {
    if (lesson.status == runner::LessonStatus::compile_error) {
      g.fate = MutantFate::not_compiling;
      g.detail = lesson.detail.substr(0, 300);
      return g;
    }
    if (lesson.status != runner::LessonStatus::graded && lesson.tests.empty()) {
      g.fate = MutantFate::error;
      g.detail = std::string(runner::to_string(lesson.status)) + ": " + lesson.detail.substr(0, 300);
      return g;
    }
    for (const auto& t : lesson.tests) {
      if (t.status == runner::TestStatus::passed) continue;
      if (!t.hidden) {
        g.fate = MutantFate::killed_by_public;
        g.detail = t.name;
        return g;
      }
      if (first_hidden.empty()) first_hidden = t.name;
    }
  }
  if (!first_hidden.empty()) {
    g.fate = MutantFate::killed_only_by_hidden;
    g.detail = first_hidden;
  }
  return g;
}

}  // namespace

std::vector<LessonMutation> run_generated_mutants(const runner::Grader& grader, const MutateOptions& options) {
  const auto& course = grader.course();
  auto say = [&](const std::string& s) {
    if (options.progress) options.progress(s);
  };
  const fs::path solutions = course.root / "solutions";
  const runner::CollectedFiles reference = grader.collect(solutions);

  std::vector<LessonMutation> out;
  for (const auto& lesson : course.lessons) {
    if (!options.lessons.empty() &&
        std::find(options.lessons.begin(), options.lessons.end(), lesson.id) == options.lessons.end())
      continue;
    std::vector<std::string> files;  // the lesson's C++ student files, as the reference has them
    for (const auto& e : lesson.exercises)
      if (e.kind == course::ExerciseKind::code)
        for (const auto& f : e.files)
          if (fs::path(f).extension() == ".cpp" && std::find(files.begin(), files.end(), f) == files.end())
            files.push_back(f);
    if (files.empty()) continue;
    LessonMutation lm;
    lm.lesson = lesson.id;
    runner::GradeOptions grading;
    grading.include_hidden = true;
    grading.lessons = {lesson.id};

    std::vector<ReviewedSurvivor> reviewed;
    try {
      reviewed = read_reviewed_survivors(equivalent_file(course.root, lesson.id));
    } catch (const std::exception& e) {
      lm.problem = e.what();
      out.push_back(std::move(lm));
      continue;
    }

    // The reference itself must pass every test, or every mutant looks caught.
    say(lesson.id + ": grading the reference");
    const auto ref = grader.grade(reference, grading);
    for (const auto& l : ref.lessons)
      for (const auto& t : l.tests)
        if (t.status != runner::TestStatus::passed && lm.problem.empty())
          lm.problem = "the reference fails " + t.name + "; fix it first (grader validate " + lesson.id + ")";
    for (const auto& l : ref.lessons)
      if (l.status != runner::LessonStatus::graded || l.tests.empty())
        lm.problem = "the reference does not grade: " + std::string(runner::to_string(l.status)) + ": " + l.detail.substr(0, 300);
    if (!lm.problem.empty()) {
      out.push_back(std::move(lm));
      continue;
    }

    std::map<std::string, std::string> sources;
    std::vector<Mutation> mutations;
    for (const auto& f : files) {
      const auto it = std::find_if(reference.files.begin(), reference.files.end(), [&](const auto& p) { return p.first == f; });
      if (it == reference.files.end()) continue;
      sources[f] = it->second;
      for (auto& m : generate_mutations(f, it->second))
        if (options.operators.empty() ||
            std::find(options.operators.begin(), options.operators.end(), m.op) != options.operators.end())
          mutations.push_back(std::move(m));
    }
    lm.generated = mutations.size();
    std::map<std::string, const ReviewedSurvivor*> reviewed_by_key;
    for (const auto& r : reviewed) reviewed_by_key[r.key.key()] = &r;
    {
      std::set<std::string> generated_keys;
      for (const auto& m : mutations) generated_keys.insert(m.key());
      for (const auto& r : reviewed)
        if (!generated_keys.count(r.key.key()) &&
            (options.operators.empty() ||
             std::find(options.operators.begin(), options.operators.end(), r.key.op) != options.operators.end()))
          lm.stale.push_back("line " + std::to_string(r.yaml_line) + ": " + r.key.file + " [" + r.key.op + "] \"" +
                             r.key.before + "\" -> \"" + r.key.after + "\": no such mutation any more");
    }

    const auto chosen = sample_indices(mutations.size(), options.max_per_lesson, options.seed);
    lm.run.resize(chosen.size());
    util::parallel_for(
        chosen.size(), options.jobs,
        [&](std::size_t k) {
          const Mutation& m = mutations[chosen[k]];
          runner::CollectedFiles files_of_mutant = reference;
          for (auto& [path, content] : files_of_mutant.files)
            if (path == m.file) content = apply_mutation(sources.at(m.file), m);
          try {
            lm.run[k] = classify(m, grader.grade(files_of_mutant, grading));
          } catch (const std::exception& e) {
            lm.run[k] = {m, MutantFate::error, e.what()};
          }
        },
        [&](std::size_t k) {
          const Mutation& m = mutations[chosen[k]];
          say(lesson.id + ": mutant " + std::to_string(k + 1) + "/" + std::to_string(chosen.size()) + " " + m.file + ":" +
              std::to_string(m.line) + " [" + m.op + "]");
        });

    for (auto& g : lm.run) {
      const auto it = reviewed_by_key.find(g.mutation.key());
      if (it == reviewed_by_key.end()) continue;
      if (g.fate == MutantFate::survived) {
        g.fate = MutantFate::equivalent;
        g.detail = it->second->reason;
      } else if (g.fate != MutantFate::error) {
        lm.stale.push_back("line " + std::to_string(it->second->yaml_line) + ": " + g.mutation.file + ":" +
                           std::to_string(g.mutation.line) + " [" + g.mutation.op + "] is reviewed as equivalent but " +
                           (g.fate == MutantFate::not_compiling ? "no longer compiles" : "is now caught by " + g.detail) +
                           "; remove the entry");
      }
    }
    out.push_back(std::move(lm));
  }
  return out;
}

}  // namespace grader::validate
