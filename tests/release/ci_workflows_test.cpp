// The CI templates (ci/github/*.yml, ci/gradescope/*) call the grader with
// subcommands and options that exist: every grader command line in them is
// parsed out and checked against `grader <subcommand> --help` of the grader
// built here, so a renamed option fails this test instead of a student's CI.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "grader/util/files.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path kRoot = COURSE_SOURCE_DIR;

std::string run(const std::string& command) {
  std::string out;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen((command + " 2>&1").c_str(), "r"), ::pclose);
  if (!pipe) return out;
  std::array<char, 4096> buf{};
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), pipe.get())) out.append(buf.data(), n);
  return out;
}

const std::string& help_of(const std::string& sub) {
  static std::map<std::string, std::string> cache;
  auto it = cache.find(sub);
  if (it == cache.end())
    it = cache.emplace(sub, run(std::string("'") + GRADER_EXE + "' " + (sub.empty() ? "" : sub + " ") + "--help"))
             .first;
  return it->second;
}

/// One grader command line, split into words (quotes removed, `\` continuations joined).
struct Invocation {
  std::string where;
  std::vector<std::string> words;  // after the grader executable
};

std::vector<std::string> split_words(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  char quote = 0;
  bool any = false;
  for (char c : line) {
    if (quote) {
      if (c == quote) quote = 0;
      else word += c;
    } else if (c == '"' || c == '\'') {
      quote = c;
      any = true;
    } else if (c == ' ' || c == '\t') {
      if (any || !word.empty()) words.push_back(word);
      word.clear();
      any = false;
    } else if (c == '#' && word.empty() && !any) {
      break;  // a comment
    } else {
      word += c;
    }
  }
  if (any || !word.empty()) words.push_back(word);
  return words;
}

bool is_grader_word(const std::string& w) {
  if (w.find('=') != std::string::npos) return false;  // grader="$src/build/bin/grader" names it, does not run it
  return w == "$grader" || w == "${grader}" || (w.size() >= 10 && w.compare(w.size() - 10, 10, "bin/grader") == 0);
}

std::vector<Invocation> grader_calls(const std::string& script, const std::string& where) {
  std::vector<Invocation> calls;
  std::string joined;
  std::istringstream in(script);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\\') {
      joined += line.substr(0, line.size() - 1) + " ";
      continue;
    }
    joined += line;
    auto words = split_words(joined);
    joined.clear();
    for (std::size_t i = 0; i < words.size(); ++i) {
      if (!is_grader_word(words[i])) continue;
      Invocation call{where + ":" + std::to_string(number), {}};
      for (std::size_t j = i + 1; j < words.size(); ++j) {
        const std::string& w = words[j];
        if (w == "|" || w == ">" || w == ">>" || w == "2>&1" || w == "&&" || w == ";" || w == "||") break;
        call.words.push_back(w);
      }
      calls.push_back(call);
      break;
    }
  }
  return calls;
}

// Options of the grader itself that take a value, and those that do not.
const std::set<std::string> kGlobalWithValue = {"--course", "--toolchain", "--cache-dir", "-j", "--jobs"};
const std::set<std::string> kGlobalFlags = {"--no-color"};

