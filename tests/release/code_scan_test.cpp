// The release scan for reference code (grader/release/code_scan.hpp): the
// function parser, rule 1 (exercise names) and rule 2 (token similarity),
// on the real course and on copies of its references planted in its files.
// RESEMBLANCE_TABLE=1 prints the measurements docs/release.md quotes.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <regex>
#include <string>

#include "grader/course/loader.hpp"
#include "grader/release/code_scan.hpp"
#include "grader/release/contents.hpp"
#include "grader/util/files.hpp"
#include "grader/validate/mutant_workspace.hpp"

namespace {

namespace fs = std::filesystem;
namespace rel = grader::release;

const fs::path kCourse = COURSE_SOURCE_DIR;

grader::course::Course real_course() { return grader::course::load_course(kCourse / "course.yaml"); }

std::string source(const std::string& rel_path) { return grader::util::read_file(kCourse / rel_path); }

// The LeakError message for the real handout plus `planted` at `path`, or "" when accepted.
std::string refusal(const std::string& path, const std::string& planted) {
  const auto course = real_course();
  rel::Contents contents = rel::student_contents(course);
  contents.put_text(path, planted);
  try {
    rel::check_no_reference_code(course, contents);
  } catch (const rel::LeakError& e) {
    return e.what();
  }
  return "";
}

const rel::CodeUnit* unit_named(const std::vector<rel::CodeUnit>& units, const std::string& name) {
  for (const auto& u : units)
    if (u.name == name) return &u;
  return nullptr;
}

// softmax_rows of the reference with every name changed and other comments.
std::string renamed_softmax() {
  std::string s = source("solutions/attention/softmax.cpp");
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{{"softmax_rows", "row_probabilities"},
                                                                                 {"weights", "probs"},
                                                                                 {"scores", "logits"},
                                                                                 {"row_max", "peak"},
                                                                                 {"total", "norm"},
                                                                                 {"\\br\\b", "i"},
                                                                                 {"\\bc\\b", "j"}})
    s = std::regex_replace(s, std::regex(from), to);
  s = std::regex_replace(s, std::regex("//[^\n]*"), "// normalise each row so it sums to one");
  s = std::regex_replace(s, std::regex("namespace course \\{"), "namespace course::pictures {");
  return s;
}

}  // namespace

TEST(CodeUnits, FindsFunctionsMethodsAndTheirNamespaces) {
  const auto units = rel::code_units(R"(
#include "x.hpp"
namespace course {
namespace {
float helper(float x) { return x * 2; }
}  // namespace
struct Box {
  int size() const { return n_; }
  int n_{3};
};
MultiHeadAttention::MultiHeadAttention(Index e, Index h) : e_(e), h_{h} { check(e); }
std::pair<Tensor, Tensor> MultiHeadAttention::operator()(const Tensor& x) const { return forward(x); }
static int hidden() { return 1; }
MatrixXf softmax_rows(const MatrixXf& s) {
  (void)s;
  throw not_implemented("softmax_rows", "lesson attention");
}
const auto lambda = [](int v) { return v + 1; };
}  // namespace course
int global(int a) { if (a) { return 1; } return 0; }
)");
  const auto* helper = unit_named(units, "helper");
  ASSERT_NE(helper, nullptr);
  EXPECT_FALSE(helper->external);
  EXPECT_EQ(helper->top_namespace, "course");
  EXPECT_EQ(helper->line, 5);
  ASSERT_NE(unit_named(units, "Box::size"), nullptr);
  const auto* ctor = unit_named(units, "MultiHeadAttention::MultiHeadAttention");
  ASSERT_NE(ctor, nullptr);
  EXPECT_TRUE(ctor->external);
  EXPECT_FALSE(ctor->stub);
  ASSERT_NE(unit_named(units, "MultiHeadAttention::operator()"), nullptr);
  EXPECT_FALSE(unit_named(units, "hidden")->external);
  const auto* stub = unit_named(units, "softmax_rows");
  ASSERT_NE(stub, nullptr);
  EXPECT_TRUE(stub->stub);
  EXPECT_EQ(stub->top_namespace, "course");
  ASSERT_NE(unit_named(units, "(code)"), nullptr);  // the lambda's body
  const auto* global = unit_named(units, "global");
  ASSERT_NE(global, nullptr);
  EXPECT_EQ(global->top_namespace, "");
  EXPECT_EQ(unit_named(units, "if"), nullptr);
}

TEST(CodeUnits, RenamingAndCommentsDoNotChangeTheNormalizedBody) {
  const auto a = rel::code_units(source("solutions/attention/softmax.cpp"));
  const auto b = rel::code_units(renamed_softmax());
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(a[0].normalized, b[0].normalized);
  EXPECT_DOUBLE_EQ(rel::resemblance(b[0], a[0]), 1.0);
}

