// The pitfalls a lesson's README names, and the mutants that show each one.
//
// Every entry of a README's pitfall section (a heading with "pitfall" or
// "common mistake" in it, below the title, up to the next heading of its level or above: each
// list item that starts a line, each table row below the header) carries an
// id in an HTML comment, invisible when the README is rendered:
//
//   - **Scaling by `D` instead of `sqrt(D)`**: ... <!-- pitfall: scale-by-d -->
//
// and every id is named by at least one mutant of the lesson
// (`pitfall: scale-by-d` in its mutant.yaml), whose `expect_cause` says which
// `likely cause:` line its report must show (grader validate checks both).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "grader/validate/validate.hpp"

namespace grader::validate {

struct PitfallEntry {
  int line = 0;                  ///< 1-based line of the README
  std::string text;              ///< the line, for messages
  std::vector<std::string> ids;  ///< the ids of its `<!-- pitfall: id -->` markers
};

/// The entries of every pitfall section of a README's text.
std::vector<PitfallEntry> pitfall_entries(const std::string& readme);

struct LessonReadme {
  std::string lesson;  ///< lesson id
  std::string name;    ///< its path for messages ("lessons/vectors/README.md")
  std::string text;
};

/// What is wrong between the lessons' READMEs and the course's mutants, by
/// lesson: an entry with no id, an id that no mutant names (a mutant of any
/// lesson may show a pitfall: one lesson's "never added" may be made in a
/// later lesson's code), an id whose mutants none has an `expect_cause` (a
/// student who makes a pitfall the lesson names is told it: grader validate
/// then checks that cause is shown), a mutant that names an id no README has
/// (under the mutant's lesson). A lesson with no problem is absent.
std::map<std::string, std::vector<std::string>> pitfall_problems(const std::vector<LessonReadme>& readmes,
                                                                 const std::vector<Mutant>& mutants);

}  // namespace grader::validate
