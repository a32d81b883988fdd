// Quiz grading (grader/runner/quiz.hpp): answers read from the student's YAML
// file, scored against the answer key; every malformed file fails the quiz
// with a line:column message instead of breaking the grader. The last tests
// check the course's own review quiz: reference, starter, mutants, README.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <unistd.h>

#include "grader/runner/quiz.hpp"
#include "grader/validate/mutant_workspace.hpp"

namespace {

namespace fs = std::filesystem;
namespace gc = grader::course;
namespace gr = grader::runner;
using gr::TestStatus;

// Raw strings start with a newline so the YAML can begin at column 1 of its
// own source line; dropping it keeps the line numbers in the tests honest.
std::string yaml(std::string_view text) {
  if (!text.empty() && text.front() == '\n') text.remove_prefix(1);
  return std::string(text);
}

const std::string kAnswerFile = "quiz/answers.yaml";
const std::string kKeyFile = "tests/hidden/quiz/key.yaml";

// Weights 2 + 2 + 3 + 3 = 10, the exercise's points below, so each question
// is worth exactly its key points.
const std::string kKey = yaml(R"(
questions:
  q1_pick:
    type: choice
    options: [a, b, c, d]
    answer: b
    points: 2
    feedback: "Re-read section one."
  q2_select:
    type: choices
    options: [a, b, c, d, e]
    answer: [a, c, d]
    points: 2
    feedback: "Check each statement on its own."
  q3_number:
    type: numeric
    answer: 64
    tolerance: 0.5
    points: 3
    feedback: "Recompute the width of one head."
  q4_explain:
    type: free_text
    points: 3
    rubric: "anything sensible"
)");

const std::string kStarter = yaml(R"(
# The starter: empty values whose form tells the kind of answer.
q1_pick: ""
q2_select: []
q3_number: null
q4_explain: |

)");

/// A scratch course root with a quiz exercise, its starter and its key.
class QuizCourse {
 public:
  QuizCourse() {
    static std::atomic<int> counter{0};
    root_ = fs::temp_directory_path() / ("quiz_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::remove_all(root_);
    fs::create_directories(root_);
    write(kKeyFile, kKey);
    write("starter/" + kAnswerFile, kStarter);
    course_.root = root_;
    lesson_.id = "quiz-lesson";
    exercise_.id = "review-quiz";
    exercise_.kind = gc::ExerciseKind::quiz;
    exercise_.files = {kAnswerFile};
    exercise_.answer_key = kKeyFile;
    exercise_.points = 10;
  }
  ~QuizCourse() {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  QuizCourse(const QuizCourse&) = delete;
  QuizCourse& operator=(const QuizCourse&) = delete;

  void write(const std::string& relative, const std::string& content) const {
    const fs::path path = root_ / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << content;
  }
  void remove(const std::string& relative) const { fs::remove(root_ / relative); }
  gc::Exercise& exercise() { return exercise_; }
  const gc::Course& course() const { return course_; }

  /// Grades `answers` as the submission's answer file.
  std::map<std::string, gr::TestResult> grade(const std::string& answers, bool with_key = true) const {
    gr::CollectedFiles files;
    files.files.emplace_back(kAnswerFile, answers);
    return grade(files, with_key);
  }
  std::map<std::string, gr::TestResult> grade(const gr::CollectedFiles& files, bool with_key = true) const {
    std::map<std::string, gr::TestResult> by_name;
    for (auto& r : gr::grade_quiz(course_, lesson_, exercise_, files, with_key)) by_name[r.name] = r;
    return by_name;
  }

 private:
  fs::path root_;
  gc::Course course_;
  gc::Lesson lesson_;
  gc::Exercise exercise_;
};

const std::vector<std::string> kNames = {"ReviewQuiz.q1_pick", "ReviewQuiz.q2_select", "ReviewQuiz.q3_number",
                                         "ReviewQuiz.q4_explain"};

const std::string kAllRight = yaml(R"(
q1_pick: b
q2_select: [a, c, d]
q3_number: 64
q4_explain: |
  Attention sees a set of tokens.
  The encoding marks each position.
)");

// Replaces the line of `id` in kAllRight.
std::string with_answer(const std::string& id, const std::string& value) {
  std::istringstream in(kAllRight);
  std::string line, out;
  bool in_block = false;
  while (std::getline(in, line)) {
    if (in_block && line.rfind("  ", 0) == 0) continue;
    in_block = false;
    if (line.rfind(id + ":", 0) == 0) {
      out += id + ": " + value + "\n";
      in_block = id == "q4_explain";
      continue;
    }
    out += line + "\n";
  }
  return out;
}

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// --- Scoring against the key. ---

TEST(QuizGrading, RightAnswersScoreTheirPointsAndFreeTextAwaitsReview) {
  QuizCourse c;
  auto r = c.grade(kAllRight);
  ASSERT_EQ(r.size(), 4u);
  for (const auto& name : kNames) ASSERT_TRUE(r.count(name)) << name;
  const std::map<std::string, double> points = {{"ReviewQuiz.q1_pick", 2}, {"ReviewQuiz.q2_select", 2},
                                                {"ReviewQuiz.q3_number", 3}};
  for (const auto& [name, max] : points) {
    EXPECT_EQ(r[name].status, TestStatus::passed) << name << ": " << r[name].message;
    EXPECT_DOUBLE_EQ(r[name].score, max) << name;
    EXPECT_DOUBLE_EQ(r[name].max_score, max) << name;
  }
  const auto& text = r["ReviewQuiz.q4_explain"];
  EXPECT_EQ(text.status, TestStatus::pending_review);
  EXPECT_DOUBLE_EQ(text.score, 0);
  EXPECT_DOUBLE_EQ(text.max_score, 3);
  // The gradebook exports the message as the student's own words.
  EXPECT_EQ(text.message, "Attention sees a set of tokens.\nThe encoding marks each position.");
  for (const auto& [name, t] : r) {
    EXPECT_EQ(t.lesson, "quiz-lesson");
    EXPECT_EQ(t.exercise, "review-quiz");
    EXPECT_FALSE(t.hidden);
  }
}

TEST(QuizGrading, WrongChoiceFailsWithTheKeysFeedbackAndTheAnswerGiven) {
  QuizCourse c;
  auto r = c.grade(with_answer("q1_pick", "c"));
  const auto& t = r["ReviewQuiz.q1_pick"];
  EXPECT_EQ(t.status, TestStatus::failed);
  EXPECT_DOUBLE_EQ(t.score, 0);
  EXPECT_DOUBLE_EQ(t.max_score, 2);
  EXPECT_EQ(t.message, "Re-read section one.\n(your answer: c)");
  EXPECT_EQ(r["ReviewQuiz.q3_number"].status, TestStatus::passed) << "one wrong answer costs only its question";
}

TEST(QuizGrading, ChoiceLetterIgnoresCaseSpacesAndParentheses) {
  QuizCourse c;
  for (const std::string answer : {"B", "\" b \"", "(b)", "b)", "b.", "[b]"}) {
    auto r = c.grade(with_answer("q1_pick", answer));
    EXPECT_EQ(r["ReviewQuiz.q1_pick"].status, TestStatus::passed) << answer << ": " << r["ReviewQuiz.q1_pick"].message;
  }
}

TEST(QuizGrading, ChoiceOutsideTheOptionsOrSeveralLettersIsAFormError) {
  QuizCourse c;
  auto r = c.grade(with_answer("q1_pick", "e"));
  EXPECT_EQ(r["ReviewQuiz.q1_pick"].status, TestStatus::failed);
  EXPECT_EQ(r["ReviewQuiz.q1_pick"].message, "quiz/answers.yaml:1: 'e' is not one of the choices (a, b, c, d)");

  r = c.grade(with_answer("q1_pick", "[b, c]"));
  EXPECT_EQ(r["ReviewQuiz.q1_pick"].status, TestStatus::failed);
  EXPECT_EQ(r["ReviewQuiz.q1_pick"].message,
            "quiz/answers.yaml:1: this question has one answer: write just one letter: a, b, c or d");

  r = c.grade(with_answer("q1_pick", "b) Each head has its own projections"));
  EXPECT_EQ(r["ReviewQuiz.q1_pick"].status, TestStatus::failed);
  EXPECT_TRUE(contains(r["ReviewQuiz.q1_pick"].message, "is not a choice letter; write just one letter: a, b, c or d"))
      << r["ReviewQuiz.q1_pick"].message;
}

TEST(QuizGrading, SelectAllIgnoresOrderCaseAndSpelling) {
  QuizCourse c;
  for (const std::string answer : {"[d, A, c]", "\"c, a, d\"", "\"a c d\"", "[a, c, d, a]", "\"[D,C,A]\""}) {
    auto r = c.grade(with_answer("q2_select", answer));
    EXPECT_EQ(r["ReviewQuiz.q2_select"].status, TestStatus::passed) << answer << ": " << r["ReviewQuiz.q2_select"].message;
    EXPECT_DOUBLE_EQ(r["ReviewQuiz.q2_select"].score, 2) << answer;
  }
}

TEST(QuizGrading, SelectAllIsAllOrNothing) {
  QuizCourse c;
  for (const std::string answer : {"[a, c]", "[a, b, c, d]", "[a, c, e]", "b"}) {
    auto r = c.grade(with_answer("q2_select", answer));
    const auto& t = r["ReviewQuiz.q2_select"];
    EXPECT_EQ(t.status, TestStatus::failed) << answer;
    EXPECT_DOUBLE_EQ(t.score, 0) << answer;
    EXPECT_TRUE(contains(t.message, "Check each statement on its own.")) << answer << ": " << t.message;
  }
  auto r = c.grade(with_answer("q2_select", "[a, c, z]"));
  EXPECT_TRUE(contains(r["ReviewQuiz.q2_select"].message, "'z' is not one of the choices (a, b, c, d, e)"))
      << r["ReviewQuiz.q2_select"].message;
}

TEST(QuizGrading, NumericToleranceIsInclusiveAtBothEdges) {
  QuizCourse c;  // 64 with tolerance 0.5
  for (const std::string inside : {"64", "64.5", "63.5", "6.4e1", "+64", "\"64.0\""}) {
    auto r = c.grade(with_answer("q3_number", inside));
    EXPECT_EQ(r["ReviewQuiz.q3_number"].status, TestStatus::passed) << inside << ": " << r["ReviewQuiz.q3_number"].message;
  }
  for (const std::string outside : {"64.5001", "63.4999", "65", "4096", "-64"}) {
    auto r = c.grade(with_answer("q3_number", outside));
    const auto& t = r["ReviewQuiz.q3_number"];
    EXPECT_EQ(t.status, TestStatus::failed) << outside;
    EXPECT_EQ(t.message, "Recompute the width of one head.\n(your answer: " + outside + ")");
  }
}

TEST(QuizGrading, NumericEdgeSurvivesDecimalRounding) {
  // 0.4 - 0.3 is 0.10000000000000003 in binary: still "within 0.1".
  QuizCourse c;
  c.write(kKeyFile, yaml(R"(
questions:
  q3_number:
    type: numeric
    answer: 0.3
    tolerance: 0.1
    feedback: "Look again."
)"));
  EXPECT_EQ(c.grade("q3_number: 0.4\n")["ReviewQuiz.q3_number"].status, TestStatus::passed);
  EXPECT_EQ(c.grade("q3_number: 0.2\n")["ReviewQuiz.q3_number"].status, TestStatus::passed);
  EXPECT_EQ(c.grade("q3_number: 0.4001\n")["ReviewQuiz.q3_number"].status, TestStatus::failed);
}

TEST(QuizGrading, NumericAnswerMustBeAPlainNumber) {
  QuizCourse c;
  for (const std::string answer : {"sixty-four", "64 features", "0x40", ".inf", "512/8", "[64]"}) {
    auto r = c.grade(with_answer("q3_number", answer));
    const auto& t = r["ReviewQuiz.q3_number"];
    EXPECT_EQ(t.status, TestStatus::failed) << answer;
    EXPECT_TRUE(contains(t.message, "quiz/answers.yaml:3: ")) << answer << ": " << t.message;
    EXPECT_TRUE(contains(t.message, "number")) << answer << ": " << t.message;
  }
}

// --- Unanswered questions. ---

TEST(QuizGrading, TheStarterIsUnansweredEverywhere) {
  QuizCourse c;
  auto r = c.grade(kStarter);
  ASSERT_EQ(r.size(), 4u);
  for (const auto& [name, t] : r) {
    EXPECT_EQ(t.status, TestStatus::not_implemented) << name;
    EXPECT_DOUBLE_EQ(t.score, 0) << name;
    EXPECT_GT(t.max_score, 0) << name;
    EXPECT_TRUE(contains(t.message, "not answered yet")) << name << ": " << t.message;
  }
  EXPECT_TRUE(contains(r["ReviewQuiz.q3_number"].message, "after 'q3_number:' in quiz/answers.yaml:4"))
      << r["ReviewQuiz.q3_number"].message;
}

TEST(QuizGrading, BlankAnswersCountAsUnanswered) {
  QuizCourse c;
  auto r = c.grade(yaml(R"(
q1_pick: "   "
q2_select: ""
q3_number:
q4_explain: |


)"));
  for (const auto& [name, t] : r) EXPECT_EQ(t.status, TestStatus::not_implemented) << name << ": " << t.message;
  r = c.grade("");
  ASSERT_EQ(r.size(), 4u) << "an emptied file still lists every question";
  for (const auto& [name, t] : r) EXPECT_EQ(t.status, TestStatus::not_implemented) << name;
}

TEST(QuizGrading, ADeletedIdIsUnansweredAndAMisspeltOneIsPointedOut) {
  QuizCourse c;
  auto r = c.grade(yaml(R"(
q1_pik: b
q2_select: [a, c, d]
)"));
  const auto& t = r["ReviewQuiz.q1_pick"];
  EXPECT_EQ(t.status, TestStatus::not_implemented);
  EXPECT_TRUE(contains(t.message, "'q1_pick' is missing from quiz/answers.yaml")) << t.message;
  EXPECT_TRUE(contains(t.message, "'q1_pik' on line 1 looks like a misspelling")) << t.message;
  EXPECT_EQ(r["ReviewQuiz.q2_select"].status, TestStatus::passed);
  EXPECT_FALSE(contains(r["ReviewQuiz.q3_number"].message, "misspelling")) << "q1_pik is not close to q3_number";
}

TEST(QuizGrading, AnIdAnsweredTwiceFails) {
  QuizCourse c;
  auto r = c.grade("q1_pick: b\nq2_select: [a]\nq1_pick: c\n");
  EXPECT_EQ(r["ReviewQuiz.q1_pick"].status, TestStatus::failed);
  EXPECT_TRUE(contains(r["ReviewQuiz.q1_pick"].message, "answered twice (lines 1 and 3)")) << r["ReviewQuiz.q1_pick"].message;
}

TEST(QuizGrading, AMissingFileUsesTheStarterAndSaysSo) {
  QuizCourse c;
  gr::CollectedFiles files;
  files.files.emplace_back(kAnswerFile, kStarter);  // what Grader::collect substitutes
  files.missing.push_back(kAnswerFile);
  auto r = c.grade(files);
  for (const auto& [name, t] : r) {
    EXPECT_EQ(t.status, TestStatus::not_implemented) << name;
    EXPECT_TRUE(contains(t.message, "quiz/answers.yaml is missing from the submission")) << t.message;
  }
  gr::CollectedFiles refused;
  refused.files.emplace_back(kAnswerFile, kStarter);
  refused.rejected.push_back(kAnswerFile + " is larger than 1024 KiB");
  r = c.grade(refused);
  EXPECT_TRUE(contains(r["ReviewQuiz.q1_pick"].message, "was refused (is larger than 1024 KiB)"))
      << r["ReviewQuiz.q1_pick"].message;
}

// --- Files that are not valid answers never break the grader. ---

TEST(QuizGrading, MalformedYamlFailsEveryQuestionWithLineAndColumn) {
  QuizCourse c;
  struct Case {
    std::string text;
    std::string where;
  };
  for (const Case& bad : {Case{"q1_pick: b\nq2_select: a: c\nq3_number: 64\n", "quiz/answers.yaml:2:13: "},
                          Case{"q1_pick: b\n  q3_number: 64\n", "quiz/answers.yaml:2:12: "},
                          Case{"q1_pick: b\nq4_explain: | my answer\n", "quiz/answers.yaml:2:15: "},
                          Case{"q1_pick: b\n\tq3_number: 64\n", "quiz/answers.yaml:2:1: "}}) {
    std::map<std::string, gr::TestResult> r;
    ASSERT_NO_THROW(r = c.grade(bad.text)) << bad.text;
    ASSERT_EQ(r.size(), 4u);
    for (const auto& [name, t] : r) {
      EXPECT_EQ(t.status, TestStatus::failed) << bad.text;
      EXPECT_DOUBLE_EQ(t.score, 0);
      EXPECT_EQ(t.message.rfind(bad.where, 0), 0u) << "expected it to start with " << bad.where << ": " << t.message;
      EXPECT_TRUE(contains(t.message, "YAML syntax error")) << t.message;
      EXPECT_TRUE(contains(t.message, "fix the YAML syntax")) << t.message;
    }
  }
}

TEST(QuizGrading, AFileThatIsNotAMappingFailsEveryQuestion) {
  QuizCourse c;
  for (const std::string text : {"- b\n- [a, c, d]\n", "b\n", "q1_pick: b\n---\nq3_number: 64\n"}) {
    auto r = c.grade(text);
    ASSERT_EQ(r.size(), 4u);
    for (const auto& [name, t] : r) EXPECT_EQ(t.status, TestStatus::failed) << text << " " << name;
    EXPECT_TRUE(contains(r["ReviewQuiz.q1_pick"].message, "quiz/answers.yaml:")) << r["ReviewQuiz.q1_pick"].message;
  }
}

TEST(QuizGrading, ANestedMappingIsAFormError) {
  QuizCourse c;
  auto r = c.grade("q1_pick:\n  a: b\nq3_number: 64\n");
  EXPECT_EQ(r["ReviewQuiz.q1_pick"].status, TestStatus::failed);
  EXPECT_TRUE(contains(r["ReviewQuiz.q1_pick"].message, "nested mapping")) << r["ReviewQuiz.q1_pick"].message;
  EXPECT_EQ(r["ReviewQuiz.q3_number"].status, TestStatus::passed);
}

TEST(QuizGrading, AHugeFileIsRefusedUnreadEvenWithRightAnswers) {
  QuizCourse c;
  std::string text = kAllRight + "# ";
  text += std::string(gr::kMaxAnswerFileBytes, 'x');
  auto r = c.grade(text);
  ASSERT_EQ(r.size(), 4u);
  for (const auto& [name, t] : r) {
    EXPECT_EQ(t.status, TestStatus::failed) << name;
    EXPECT_TRUE(contains(t.message, "over the size limit of 64 KiB")) << t.message;
  }
  // Just under the limit is read normally.
  std::string fits = kAllRight + "# ";
  fits += std::string(gr::kMaxAnswerFileBytes - fits.size() - 1, 'x') + "\n";
  ASSERT_EQ(fits.size(), gr::kMaxAnswerFileBytes);
  EXPECT_EQ(c.grade(fits)["ReviewQuiz.q1_pick"].status, TestStatus::passed);
}

TEST(QuizGrading, DeepNestingAndAliasesDoNotCrash) {
  QuizCourse c;
  const std::string deep = "q1_pick: b\nq2_select: " + std::string(20000, '[') + std::string(20000, ']') + "\n";
  std::map<std::string, gr::TestResult> r;
  ASSERT_NO_THROW(r = c.grade(deep));
  EXPECT_NE(r["ReviewQuiz.q2_select"].status, TestStatus::passed);
  EXPECT_TRUE(contains(r["ReviewQuiz.q1_pick"].message, "quiz/answers.yaml:2:")) << r["ReviewQuiz.q1_pick"].message;
  EXPECT_TRUE(contains(r["ReviewQuiz.q1_pick"].message, "over the depth limit of 16")) << r["ReviewQuiz.q1_pick"].message;
  // An alias to a list of lists is read as what it is, not expanded.
  ASSERT_NO_THROW(r = c.grade("x: &a [[a, c, d]]\nq2_select: *a\nq1_pick: *a\n"));
  EXPECT_EQ(r["ReviewQuiz.q2_select"].status, TestStatus::failed);
  EXPECT_EQ(r["ReviewQuiz.q1_pick"].status, TestStatus::failed);
}

std::string repeat(const std::string& s, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

// Each limit of kAnswerFileLimits through grading: just within it the right
// answers score, one past it the file is not read and every question fails
// naming the limit.
TEST(QuizGrading, EachLimitOfTheAnswerFileJustWithinAndJustPast) {
  QuizCourse c;
  const auto& limits = gr::kAnswerFileLimits;
  auto expect_read = [&](const std::string& extra, const std::string& what) {
    auto r = c.grade(kAllRight + extra);
    EXPECT_EQ(r["ReviewQuiz.q1_pick"].status, TestStatus::passed) << what << ": " << r["ReviewQuiz.q1_pick"].message;
  };
  auto expect_refused = [&](const std::string& extra, const std::string& limit, const std::string& what) {
    auto r = c.grade(kAllRight + extra);
    ASSERT_EQ(r.size(), 4u);
    for (const auto& [name, t] : r) {
      EXPECT_EQ(t.status, TestStatus::failed) << what << " " << name;
      EXPECT_TRUE(contains(t.message, limit)) << what << ": " << t.message;
      EXPECT_TRUE(contains(t.message, "so it was not read")) << what << ": " << t.message;
    }
  };
  // Depth: the root mapping is level 1, so a list nested max_depth - 1 deep is the most.
  const std::size_t lists = limits.max_depth - 1;
  expect_read("deep: " + std::string(lists, '[') + std::string(lists, ']') + "\n", "depth at the limit");
  expect_refused("deep: " + std::string(lists + 1, '[') + std::string(lists + 1, ']') + "\n", "over the depth limit of 16",
                 "depth past the limit");
  // Aliases of a one-letter anchor.
  auto aliases = [](std::size_t n) { return "x: &a b\nmany: [" + repeat("*a, ", n - 1) + "*a]\n"; };
  expect_read(aliases(limits.max_aliases), "aliases at the limit");
  expect_refused(aliases(limits.max_aliases + 1), "over the alias limit of 64", "aliases past the limit");
  // Expanded text: a 4 KiB anchor, within the alias limit.
  const std::string anchor = "big: &a " + std::string(4096, 'y') + "\n";
  expect_read(anchor + "copies: [" + repeat("*a, ", 50) + "*a]\n", "51 copies of 4 KiB");
  expect_refused(anchor + "copies: [" + repeat("*a, ", 63) + "*a]\n", "over the expanded-text limit of 256 KiB",
                 "64 copies of 4 KiB");
  // Values: an anchor of 1023 nulls (1024 values with its list), aliased.
  const std::string nulls = "n: &n [" + repeat("~,", 1022) + "~]\n";
  expect_read(nulls + "v: [" + repeat("*n,", 59) + "*n]\n", "61,440 values");
  expect_refused(nulls + "v: [" + repeat("*n,", 63) + "*n]\n", "over the value limit of 65536", "65,536 values and more");
  // An alias inside what it names.
  expect_refused("loop: &l [x, *l]\n", "without end", "a cycle");
}

TEST(QuizGrading, TheIssuesAliasBombIsRefusedWithItsPlace) {
  QuizCourse c;
  const std::string bomb = "big: &a " + std::string(30000, 'y') + "\nbomb: [" + repeat("*a,", 11600) + "*a]\n";
  ASSERT_LE((kAllRight + bomb).size(), gr::kMaxAnswerFileBytes);
  auto r = c.grade(kAllRight + bomb);
  const std::string& m = r["ReviewQuiz.q1_pick"].message;
  EXPECT_EQ(r["ReviewQuiz.q1_pick"].status, TestStatus::failed);
  // The 65th alias, on the bomb's line (the answers take 6 lines, the anchor 1).
  EXPECT_TRUE(contains(m, "quiz/answers.yaml:8:")) << m;
  EXPECT_TRUE(contains(m, "without anchors (&name) and aliases (*name)")) << m;
}

// --- Free text. ---

TEST(QuizGrading, FreeTextIsPendingReviewWithTheAnswerVerbatim) {
  QuizCourse c;
  auto r = c.grade(with_answer("q4_explain", "\"Heads: 8; order: matters.\""));
  EXPECT_EQ(r["ReviewQuiz.q4_explain"].status, TestStatus::pending_review);
  EXPECT_EQ(r["ReviewQuiz.q4_explain"].message, "Heads: 8; order: matters.");

  r = c.grade(with_answer("q4_explain", "|\n  Line one, with \"quotes\".\n\n  Line three: ünïcode.\n"));
  EXPECT_EQ(r["ReviewQuiz.q4_explain"].message, "Line one, with \"quotes\".\n\nLine three: ünïcode.");
  EXPECT_DOUBLE_EQ(r["ReviewQuiz.q4_explain"].max_score, 3);
}

TEST(QuizGrading, VeryLongFreeTextIsCutForReviewWithANote) {
  QuizCourse c;
  std::string long_text(gr::kMaxFreeTextChars + 500, 'w');
  auto r = c.grade(with_answer("q4_explain", long_text));
  const auto& t = r["ReviewQuiz.q4_explain"];
  EXPECT_EQ(t.status, TestStatus::pending_review);
  EXPECT_EQ(t.message.substr(0, gr::kMaxFreeTextChars), long_text.substr(0, gr::kMaxFreeTextChars));
  EXPECT_LT(t.message.size(), gr::kMaxFreeTextChars + 200);
  EXPECT_TRUE(contains(t.message, std::to_string(long_text.size()) + " characters")) << t.message.substr(gr::kMaxFreeTextChars);
}

// --- Points. ---

TEST(QuizGrading, TheExercisePointsAreSplitInProportionToTheKeysPoints) {
  QuizCourse c;
  c.exercise().points = 20;
  auto r = c.grade(kAllRight);
  EXPECT_DOUBLE_EQ(r["ReviewQuiz.q1_pick"].max_score, 4);
  EXPECT_DOUBLE_EQ(r["ReviewQuiz.q3_number"].score, 6);
  EXPECT_DOUBLE_EQ(r["ReviewQuiz.q4_explain"].max_score, 6);

  c.exercise().points.reset();
  c.exercise().points_per_test = 1.5;
  r = c.grade(kAllRight);
  for (const auto& [name, t] : r) EXPECT_DOUBLE_EQ(t.max_score, 1.5) << name;
}

// --- Without the key (grader check, the student release). ---

TEST(QuizWithoutKey, WellFormedAnswersAreRecordedNotScored) {
  QuizCourse c;
  c.remove(kKeyFile);  // the release has no key: it must not be needed
  auto r = c.grade(yaml(R"(
q1_pick: c
q2_select: [b]
q3_number: 4096
q4_explain: |
  My answer.
)"),
                   false);
  ASSERT_EQ(r.size(), 4u);
  for (const auto& [name, t] : r) {
    EXPECT_EQ(t.status, TestStatus::passed) << name << ": " << t.message;
    EXPECT_DOUBLE_EQ(t.score, 0) << name;
    EXPECT_DOUBLE_EQ(t.max_score, 0) << name;
    EXPECT_TRUE(contains(t.message, "answer recorded")) << t.message;
  }
  EXPECT_TRUE(contains(r["ReviewQuiz.q1_pick"].message, "when you submit"));
}

TEST(QuizWithoutKey, FormErrorsAndUnansweredQuestionsStillShow) {
  QuizCourse c;
  c.remove(kKeyFile);
  // The starter's empty values give the forms: "" one letter, [] letters, null a number, | text.
  auto r = c.grade(yaml(R"(
q1_pick: "b and c"
q2_select: [a, 42]
q3_number: sixty-four
)"),
                   false);
  EXPECT_EQ(r["ReviewQuiz.q1_pick"].status, TestStatus::failed);
  // Without the key the options are unknown: any single letter is well-formed.
  EXPECT_EQ(r["ReviewQuiz.q1_pick"].message, "quiz/answers.yaml:1: 'b and c' is not a choice letter; write just one letter");
  EXPECT_EQ(c.grade("q1_pick: z\n", false)["ReviewQuiz.q1_pick"].status, TestStatus::passed);
  EXPECT_EQ(r["ReviewQuiz.q2_select"].status, TestStatus::failed);
  EXPECT_TRUE(contains(r["ReviewQuiz.q2_select"].message, "'42' is not a choice letter")) << r["ReviewQuiz.q2_select"].message;
  EXPECT_EQ(r["ReviewQuiz.q3_number"].status, TestStatus::failed);
  EXPECT_TRUE(contains(r["ReviewQuiz.q3_number"].message, "is not a number")) << r["ReviewQuiz.q3_number"].message;
  EXPECT_EQ(r["ReviewQuiz.q4_explain"].status, TestStatus::not_implemented);
  for (const auto& [name, t] : r) EXPECT_DOUBLE_EQ(t.max_score, 0) << name;
  // Free text may be anything, even a single letter.
  EXPECT_EQ(c.grade("q4_explain: b\n", false)["ReviewQuiz.q4_explain"].status, TestStatus::passed);
}

// --- The handout: question forms instead of the key. ---

// A handout's starter/ is the student's workspace: once answered, its values
// no longer say which form each question takes, so the forms file must.
TEST(QuizWithoutKey, TheHandoutsQuestionFormsAcceptRightAnswersOfEveryType) {
  QuizCourse c;
  const std::string forms = gr::question_forms_text(c.course(), c.exercise());
  c.write("lessons/quiz/review-quiz.questions.yaml", forms);
  c.remove(kKeyFile);
  c.write("starter/" + kAnswerFile, kAllRight);  // the student answered in place
  c.exercise().question_forms = "lessons/quiz/review-quiz.questions.yaml";
  auto r = c.grade(kAllRight, false);
  ASSERT_EQ(r.size(), 4u);
  for (const auto& [name, t] : r) {
    EXPECT_EQ(t.status, TestStatus::passed) << name << ": " << t.message;
    EXPECT_DOUBLE_EQ(t.max_score, 0) << name;
  }
  // The forms know the options: a letter outside them is a form error.
  auto wrong = c.grade(with_answer("q1_pick", "z"), false)["ReviewQuiz.q1_pick"];
  EXPECT_EQ(wrong.status, TestStatus::failed);
  EXPECT_TRUE(contains(wrong.message, "not one of the choices (a, b, c, d)")) << wrong.message;
  // A number where a letter belongs, and a letter where a number belongs.
  EXPECT_EQ(c.grade(with_answer("q1_pick", "64"), false)["ReviewQuiz.q1_pick"].status, TestStatus::failed);
  EXPECT_EQ(c.grade(with_answer("q3_number", "b"), false)["ReviewQuiz.q3_number"].status, TestStatus::failed);
}

TEST(QuizWithoutKey, QuestionFormsCarryTypesAndOptionsButNoAnswers) {
  QuizCourse c;
  const std::string forms = gr::question_forms_text(c.course(), c.exercise());
  const YAML::Node questions = YAML::Load(forms)["questions"];
  ASSERT_TRUE(questions.IsMap()) << forms;
  std::vector<std::string> ids, types;
  for (const auto& q : questions) {
    ids.push_back(q.first.Scalar());
    types.push_back(q.second["type"].Scalar());
    for (const char* secret : {"answer", "tolerance", "feedback", "rubric"})
      EXPECT_FALSE(q.second[secret]) << q.first.Scalar() << " carries '" << secret << "':\n" << forms;
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"q1_pick", "q2_select", "q3_number", "q4_explain"}));
  EXPECT_EQ(types, (std::vector<std::string>{"choice", "choices", "numeric", "free_text"}));
  EXPECT_EQ(questions["q2_select"]["options"].size(), 5u);
  for (const char* text : {"Re-read section one", "Recompute", "anything sensible", "64"})
    EXPECT_FALSE(contains(forms, text)) << text << " leaks into:\n" << forms;
}

// --- The course's own files. ---

TEST(QuizKey, AMalformedKeyIsACourseErrorNamingFileAndLine) {
  QuizCourse c;
  auto error_of = [&](const std::string& key) -> std::string {
    c.write(kKeyFile, key);
    try {
      c.grade(kAllRight);
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "(no error)";
  };
  std::string e = error_of("questions:\n  q1_pick: [b\n");
  EXPECT_EQ(e.rfind(kKeyFile + ":3:", 0), 0u) << e;
  EXPECT_TRUE(contains(e, "fix the answer key")) << e;

  e = error_of("questions:\n  q1_pick:\n    type: choice\n    options: [a, b]\n    feedback: x\n");
  EXPECT_EQ(e.rfind(kKeyFile + ":3:", 0), 0u) << e;
  EXPECT_TRUE(contains(e, "question 'q1_pick' has no 'answer'")) << e;

  e = error_of("questions:\n  q3_number:\n    type: numeric\n    answer: 64\n    tolerence: 1\n    feedback: x\n");
  EXPECT_EQ(e.rfind(kKeyFile + ":5:5: unknown field", 0), 0u) << e;

  e = error_of("questions:\n  q1_pick:\n    type: choice\n    options: [a, b]\n    answer: c\n    feedback: x\n");
  EXPECT_EQ(e.rfind(kKeyFile + ":5:13: ", 0), 0u) << e;

  e = error_of("# nothing yet\n");
  EXPECT_TRUE(contains(e, "expected a mapping 'questions:'")) << e;

  c.remove(kKeyFile);
  try {
    c.grade(kAllRight);
    ADD_FAILURE() << "a quiz must not be graded without its key";
  } catch (const std::runtime_error& missing) {
    EXPECT_EQ(std::string(missing.what()).rfind(kKeyFile + ": cannot be read", 0), 0u) << missing.what();
  }
}

#ifdef COURSE_SOURCE_DIR
// The course's review quiz, graded from its real files.
class ReviewQuizContent : public ::testing::Test {
 protected:
  void SetUp() override {
    course_.root = COURSE_SOURCE_DIR;
    if (!fs::exists(course_.root / key_) || !fs::exists(course_.root / "solutions" / file_))
      GTEST_SKIP() << "the answer key and reference answers are instructor-only files";
    lesson_.id = "review-quiz";
    exercise_.id = "review-quiz";
    exercise_.kind = gc::ExerciseKind::quiz;
    exercise_.files = {file_};
    exercise_.answer_key = key_;
    exercise_.points = 25;  // the exercise total in course.yaml
  }

  std::vector<gr::TestResult> grade_folder(const fs::path& folder, bool with_key = true) const {
    std::ifstream in(folder / file_, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return grade_text(text.str(), with_key);
  }

  std::vector<gr::TestResult> grade_text(const std::string& answers, bool with_key = true) const {
    gr::CollectedFiles files;
    files.files.emplace_back(file_, answers);
    return gr::grade_quiz(course_, lesson_, exercise_, files, with_key);
  }

  // A mutant's answers: the reference answers with its change.patch applied.
  std::string mutant_answers(const fs::path& mutant_folder) const {
    const auto changed = grader::validate::mutant_files(course_.root / "solutions", mutant_folder);
    const auto it = changed.find(file_);
    return it == changed.end() ? std::string() : it->second;
  }

  const std::string file_ = "review-quiz/answers.yaml";
  const std::string key_ = "tests/hidden/review-quiz/answer_key.yaml";
  gc::Course course_;
  gc::Lesson lesson_;
  gc::Exercise exercise_;
};

TEST_F(ReviewQuizContent, ReferenceScoresFullMarksOnEveryAutoGradedQuestion) {
  auto results = grade_folder(course_.root / "solutions");
  ASSERT_GE(results.size(), 10u);
  double max = 0;
  int pending = 0;
  for (const auto& t : results) {
    max += t.max_score;
    if (t.status == TestStatus::pending_review) {
      ++pending;
      EXPECT_GT(t.message.size(), 100u) << t.name << ": a sample answer of a few sentences";
      continue;
    }
    EXPECT_EQ(t.status, TestStatus::passed) << t.name << ": " << t.message;
    EXPECT_DOUBLE_EQ(t.score, t.max_score) << t.name;
  }
  EXPECT_GE(pending, 1);
  EXPECT_NEAR(max, 25, 1e-9);
  // The key's points add up to the exercise total, so no question's worth is rescaled.
  YAML::Node key = YAML::LoadFile((course_.root / key_).string());
  double key_points = 0;
  for (const auto& q : key["questions"]) key_points += q.second["points"].as<double>();
  EXPECT_DOUBLE_EQ(key_points, 25);
}

TEST_F(ReviewQuizContent, StarterIsUnansweredAndItsFormsMatchTheKey) {
  auto starter = grade_folder(course_.root / "starter");
  for (const auto& t : starter) EXPECT_EQ(t.status, TestStatus::not_implemented) << t.name;
  // The reference read without the key, by the starter's forms only: all well-formed,
  // and the same questions in the same order as the key.
  auto keyed = grade_folder(course_.root / "solutions");
  auto forms = grade_folder(course_.root / "solutions", false);
  ASSERT_EQ(forms.size(), keyed.size());
  for (std::size_t i = 0; i < forms.size(); ++i) {
    EXPECT_EQ(forms[i].name, keyed[i].name);
    EXPECT_EQ(forms[i].status, TestStatus::passed) << forms[i].name << ": " << forms[i].message;
  }
  // Free text in the key is free text in the starter (its pending answers are the same questions).
  YAML::Node key = YAML::LoadFile((course_.root / key_).string());
  for (const auto& t : keyed) {
    const std::string id = t.name.substr(t.name.find('.') + 1);
    EXPECT_EQ(t.status == TestStatus::pending_review, key["questions"][id]["type"].as<std::string>() == "free_text") << id;
  }
}

TEST_F(ReviewQuizContent, EveryMutantFailsItsQuestionsAndTogetherTheyCoverEveryAutoGradedOne) {
  const fs::path mutants = course_.root / "tests/mutants/review-quiz";
  ASSERT_TRUE(fs::is_directory(mutants));
  std::set<std::string> auto_graded, caught;
  for (const auto& t : grade_folder(course_.root / "solutions"))
    if (t.status == TestStatus::passed) auto_graded.insert(t.name);
  int count = 0;
  for (const auto& dir : fs::directory_iterator(mutants)) {
    YAML::Node spec = YAML::LoadFile((dir.path() / "mutant.yaml").string());
    const std::string name = dir.path().filename().string();
    const bool variant = spec["kind"].as<std::string>() == "variant";
    std::set<std::string> must_fail;
    if (spec["must_fail"])
      for (const auto& n : spec["must_fail"]) must_fail.insert(n.as<std::string>());
    EXPECT_TRUE(variant || !must_fail.empty()) << name;
    const std::string answers = mutant_answers(dir.path());
    EXPECT_FALSE(answers.empty()) << name << "'s patch does not change " << file_;
    for (const auto& t : grade_text(answers)) {
      if (!auto_graded.count(t.name)) continue;
      if (must_fail.count(t.name)) {
        EXPECT_EQ(t.status, TestStatus::failed) << name << " should fail " << t.name;
        caught.insert(t.name);
      } else {
        // One misconception per mutant: everything else stays right.
        EXPECT_EQ(t.status, TestStatus::passed) << name << ": " << t.name << ": " << t.message;
      }
    }
    ++count;
  }
  EXPECT_GE(count, 5);
  for (const auto& q : auto_graded) EXPECT_TRUE(caught.count(q)) << q << " is failed by no mutant";
}

TEST_F(ReviewQuizContent, TheReadmeAndTheStarterShowEveryQuestion) {
  std::ifstream readme_in(course_.root / "lessons/review-quiz/README.md");
  std::ifstream starter_in(course_.root / "starter" / file_);
  std::stringstream readme, starter;
  readme << readme_in.rdbuf();
  starter << starter_in.rdbuf();
  YAML::Node key = YAML::LoadFile((course_.root / key_).string());
  for (const auto& q : key["questions"]) {
    const std::string id = q.first.as<std::string>();
    EXPECT_TRUE(contains(readme.str(), "`" + id + "`")) << id << " is not in the README";
    EXPECT_TRUE(contains(starter.str(), "\n" + id + ":")) << id << " is not in the starter";
  }
}
#endif

}  // namespace
