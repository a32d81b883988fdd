// One bug, one exercise, inside a lesson: an exercise whose code calls
// another exercise's function of the same lesson (course.yaml, an exercise's
// `uses`: encoder-stack calls encoder_layer and layer_norm, encoder-layer
// calls layer_norm and feed_forward) is graded in `grade` against the
// reference behaviour of the called function, served from the trusted side.
// A wrong encoder_layer (wrong numbers, a throw, a crash, the starter's stub)
// or layer_norm costs its own exercise's points only; a wrong encoder_stack
// still costs encoder-stack's; with `mode: student` encoder-stack runs the
// student's own encoder_layer again.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <algorithm>
#include <map>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "integration/grader_run.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace grader_test;

const fs::path kCourse = COURSE_SOURCE_DIR;
constexpr auto kBound = std::chrono::seconds(600);

// The solutions with `file` (under encoder-block/) edited by `edit`.
fs::path workspace(const fs::path& into, const std::string& file, const std::string& old_text,
                   const std::string& new_text) {
  fs::copy(kCourse / "solutions", into, fs::copy_options::recursive);
  const fs::path path = into / "encoder-block" / file;
  std::string text = read_text(path);
  const auto at = text.find(old_text);
  if (at == std::string::npos) throw std::runtime_error(file + " no longer holds: " + old_text);
  text.replace(at, old_text.size(), new_text);
  write_text(path, text);
  return into;
}

const std::string kLayerHead = "Tensor encoder_layer(const Tensor& src, const EncoderLayerParameters& layer, "
                               "const EncoderConfig& config,\n                     const EncoderMasks& masks) {";

// A wrong encoder_layer, each kind of wrong the grader tells apart.
fs::path wrong_layer(const fs::path& into, const std::string& kind) {
  if (kind == "starter") {
    fs::copy(kCourse / "solutions", into, fs::copy_options::recursive);
    fs::copy_file(kCourse / "starter/encoder-block/encoder_layer.cpp", into / "encoder-block/encoder_layer.cpp",
                  fs::copy_options::overwrite_existing);
    return into;
  }
  std::string first;  // the body's new first statement
  if (kind == "numbers")  // the pre-norm feed-forward residual from the wrong stream
    return workspace(into, "encoder_layer.cpp", "return add(x, ff(layer_norm(x, layer.norm2)));",
                     "return add(src, ff(layer_norm(x, layer.norm2)));");
  if (kind == "throws") first = "if (src.size() > 0) throw std::runtime_error(\"encoder_layer is unfinished\");";
  if (kind == "crashes") first = "if (src.size() > 0) { volatile int* volatile nowhere = nullptr; *nowhere = 1; }";
  return workspace(into, "encoder_layer.cpp", kLayerHead, kLayerHead + "\n  " + first);
}

json grade(const fs::path& ws, GraderRun& run, const fs::path& course = kCourse) {
  run = run_grader({"--no-color", "-j", "2", "--course", course.string(), "grade", ws.string(), "--lesson",
                    "encoder-block", "--format", "json"},
                   kBound);
  try {
    return json::parse(run.out);
  } catch (const json::exception& e) {
    ADD_FAILURE() << "grade did not print JSON (" << e.what() << "): " << describe(run);
    return json::object({{"lessons", json::array()}});
  }
}

// Exercise id -> {score, max} summed over its tests; failing tests named in `failing`.
struct ExerciseScore {
  double score = 0, max = 0;
  std::vector<std::string> failing;
};
std::map<std::string, ExerciseScore> by_exercise(const json& report) {
  std::map<std::string, ExerciseScore> out;
  for (const auto& l : report.at("lessons"))
    for (const auto& t : l.at("tests")) {
      auto& e = out[t.at("exercise").get<std::string>()];
      e.score += t.at("score").get<double>();
      e.max += t.at("max_score").get<double>();
      if (t.at("status") != "passed")
        e.failing.push_back(t.at("name").get<std::string>() + ": " + t.at("message").get<std::string>().substr(0, 300));
    }
  return out;
}

void expect_only(const json& report, const std::string& losing, const std::string& bug) {
  const auto scores = by_exercise(report);
  ASSERT_EQ(scores.size(), 4u) << "encoder-block has four exercises: " << report.dump().substr(0, 2000);
  for (const auto& [exercise, s] : scores) {
    ASSERT_GT(s.max, 0) << exercise;
    if (exercise == losing) {
      EXPECT_LT(s.score, s.max) << exercise << " kept every point with " << bug;
    } else {
      EXPECT_DOUBLE_EQ(s.score, s.max) << exercise << " lost points for " << bug << ": "
                                       << (s.failing.empty() ? "" : s.failing.front());
    }
  }
}

// The course with course.yaml's `from` replaced by `to`; everything else linked.
class EditedCourse {
 public:
  EditedCourse(const std::string& from, const std::string& to) {
    for (const auto& entry : fs::directory_iterator(kCourse)) {
      const std::string name = entry.path().filename().string();
      if (name == "course.yaml" || name.rfind("build", 0) == 0 || name == ".git") continue;
      fs::create_directory_symlink(entry.path(), scratch_.path() / name);
    }
    std::string yaml = read_text(kCourse / "course.yaml");
    const auto at = yaml.find(from);
    if (at == std::string::npos) throw std::runtime_error("course.yaml no longer says " + from);
    yaml.replace(at, from.size(), to);
    write_text(scratch_.path() / "course.yaml", yaml);
  }
  fs::path root() const { return scratch_.path(); }

 private:
  ScratchDir scratch_;
};

