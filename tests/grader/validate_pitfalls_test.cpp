// The README pitfalls and the mutants that make them (grader/validate/pitfalls.hpp),
// on made-up READMEs and, at the end, on the course itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "grader/course/loader.hpp"
#include "grader/util/files.hpp"
#include "grader/validate/pitfalls.hpp"

namespace gv = grader::validate;

namespace {

const std::string kReadme = R"(# A lesson, its pitfalls and more

- **Not a pitfall**: a list outside the section.

## Pitfalls

- **Scaling by `D`**: weights too flat. <!-- pitfall: scale -->
- **Softmax over the wrong axis**: rows must
  sum to 1. <!-- pitfall: axis -->
- **No marker here**: nothing names it.

| symptom | likely cause | fix |
|---|---|---|
| `expected shape (5, 8), got (5, 7)` | `d_model - 1` columns | allocate it <!-- pitfall: width --> |

```text
- a code block is not a pitfall
```

### Sub-heading, still the same section

- **Off by one** <!-- pitfall: off-by-one --> <!-- pitfall: causal -->

## Key takeaways

- Not a pitfall either.
)";

gv::Mutant mutant(const std::string& lesson, const std::string& name, std::vector<std::string> pitfalls,
                  const std::string& expect_cause = "the cause") {
  gv::Mutant m;
  m.lesson = lesson;
  m.name = name;
  m.pitfalls = std::move(pitfalls);
  m.expect_cause = expect_cause;
  return m;
}

bool has(const std::vector<std::string>& problems, const std::string& fragment) {
  return std::any_of(problems.begin(), problems.end(), [&](const std::string& p) { return p.find(fragment) != std::string::npos; });
}

}  // namespace

TEST(PitfallEntries, EveryItemAndRowOfThePitfallSectionsAndNothingElse) {
  const auto entries = gv::pitfall_entries(kReadme);
  ASSERT_EQ(entries.size(), 5u);
  EXPECT_EQ(entries[0].ids, std::vector<std::string>{"scale"});
  EXPECT_EQ(entries[1].ids, std::vector<std::string>{"axis"}) << "a marker on an item's last line counts";
  EXPECT_TRUE(entries[2].ids.empty());
  EXPECT_EQ(entries[2].line, 10);
  EXPECT_EQ(entries[3].ids, std::vector<std::string>{"width"}) << "a table row, not its header or separator";
  EXPECT_EQ(entries[4].ids, (std::vector<std::string>{"off-by-one", "causal"}));
}

TEST(PitfallProblems, AnEntryWithoutIdAnIdNoMutantMakesAndAnUnknownIdAreProblems) {
  const std::vector<gv::LessonReadme> readmes = {{"attention", "lessons/attention/README.md", kReadme}};
  const std::vector<gv::Mutant> mutants = {mutant("attention", "scale-by-d", {"scale"}),
                                           mutant("attention", "rows", {"axis", "width"}),
                                           mutant("later", "typo", {"ofset"})};
  auto problems = gv::pitfall_problems(readmes, mutants);
  const auto& own = problems["attention"];
  EXPECT_TRUE(has(own, "README.md:10: a pitfall with no `<!-- pitfall: id -->`: - **No marker here**"));
  EXPECT_TRUE(has(own, "no mutant shows pitfall 'off-by-one'"));
  EXPECT_TRUE(has(own, "no mutant shows pitfall 'causal'"));
  EXPECT_FALSE(has(own, "'scale'"));
  EXPECT_EQ(own.size(), 3u);
  // A mutant of another lesson may make a pitfall; an id no README has is its lesson's problem.
  EXPECT_TRUE(has(problems["later"], "later/typo: names pitfall 'ofset', which no lesson README has"));
  auto more = mutants;
  more.push_back(mutant("later", "both", {"off-by-one", "causal"}));
  more.push_back(mutant("attention", "named", {"scale"}));
  problems = gv::pitfall_problems({{"attention", "README.md", kReadme + "\n## Pitfalls\n\n- fixed <!-- pitfall: scale -->\n"}}, more);
  EXPECT_EQ(problems["attention"].size(), 1u) << "only the entry without an id is left";
}

TEST(PitfallProblems, APitfallWhoseMutantsAskForNoCauseIsAProblem) {
  const std::string readme = "# L\n\n## Pitfalls\n\n- a <!-- pitfall: a -->\n- b <!-- pitfall: b -->\n";
  // Pitfall a: one of its two mutants asks for the cause; pitfall b: none does.
  const std::vector<gv::Mutant> mutants = {mutant("l", "a-silent", {"a"}, ""), mutant("l", "a-told", {"a"}),
                                           mutant("l", "b-silent", {"b"}, "")};
  const auto problems = gv::pitfall_problems({{"l", "lessons/l/README.md", readme}}, mutants);
  ASSERT_EQ(problems.count("l"), 1u);
  ASSERT_EQ(problems.at("l").size(), 1u);
  EXPECT_TRUE(has(problems.at("l"), "no mutant of pitfall 'b' asks for its likely cause")) << problems.at("l")[0];
}

#ifdef COURSE_SOURCE_DIR
// Every pitfall a lesson of this course names is made by one of its mutants,
// and one of them asks for its likely cause.
TEST(CoursePitfalls, EveryPitfallOfEveryLessonReadmeHasAMutant) {
  namespace fs = std::filesystem;
  const fs::path root = COURSE_SOURCE_DIR;
  const auto course = grader::course::load_course(root / "course.yaml");
  std::vector<gv::LessonReadme> readmes;
  std::size_t entries = 0;
  for (const auto& lesson : course.lessons) {
    const fs::path readme = root / lesson.folder / "README.md";
    if (!fs::is_regular_file(readme)) continue;
    readmes.push_back({lesson.id, (fs::path(lesson.folder) / "README.md").string(), grader::util::read_file(readme)});
    entries += gv::pitfall_entries(readmes.back().text).size();
  }
  EXPECT_GT(entries, 50u) << "the lessons' pitfall sections were not found";
  const auto discovery = gv::discover_mutants(root);
  for (const auto& p : discovery.problems) ADD_FAILURE() << p.problem;
  for (const auto& [lesson, problems] : gv::pitfall_problems(readmes, discovery.mutants))
    for (const auto& p : problems) ADD_FAILURE() << lesson << ": " << p;
}
#endif
