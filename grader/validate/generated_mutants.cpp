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

namespace {

// The keys an entry may have; `reason` and `hidden_only` exclusive.
const std::set<std::string> kEntryFields = {"file", "operator", "line", "mutated", "occurrence", "reason", "hidden_only"};

const char* review_field(Review review) { return review == Review::equivalent ? "reason" : "hidden_only"; }

std::string quoted(const std::string& s) {
  YAML::Emitter e;
  e << YAML::DoubleQuoted << s;
  return e.c_str();
}

}  // namespace

std::vector<ReviewedMutant> read_reviewed_mutants(const fs::path& file) {
  std::vector<ReviewedMutant> out;
  if (!fs::exists(file)) return out;
  YAML::Node root;
  try {
    root = YAML::LoadFile(file.string());
  } catch (const YAML::Exception& e) {
    throw std::runtime_error(file.string() + ": not valid YAML: " + e.what());
  }
  if (root.IsNull()) return out;
  if (!root.IsSequence()) throw std::runtime_error(file.string() + ": expected a list of reviewed mutants");
  const auto& names = mutation_operator_names();
  std::set<std::string> keys;
  for (const auto& entry : root) {
    ReviewedMutant r;
    r.yaml_line = entry.Mark().line + 1;
    const std::string where = file.string() + ":" + std::to_string(r.yaml_line);
    const std::string fields_help =
        " (file, operator, line, mutated, occurrence, and reason or hidden_only; `grader mutate` prints them)";
    if (!entry.IsMap()) throw std::runtime_error(where + ": an entry is a map" + fields_help);
    for (const auto& kv : entry) {
      const auto name = kv.first.as<std::string>("");
      if (!kEntryFields.count(name)) throw std::runtime_error(where + ": unknown field '" + name + "'" + fields_help);
    }
    auto field = [&](const char* name) {
      if (!entry[name] || !entry[name].IsScalar())
        throw std::runtime_error(where + ": the entry needs '" + name + "'" + fields_help);
      return entry[name].as<std::string>();
    };
    r.key.file = field("file");
    r.key.op = field("operator");
    r.key.before = field("line");
    r.key.after = field("mutated");
    try {
      r.key.occurrence = std::stoi(field("occurrence"));
    } catch (const std::logic_error&) {
      throw std::runtime_error(where + ": occurrence must be a number (1 for the first such mutation of the line)");
    }
    const bool equivalent = static_cast<bool>(entry["reason"]), hidden_only = static_cast<bool>(entry["hidden_only"]);
    if (equivalent == hidden_only)
      throw std::runtime_error(where + (equivalent ? ": the entry has both 'reason' and 'hidden_only'"
                                                   : ": the entry has neither 'reason' nor 'hidden_only'") +
                               "; give exactly one: reason for a mutant no test catches that behaves as the reference "
                               "does, hidden_only for a mutant only hidden tests catch");
    r.review = equivalent ? Review::equivalent : Review::hidden_only;
    // `reason:` with nothing after it is an empty reason (said below), not a missing field.
    r.reason = entry[review_field(r.review)].IsNull() ? std::string() : field(review_field(r.review));
    if (std::find(names.begin(), names.end(), r.key.op) == names.end())
      throw std::runtime_error(where + ": unknown operator '" + r.key.op + "'");
    if (r.reason.find_first_not_of(" \t\n") == std::string::npos)
      throw std::runtime_error(where + (r.review == Review::equivalent
                                            ? ": the reason is empty; say why the mutant behaves as the reference does"
                                            : ": hidden_only is empty; say why no public test can state the requirement "
                                              "the mutant breaks"));
    if (r.reason == reason_placeholder(r.review))
      throw std::runtime_error(where + ": the " + review_field(r.review) +
                               " is still the placeholder `grader mutate` printed; write the real one");
    if (!keys.insert(r.key.key()).second) throw std::runtime_error(where + ": the same mutation is recorded twice");
    out.push_back(std::move(r));
  }
  return out;
}

const char* reason_placeholder(Review review) {
  return review == Review::equivalent ? "WHY IT BEHAVES AS THE REFERENCE DOES"
                                      : "WHY NO PUBLIC TEST CAN STATE THIS REQUIREMENT";
}

std::string reviewed_entry_yaml(const Mutation& m, Review review, const std::string& reason) {
  return "- file: " + m.file + "\n  operator: " + m.op + "\n  line: " + quoted(m.before) + "\n  mutated: " +
         quoted(m.after) + "\n  occurrence: " + std::to_string(m.occurrence) + "\n  " + review_field(review) + ": " +
         quoted(reason) + "\n";
}

std::size_t LessonMutation::count(MutantFate fate) const {
  return static_cast<std::size_t>(
      std::count_if(run.begin(), run.end(), [&](const GeneratedMutant& g) { return g.fate == fate; }));
}

std::size_t LessonMutation::charged_elsewhere() const {
  return static_cast<std::size_t>(
      std::count_if(run.begin(), run.end(), [](const GeneratedMutant& g) { return !g.charged_elsewhere.empty(); }));
}