/// Checks one call: global options, a subcommand, and every option of that
/// subcommand appear in the grader's --help; --format values are allowed ones.
void check_call(const Invocation& call) {
  SCOPED_TRACE(call.where);
  std::size_t i = 0;
  for (; i < call.words.size() && call.words[i].rfind("-", 0) == 0; ++i) {
    const std::string& option = call.words[i];
    EXPECT_TRUE(kGlobalWithValue.count(option) || kGlobalFlags.count(option)) << "unknown global option " << option;
    EXPECT_NE(help_of("").find(option), std::string::npos) << option << " is not in grader --help";
    if (kGlobalWithValue.count(option)) ++i;
  }
  ASSERT_LT(i, call.words.size()) << "no subcommand";
  const std::string sub = call.words[i];
  const std::string& help = help_of(sub);
  ASSERT_NE(help.find("Usage:"), std::string::npos) << "grader " << sub << " --help failed:\n" << help;
  EXPECT_EQ(help.find("is not a valid subcommand"), std::string::npos) << help;
  EXPECT_NE(help_of("").find("  " + sub + " "), std::string::npos) << sub << " is not a grader subcommand";
  for (std::size_t j = i + 1; j < call.words.size(); ++j) {
    const std::string& w = call.words[j];
    if (w.rfind("-", 0) != 0 || w == "-") continue;
    const std::string option = w.substr(0, w.find('='));
    const std::regex listed("(^|[ ,])" + std::regex_replace(option, std::regex("[-]"), "\\-") + "([ ,=]|$)",
                            std::regex::multiline);
    EXPECT_TRUE(std::regex_search(help, listed)) << "grader " << sub << " has no option " << option << ":\n" << help;
    if (option == "--format" && j + 1 < call.words.size()) {
      const std::string value = call.words[j + 1];
      // The option's own help text (up to the next option) names the formats it takes.
      const std::size_t from = help.find("--format");
      const std::size_t to = help.find("\n  -", from);
      const std::string described = help.substr(from, to == std::string::npos ? std::string::npos : to - from);
      EXPECT_TRUE(std::regex_search(described, std::regex("[{ ,]" + value + "[}, \n]")))
          << "--format " << value << " is not among: " << described;
    }
  }
}

struct Workflow {
  YAML::Node root;
  std::vector<std::pair<std::string, std::string>> runs;  // (step name, script)
  std::vector<std::string> uses;
};

Workflow load_workflow(const std::string& rel) {
  Workflow w;
  w.root = YAML::LoadFile((kRoot / rel).string());
  for (const auto& job : w.root["jobs"]) {
    for (const auto& step : job.second["steps"]) {
      if (step["run"]) w.runs.emplace_back(step["name"] ? step["name"].Scalar() : "", step["run"].Scalar());
      if (step["uses"]) w.uses.push_back(step["uses"].Scalar());
    }
  }
  return w;
}

std::vector<Invocation> calls_in(const Workflow& w, const std::string& file) {
  std::vector<Invocation> all;
  for (const auto& [name, script] : w.runs) {
    auto calls = grader_calls(script, file + " step '" + name + "'");
    all.insert(all.end(), calls.begin(), calls.end());
  }
  return all;
}

bool any_uses(const Workflow& w, const std::string& prefix) {
  for (const auto& u : w.uses)
    if (u.rfind(prefix, 0) == 0) return true;
  return false;
}

TEST(CiTemplates, CommandLineSplitterFindsGraderCalls) {
  // The checks below rely on this: a call it missed would be silently unchecked.
  auto calls = grader_calls("set +e\nbuild/bin/grader --no-color grade starter \\\n  --format junit -o x.xml  # note\n"
                            "echo grader\n\"$grader\" -j 2 list | head\n",
                            "t");
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[0].words, (std::vector<std::string>{"--no-color", "grade", "starter", "--format", "junit", "-o",
                                                      "x.xml"}));
  EXPECT_EQ(calls[1].words, (std::vector<std::string>{"-j", "2", "list"}));
}

TEST(CiTemplates, CheckerRejectsOptionsTheGraderDoesNotHave) {
  // A check that cannot fail proves nothing: feed it a made-up option.
  Invocation bogus{"bogus", {"grade", "starter", "--no-such-option"}};
  ::testing::TestPartResultArray failures;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD,
                                                         &failures);
    check_call(bogus);
  }
  EXPECT_GE(failures.size(), 1);
  ::testing::TestPartResultArray format_failures;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD,
                                                         &format_failures);
    check_call({"bogus", {"grade", "starter", "--format", "yaml"}});
  }
  EXPECT_GE(format_failures.size(), 1);
}