const std::string kStackUses = "uses: [layer-norm, encoder-layer]";

class WrongEncoderLayer : public ::testing::TestWithParam<std::string> {};

TEST_P(WrongEncoderLayer, CostsOnlyEncoderLayerPoints) {
  ScratchDir scratch;
  GraderRun run;
  const json report = grade(wrong_layer(scratch.path() / "ws", GetParam()), run);
  EXPECT_EQ(run.exit_code, 1) << describe(run);
  expect_only(report, "encoder-layer", "an encoder_layer that " + GetParam());
}

INSTANTIATE_TEST_SUITE_P(Kinds, WrongEncoderLayer, ::testing::Values("numbers", "throws", "crashes", "starter"));

TEST(ServedExercises, WrongLayerNormCostsOnlyLayerNormPoints) {
  ScratchDir scratch;
  GraderRun run;
  // The unbiased variance: wrong numbers wherever a norm is applied.
  const fs::path ws = workspace(scratch.path() / "ws", "layer_norm.cpp", "(in.row(r).array() - mean).square().mean();",
                                "(in.row(r).array() - mean).square().sum() / static_cast<float>(e - 1);");
  const json report = grade(ws, run);
  expect_only(report, "layer-norm", "a layer_norm with the unbiased variance");
}

TEST(ServedExercises, WrongEncoderStackStillCostsEncoderStackPoints) {
  ScratchDir scratch;
  GraderRun run;
  const fs::path ws = workspace(scratch.path() / "ws", "encoder_stack.cpp",
                                "x.matrix({b}) = embeddings.matrix({b}) * scale + positions;",
                                "x.matrix({b}) = embeddings.matrix({b}) + positions;");
  const json report = grade(ws, run);
  expect_only(report, "encoder-stack", "an encoder_input without the scale");
}

TEST(ServedExercises, StudentModeGradesEncoderStackWithTheStudentsEncoderLayer) {
  EditedCourse course(kStackUses, "uses: [layer-norm, {exercise: encoder-layer, mode: student}]");
  ScratchDir scratch;
  GraderRun run;
  const json report = grade(wrong_layer(scratch.path() / "ws", "numbers"), run, course.root());
  const auto scores = by_exercise(report);
  ASSERT_TRUE(scores.count("encoder-stack")) << describe(run);
  EXPECT_LT(scores.at("encoder-layer").score, scores.at("encoder-layer").max);
  EXPECT_LT(scores.at("encoder-stack").score, scores.at("encoder-stack").max)
      << "mode: student, yet encoder-stack did not run the student's wrong encoder_layer";
  EXPECT_DOUBLE_EQ(scores.at("layer-norm").score, scores.at("layer-norm").max);
}

TEST(ServedExercises, ReferenceSolutionsKeepFullMarks) {
  GraderRun run;
  const json report = grade(kCourse / "solutions", run);
  EXPECT_EQ(run.exit_code, 0) << describe(run);
  for (const auto& [exercise, s] : by_exercise(report))
    EXPECT_DOUBLE_EQ(s.score, s.max) << exercise << ": " << (s.failing.empty() ? "" : s.failing.front());
}

// The loader rejects a wrong declaration at its place in course.yaml.
struct WrongDeclaration {
  std::string name, uses, message;
};

void PrintTo(const WrongDeclaration& d, std::ostream* os) { *os << d.uses; }

class WrongUses : public ::testing::TestWithParam<WrongDeclaration> {};

TEST_P(WrongUses, IsRejectedWithItsPlace) {
  EditedCourse course(kStackUses, GetParam().uses);
  const GraderRun run = run_grader({"--no-color", "--course", course.root().string(), "list"}, std::chrono::seconds(60));
  EXPECT_NE(run.exit_code, 0) << describe(run);
  const std::string all = run.out + run.err;
  EXPECT_NE(all.find(GetParam().message), std::string::npos) << describe(run);
  // FILE:LINE:COLUMN of the entry, on encoder-stack's `uses` line.
  const std::string yaml = read_text(course.root() / "course.yaml");
  const auto line = std::count(yaml.begin(), yaml.begin() + static_cast<long>(yaml.find(GetParam().uses)), '\n') + 1;
  EXPECT_NE(all.find("course.yaml:" + std::to_string(line) + ":"), std::string::npos)
      << "no problem at line " << line << ": " << describe(run);
}

INSTANTIATE_TEST_SUITE_P(
    Declarations, WrongUses,
    ::testing::Values(
        WrongDeclaration{"unknown", "uses: [layer-norm, encoder-layr]",
                         "exercise 'encoder-stack' uses unknown exercise 'encoder-layr'; did you mean 'encoder-layer'?"},
        WrongDeclaration{"other_lesson", "uses: [layer-norm, mha-combine]",
                         "exercise 'encoder-stack' uses exercise 'mha-combine' of lesson 'multi-head-attention'"},
        WrongDeclaration{"itself", "uses: [encoder-stack]", "exercise 'encoder-stack' lists itself in 'uses'"},
        WrongDeclaration{"twice", "uses: [encoder-layer, encoder-layer]",
                         "exercise 'encoder-stack' lists 'encoder-layer' twice in 'uses'"},
        WrongDeclaration{"bad_mode", "uses: [{exercise: encoder-layer, mode: mine}]",
                         "must be 'reference' (grade against the other exercise's reference behaviour"},
        WrongDeclaration{"not_a_list", "uses: encoder-layer", "write it in brackets: [encoder-layer]"}),
    [](const auto& param_info) { return param_info.param.name; });

}  // namespace