TEST(ReferenceCodeScan, TheRealHandoutHasNoReferenceCode) {
  const auto course = real_course();
  const rel::Contents contents = rel::student_contents(course);
  EXPECT_NO_THROW(rel::check_no_reference_code(course, contents));
  const auto table = rel::measure_resemblance(course, contents);
  const bool print = std::getenv("RESEMBLANCE_TABLE") != nullptr;
  int shown = 0;
  for (const auto& r : table) {
    if (r.own_starter) continue;
    EXPECT_LT(r.score, rel::kThreshold) << r.file << ":" << r.line << " " << r.unit << " ~ " << r.reference;
    if (print && shown++ < 15)
      std::cout << "handout " << r.score << "  " << r.file << ":" << r.line << " " << r.unit << "  ~ " << r.reference
                << "\n";
  }
  if (print) std::cout << table.size() << " bodies in the handout\n";
  if (print)
    for (const auto& r : table)
      if (r.own_starter)
        std::cout << "own starter " << r.score << "  " << r.file << ":" << r.line << " " << r.unit << "\n";
}

// Honest implementations written differently (the `variant`s of
// tests/mutants, each solutions/ with its change.patch) against the reference they replace.
TEST(ReferenceCodeScan, HonestVariantsScoreBelowTheThreshold) {
  const auto course = real_course();
  std::error_code ec;
  int variants = 0;
  for (auto it = fs::recursive_directory_iterator(kCourse / "tests/mutants", ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->path().filename() != "mutant.yaml") continue;
    if (grader::util::read_file(it->path()).find("kind: variant") == std::string::npos) continue;
    const fs::path folder = it->path().parent_path();
    for (const auto& [workspace, text] : grader::validate::mutant_files(kCourse / "solutions", folder)) {
      if (fs::path(workspace).extension() != ".cpp") continue;
      const fs::path reference = kCourse / "solutions" / workspace;
      if (!fs::exists(reference)) continue;
      const auto refs = rel::code_units(grader::util::read_file(reference));
      for (const auto& unit : rel::code_units(text)) {
        const auto* ref = unit_named(refs, unit.name);
        if (!ref || !unit.function) continue;
        const double score = rel::resemblance(unit, *ref);
        ++variants;
        if (std::getenv("RESEMBLANCE_TABLE"))
          std::cout << "variant " << score << "  " << fs::relative(folder, kCourse).string() << "/" << workspace << " "
                    << unit.name << "\n";
      }
    }
  }
  EXPECT_GT(variants, 10);
}

TEST(ReferenceCodeScan, RefusesACopyOfAReferenceFunctionInAPictureFile) {
  const std::string copy = source("solutions/attention/softmax.cpp");
  const std::string message = refusal("lessons/pictures/head_weights.cpp", copy);
  EXPECT_NE(message.find("lessons/pictures/head_weights.cpp:8: defines `softmax_rows`"), std::string::npos) << message;
  EXPECT_NE(message.find("solutions/attention/softmax.cpp"), std::string::npos) << message;
  EXPECT_NE(message.find("run `grader release` again"), std::string::npos) << message;
}

TEST(ReferenceCodeScan, RefusesARenamedRecommentedCopyBySimilarity) {
  const std::string message = refusal("lessons/pictures/row_weights.cpp", renamed_softmax());
  EXPECT_NE(message.find("lessons/pictures/row_weights.cpp:8: `row_probabilities` is 100% the same code as the "
                         "reference solutions/attention/softmax.cpp: softmax_rows"),
            std::string::npos)
      << message;
}

TEST(ReferenceCodeScan, RefusesAnExerciseFunctionDefinedInACourseFileWhateverItsBody) {
  const std::string planted =
      "#include \"positional-encoding/positional_encoding.hpp\"\n"
      "namespace course::pictures {\nnamespace {\n"
      "MatrixXd positional_encoding(Index n, Index d, double) { return MatrixXd::Zero(n, d); }\n"
      "}\n}\n";
  const std::string message = refusal("lessons/pictures/encoding_picture.cpp", planted);
  EXPECT_NE(message.find("lessons/pictures/encoding_picture.cpp:4: defines `positional_encoding`"), std::string::npos)
      << message;
}

TEST(ReferenceCodeScan, AStarterMayHoldAStubOrARepairButNotTheReference) {
  // The reference in its own starter file: refused.
  std::string message =
      refusal("starter/attention/softmax.cpp", source("solutions/attention/softmax.cpp"));
  EXPECT_NE(message.find("starter/attention/softmax.cpp:8: `softmax_rows` is the reference solution"), std::string::npos)
      << message;
  // Another exercise's function in a starter: refused even as a stub.
  message = refusal("starter/attention/masks.cpp",
                    source("starter/attention/masks.cpp") + "\nnamespace course {\nMatrixXf softmax_rows(const "
                                                             "MatrixXf& s) { (void)s; throw 1; }\n}\n");
  EXPECT_NE(message.find("starter/attention/masks.cpp:"), std::string::npos) << message;
  EXPECT_NE(message.find("defines `softmax_rows`"), std::string::npos) << message;
  // The shipped starters (stubs, and the broken code of the repair exercises) are fine.
  EXPECT_EQ(refusal("lessons/README-extra.md", "nothing"), "");
}