std::vector<std::string> charged_elsewhere(const course::Lesson& lesson, const std::string& file,
                                           const runner::SubmissionResult& result) {
  std::set<std::string> owners;  // the exercises whose files hold `file`: its bugs are theirs
  for (const auto& e : lesson.exercises)
    if (std::find(e.files.begin(), e.files.end(), file) != e.files.end()) owners.insert(e.id);
  auto pays = [&](const std::string& exercise) {
    if (owners.count(exercise)) return true;
    for (const auto& e : lesson.exercises)
      if (e.id == exercise)
        for (const auto& owner : owners)
          if (e.uses_student_code.count(owner)) return true;
    return false;
  };
  std::vector<std::string> out;
  std::set<std::string> named;
  for (const auto& l : result.lessons) {
    if (l.lesson != lesson.id) continue;
    for (const auto& t : l.tests) {
      if (!runner::is_failure(t.status) || named.count(t.exercise) || pays(t.exercise)) continue;
      named.insert(t.exercise);
      out.push_back(t.exercise + ": " + t.name);
    }
  }
  return out;
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
  GeneratedMutant g{std::move(m), MutantFate::survived, "", ""};
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

// "line 12: dir/f.cpp:40 [constant]" (or without ":40" for an entry that matches no mutation).
std::string entry_place(const ReviewedMutant& r, int source_line) {
  return "line " + std::to_string(r.yaml_line) + ": " + r.key.file +
         (source_line > 0 ? ":" + std::to_string(source_line) : std::string()) + " [" + r.key.op + "]";
}

// Why `r` no longer says what its mutant `g` does; empty when it does.
std::string stale_because(const ReviewedMutant& r, const GeneratedMutant& g) {
  const std::string what = r.review == Review::equivalent ? "is reviewed as equivalent" : "is reviewed as hidden_only";
  switch (g.fate) {
    case MutantFate::not_compiling:
      return what + " but no longer compiles; remove the entry";
    case MutantFate::killed_by_public:
      return what + " but the public test " + g.detail + " now catches it; remove the entry";
    case MutantFate::killed_only_by_hidden:
      return r.review == Review::equivalent
                 ? what + " but the hidden test " + g.detail +
                       " catches it, so it is not equivalent: add a public test that catches it, or replace "
                       "'reason' by hidden_only: \"<why no public test can state this requirement>\""
                 : std::string();
    case MutantFate::survived:
      return r.review == Review::hidden_only
                 ? what + " but no test catches it any more: kill it with a test, or review it as equivalent "
                          "(reason: instead of hidden_only:)"
                 : std::string();
    default:
      return std::string();  // an error says nothing of the mutant; it is reported as such
  }
}

/// A mutation the run's --operator and --file choices keep (an empty list keeps all).
bool selected(const Mutation& m, const std::vector<std::string>& operators, const std::vector<std::string>& files) {
  auto in = [](const std::vector<std::string>& list, const std::string& x) {
    return list.empty() || std::find(list.begin(), list.end(), x) != list.end();
  };
  return in(operators, m.op) && in(files, m.file);
}

}  // namespace

void apply_reviews(LessonMutation& lesson, const std::vector<Mutation>& generated,
                   const std::vector<ReviewedMutant>& reviewed, const std::vector<std::string>& operators,
                   const std::vector<std::string>& files) {
  auto looked_at = [&](const ReviewedMutant& r) { return selected(r.key, operators, files); };
  std::set<std::string> generated_keys;
  for (const auto& m : generated) generated_keys.insert(m.key());
  std::map<std::string, const ReviewedMutant*> reviewed_by_key;
  for (const auto& r : reviewed) {
    if (!looked_at(r)) continue;
    reviewed_by_key[r.key.key()] = &r;
    if (!generated_keys.count(r.key.key()))
      lesson.stale.push_back(entry_place(r, 0) + " \"" + r.key.before + "\" -> \"" + r.key.after +
                             "\": no such mutation any more; remove the entry");
  }
  for (auto& g : lesson.run) {
    const auto it = reviewed_by_key.find(g.mutation.key());
    if (it == reviewed_by_key.end()) continue;
    const ReviewedMutant& r = *it->second;
    if (const auto why = stale_because(r, g); !why.empty()) {
      lesson.stale.push_back(entry_place(r, g.mutation.line) + " " + why);
      g.entry_stale = true;
    } else if (g.fate == MutantFate::survived) {
      g.fate = MutantFate::equivalent;
      g.detail = r.reason;
    } else if (g.fate == MutantFate::killed_only_by_hidden) {
      g.fate = MutantFate::hidden_only_reviewed;
      g.reason = r.reason;
    }
  }
}

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

    std::vector<ReviewedMutant> reviewed;
    try {
      reviewed = read_reviewed_mutants(equivalent_file(course.root, lesson.id));
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
        if (selected(m, options.operators, options.files)) mutations.push_back(std::move(m));
    }
    lm.generated = mutations.size();

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
            const auto graded = grader.grade(files_of_mutant, grading);
            lm.run[k] = classify(m, graded);
            lm.run[k].charged_elsewhere = charged_elsewhere(lesson, m.file, graded);
          } catch (const std::exception& e) {
            lm.run[k] = {m, MutantFate::error, e.what(), ""};
          }
        },
        [&](std::size_t k) {
          const Mutation& m = mutations[chosen[k]];
          say(lesson.id + ": mutant " + std::to_string(k + 1) + "/" + std::to_string(chosen.size()) + " " + m.file + ":" +
              std::to_string(m.line) + " [" + m.op + "]");
        });

    apply_reviews(lm, mutations, reviewed, options.operators, options.files);
    out.push_back(std::move(lm));
  }
  return out;
}

}  // namespace grader::validate