TEST(CiTemplates, StudentWorkflowRunsOnPushAndPullRequestAndReportsPublicTests) {
  Workflow w = load_workflow("ci/github/student-check.yml");
  ASSERT_TRUE(w.root["on"]) << "no triggers";
  EXPECT_TRUE(w.root["on"]["push"]);
  EXPECT_TRUE(w.root["on"]["pull_request"]);
  // The documented exit policy is an env switch the script reads.
  ASSERT_TRUE(w.root["env"]["GRADER_CHECK_POLICY"]);
  EXPECT_EQ(w.root["env"]["GRADER_CHECK_POLICY"].Scalar(), "report");
  bool reads_policy = false, writes_summary = false;
  for (const auto& [name, script] : w.runs) {
    reads_policy |= script.find("$GRADER_CHECK_POLICY") != std::string::npos;
    writes_summary |= script.find("$GITHUB_STEP_SUMMARY") != std::string::npos;
  }
  EXPECT_TRUE(reads_policy);
  EXPECT_TRUE(writes_summary);
  EXPECT_TRUE(any_uses(w, "actions/checkout@"));
  EXPECT_TRUE(any_uses(w, "actions/upload-artifact@"));

  auto calls = calls_in(w, "student-check.yml");
  ASSERT_GE(calls.size(), 2u);
  bool public_only_junit = false;
  for (const auto& call : calls) {
    check_call(call);
    std::string line;
    for (const auto& word : call.words) line += word + " ";
    // Students have no hidden tests: every grade call says so.
    if (line.find("grade ") != std::string::npos) {
      EXPECT_NE(line.find("--public-only"), std::string::npos) << line;
      public_only_junit |= line.find("--format junit") != std::string::npos;
    }
  }
  EXPECT_TRUE(public_only_junit);
}

TEST(CiTemplates, InstructorWorkflowGradesWithHiddenTestsFromThePrivateCourse) {
  Workflow w = load_workflow("ci/github/instructor-grade.yml");
  EXPECT_TRUE(w.root["on"]["workflow_dispatch"]["inputs"]["submission"]);
  std::string text = grader::util::read_file(kRoot / "ci/github/instructor-grade.yml");
  EXPECT_NE(text.find("secrets.COURSE_REPO_TOKEN"), std::string::npos);
  EXPECT_NE(text.find("secrets.COURSE_REPOSITORY"), std::string::npos);
  // Inputs reach scripts through the environment, never pasted into them.
  for (const auto& [name, script] : w.runs) EXPECT_EQ(script.find("${{"), std::string::npos) << name;
  EXPECT_TRUE(any_uses(w, "actions/upload-artifact@"));
  bool gradescope = false, hidden_build = false;
  for (const auto& [name, script] : w.runs) hidden_build |= script.find("-DCOURSE_WITH_HIDDEN_TESTS=ON") != std::string::npos;
  auto calls = calls_in(w, "instructor-grade.yml");
  ASSERT_GE(calls.size(), 2u);
  for (const auto& call : calls) {
    check_call(call);
    std::string line;
    for (const auto& word : call.words) line += word + " ";
    EXPECT_EQ(line.find("--public-only"), std::string::npos) << line;
    gradescope |= line.find("--format gradescope") != std::string::npos;
  }
  EXPECT_TRUE(gradescope);
  EXPECT_TRUE(hidden_build);
  // Every student is recorded under the repository's name (or the id given),
  // never under the folder graded ("starter" for everyone).
  bool named = false;
  for (const auto& call : calls) {
    const auto& words = call.words;
    auto grade = std::find(words.begin(), words.end(), "grade");
    if (grade == words.end()) continue;
    auto student = std::find(words.begin(), words.end(), "--student");
    ASSERT_NE(student, words.end()) << "the grade call names no student";
    ASSERT_NE(student + 1, words.end());
    EXPECT_EQ(student[1], "$student");
    named = true;
  }
  EXPECT_TRUE(named);
  EXPECT_EQ(text.find("basename \"$workspace\""), std::string::npos);
  EXPECT_NE(text.find("student=\"${STUDENT:-${SUBMISSION##*/}}\""), std::string::npos);
}

TEST(CiTemplates, GradescopeScriptsCallExistingGraderOptions) {
  for (const char* file : {"ci/gradescope/setup.sh", "ci/gradescope/run_autograder"}) {
    auto calls = grader_calls(grader::util::read_file(kRoot / file), file);
    EXPECT_FALSE(calls.empty()) << file;
    for (const auto& call : calls) check_call(call);
  }
  std::string run = grader::util::read_file(kRoot / "ci/gradescope/run_autograder");
  EXPECT_NE(run.find("AUTOGRADER_ROOT:-/autograder"), std::string::npos);
  EXPECT_NE(run.find("--format gradescope"), std::string::npos);
}

}  // namespace
