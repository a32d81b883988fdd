// Similarity hints (grader/similarity): what counts as the same code
// (renamed, re-commented, re-spaced, reordered), what does not (unrelated
// code, the starter's own code), the regions shown, and the output's safety.
#include "grader/similarity/similarity.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "grader/util/kgrams.hpp"

namespace {

namespace sim = grader::similarity;

// A student's softmax and a second function, as one file.
const std::string kSoftmax = R"(#include "attention/softmax.hpp"
#include <cmath>

namespace course {

// Subtract the row maximum first: exp of large scores overflows.
MatrixXf softmax_rows(const MatrixXf& scores) {
  MatrixXf out(scores.rows(), scores.cols());
  for (Index r = 0; r < scores.rows(); ++r) {
    float biggest = scores(r, 0);
    for (Index c = 1; c < scores.cols(); ++c) biggest = std::max(biggest, scores(r, c));
    float total = 0.0f;
    for (Index c = 0; c < scores.cols(); ++c) {
      out(r, c) = std::exp(scores(r, c) - biggest);
      total += out(r, c);
    }
    for (Index c = 0; c < scores.cols(); ++c) out(r, c) /= total;
  }
  return out;
}

MatrixXf masked_fill(const MatrixXf& scores, const MatrixXb& mask, float value) {
  MatrixXf out = scores;
  for (Index r = 0; r < scores.rows(); ++r)
    for (Index c = 0; c < scores.cols(); ++c)
      if (mask(r, c)) out(r, c) = value;
  return out;
}

}  // namespace course
)";

// The same code: other names, other comments, other spacing.
const std::string kRenamed = R"(#include "attention/softmax.hpp"
#include <cmath>
namespace course {
/* my own work, honestly */
MatrixXf softmax_rows(const MatrixXf& s)
{
  MatrixXf y(s.rows(), s.cols());
  for (Index i = 0; i < s.rows(); ++i)
  {
    float m = s(i, 0);   // max
    for (Index j = 1; j < s.cols(); ++j) m = std::max(m, s(i, j));
    float z = 0.0f;
    for (Index j = 0; j < s.cols(); ++j)
    {
      y(i, j) = std::exp(s(i, j) - m);
      z += y(i, j);
    }
    for (Index j = 0; j < s.cols(); ++j) y(i, j) /= z;
  }
  return y;
}
MatrixXf masked_fill(const MatrixXf& a, const MatrixXb& keep, float v) {
  MatrixXf b = a;
  for (Index i = 0; i < a.rows(); ++i)
    for (Index j = 0; j < a.cols(); ++j)
      if (keep(i, j)) b(i, j) = v;
  return b;
}
}
)";

// The two functions in the other order.
const std::string kReordered = R"(#include "attention/softmax.hpp"
#include <cmath>

namespace course {

MatrixXf masked_fill(const MatrixXf& scores, const MatrixXb& mask, float value) {
  MatrixXf out = scores;
  for (Index r = 0; r < scores.rows(); ++r)
    for (Index c = 0; c < scores.cols(); ++c)
      if (mask(r, c)) out(r, c) = value;
  return out;
}

MatrixXf softmax_rows(const MatrixXf& scores) {
  MatrixXf out(scores.rows(), scores.cols());
  for (Index r = 0; r < scores.rows(); ++r) {
    float biggest = scores(r, 0);
    for (Index c = 1; c < scores.cols(); ++c) biggest = std::max(biggest, scores(r, c));
    float total = 0.0f;
    for (Index c = 0; c < scores.cols(); ++c) {
      out(r, c) = std::exp(scores(r, c) - biggest);
      total += out(r, c);
    }
    for (Index c = 0; c < scores.cols(); ++c) out(r, c) /= total;
  }
  return out;
}

}  // namespace course
)";

// Another way to the same result: vectorised Eigen, no loops.
const std::string kUnrelated = R"(#include "attention/softmax.hpp"

namespace course {

MatrixXf softmax_rows(const MatrixXf& scores) {
  const Eigen::VectorXf row_max = scores.rowwise().maxCoeff();
  MatrixXf shifted = (scores.colwise() - row_max).array().exp().matrix();
  const Eigen::VectorXf sums = shifted.rowwise().sum();
  return sums.asDiagonal().inverse() * shifted;
}

MatrixXf masked_fill(const MatrixXf& scores, const MatrixXb& mask, float value) {
  return mask.select(MatrixXf::Constant(scores.rows(), scores.cols(), value), scores);
}

}  // namespace course
)";

// The handout's file: the includes, the namespace and stubs.
const std::string kStarter = R"(#include "attention/softmax.hpp"
#include <cmath>

namespace course {

MatrixXf softmax_rows(const MatrixXf& scores) {
  (void)scores;
  throw not_implemented("softmax_rows", "lesson attention, exercise softmax");
}

MatrixXf masked_fill(const MatrixXf& scores, const MatrixXb& mask, float value) {
  (void)scores; (void)mask; (void)value;
  throw not_implemented("masked_fill", "lesson attention, exercise softmax");
}

}  // namespace course
)";

TEST(Winnowing, KeepsTheWindowMinimumAndGuaranteesSharedRuns) {
  // Hashes 5 3 8 3 9 1 7 with w = 3: windows' minima at 1 (3), 3 (3, rightmost), 5 (1).
  auto prints = grader::util::winnow({5, 3, 8, 3, 9, 1, 7}, 3);
  ASSERT_EQ(prints.size(), 3u);
  EXPECT_EQ(prints[0].position, 1u);
  EXPECT_EQ(prints[1].position, 3u);
  EXPECT_EQ(prints[2].position, 5u);
  EXPECT_EQ(prints[2].hash, 1u);
  // Fewer hashes than a window: their minimum.
  auto few = grader::util::winnow({4, 2}, 8);
  ASSERT_EQ(few.size(), 1u);
  EXPECT_EQ(few[0].hash, 2u);
  EXPECT_TRUE(grader::util::winnow({}, 4).empty());
  // k-grams: one per position, and the same tokens give the same hash wherever they are.
  auto h = grader::util::kgram_hashes({"a", "b", "c", "a", "b"}, 2);
  ASSERT_EQ(h.size(), 4u);
  EXPECT_EQ(h[0], h[3]);
  EXPECT_NE(h[0], h[1]);
  EXPECT_TRUE(grader::util::kgram_hashes({"a"}, 2).empty());
}

TEST(Similarity, IdenticalFilesScoreOneWithOneRegionCoveringThem) {
  auto p = sim::compare(kSoftmax, kSoftmax, kStarter);
  EXPECT_DOUBLE_EQ(p.score, 1.0);
  EXPECT_GT(p.shared, 10u);
  ASSERT_FALSE(p.regions.empty());
  EXPECT_EQ(p.regions[0].first_a, p.regions[0].first_b);
  EXPECT_EQ(p.regions[0].last_a, p.regions[0].last_b);
  // The region spans the bodies of both functions (lines 7 to 28).
  EXPECT_LE(p.regions[0].first_a, 9);
  EXPECT_GE(p.regions[0].last_a, 26);
}

TEST(Similarity, RenamedRecommentedRespacedCodeIsTheSame) {
  auto p = sim::compare(kSoftmax, kRenamed, kStarter);
  EXPECT_GE(p.score, 0.95) << p.shared << " of " << p.fingerprints_a << "/" << p.fingerprints_b;
  ASSERT_FALSE(p.regions.empty());
  // Regions are given in each file's own lines: the renamed copy is laid out differently.
  EXPECT_NE(p.regions[0].first_a, p.regions[0].first_b);
}

TEST(Similarity, ReorderedFunctionsMatchAsTwoRegions) {
  auto p = sim::compare(kSoftmax, kReordered, kStarter);
  EXPECT_GE(p.score, 0.8);
  ASSERT_GE(p.regions.size(), 2u);
  // softmax_rows is first in one file and second in the other: its region
  // starts early in a and late in b, and masked_fill the other way round.
  bool softmax = false, masked = false;
  for (const auto& r : p.regions) {
    softmax |= r.first_a < 20 && r.first_b > 13;
    masked |= r.first_a > 20 && r.first_b < 13;
  }
  EXPECT_TRUE(softmax);
  EXPECT_TRUE(masked);
}

TEST(Similarity, UnrelatedCodeScoresLow) {
  auto p = sim::compare(kSoftmax, kUnrelated, kStarter);
  EXPECT_LT(p.score, 0.2) << p.shared << " shared";
}

TEST(Similarity, TheStartersOwnCodeMatchesNobody) {
  // Two students who handed in the starter unchanged: nothing of theirs is compared.
  auto p = sim::compare(kStarter, kStarter, kStarter);
  EXPECT_EQ(p.fingerprints_a, 0u);
  EXPECT_EQ(p.shared, 0u);
  EXPECT_DOUBLE_EQ(p.score, 0.0);
  EXPECT_TRUE(p.regions.empty());
  // Without the starter removed, the same two files would match fully.
  EXPECT_DOUBLE_EQ(sim::compare(kStarter, kStarter, "").score, 1.0);
  // A student's own code next to the starter's: only the own part counts.
  auto own = sim::compare(kSoftmax, kStarter, kStarter);
  EXPECT_EQ(own.shared, 0u);
}

grader::course::Course one_file_course() {
  grader::course::Course c;
  grader::course::Lesson l;
  l.id = "attention";
  grader::course::Exercise e;
  e.id = "softmax";
  e.files = {"attention/softmax.cpp"};
  grader::course::Exercise quiz;
  quiz.id = "review";
  quiz.kind = grader::course::ExerciseKind::quiz;
  quiz.files = {"attention/answers.yaml"};
  l.exercises = {e, quiz};
  c.lessons = {l};
  return c;
}

TEST(SimilarPairs, MostSimilarFirstStarterOnlyPairsLeftOut) {
  const std::string file = "attention/softmax.cpp";
  std::vector<sim::SubmittedFiles> batch = {
      {"carol", {{file, kReordered}}}, {"alice", {{file, kSoftmax}}},   {"bob", {{file, kRenamed}}},
      {"dave", {{file, kUnrelated}}},  {"erin", {{file, kStarter}}},    {"frank", {{file, kStarter}}},
  };
  auto pairs = sim::similar_pairs(one_file_course(), batch, {{file, kStarter}});
  ASSERT_GE(pairs.size(), 3u);
  // The ids of each pair are in order; the highest score comes first.
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    EXPECT_LT(pairs[i].student_a, pairs[i].student_b);
    EXPECT_EQ(pairs[i].file, file);
    EXPECT_EQ(pairs[i].exercise, "softmax");
    if (i > 0) {
      EXPECT_GE(pairs[i - 1].score, pairs[i].score);
    }
  }
  std::set<std::string> top3;
  for (std::size_t i = 0; i < 3; ++i) top3.insert(pairs[i].student_a + "+" + pairs[i].student_b);
  EXPECT_EQ(top3, (std::set<std::string>{"alice+bob", "alice+carol", "bob+carol"}));
  // Erin and Frank handed in the starter: no pair with either of them.
  for (const auto& p : pairs) {
    EXPECT_NE(p.student_a, "erin");
    EXPECT_NE(p.student_b, "frank");
  }
  sim::Options only_one;
  only_one.top = 1;
  EXPECT_EQ(sim::similar_pairs(one_file_course(), batch, {{file, kStarter}}, only_one).size(), 1u);
  sim::Options other;
  other.exercise = "review";  // a quiz: never compared
  EXPECT_TRUE(sim::similar_pairs(one_file_course(), batch, {{file, kStarter}}, other).empty());
}

TEST(SimilarPairs, TextAndJsonShowTheRegionsSanitised) {
  const std::string file = "attention/softmax.cpp";
  // Hostile text in a comment, in a string and in a student id.
  std::string hostile = kSoftmax;
  hostile.replace(hostile.find("// Subtract"), 0, "/* \x1b[2J\x1b]0;pwned\x07 */ ");
  hostile.replace(hostile.find("float total"), 0, "const char* note = \"\x1b[31m\"; ");
  std::vector<sim::SubmittedFiles> batch = {{"alice\x1b[1m", {{file, hostile}}}, {"bob", {{file, kRenamed}}}};
  auto pairs = sim::similar_pairs(one_file_course(), batch, {{file, kStarter}});
  ASSERT_EQ(pairs.size(), 1u);
  const std::string text = sim::similarity_text(pairs, batch);
  SCOPED_TRACE(text);
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  EXPECT_EQ(text.find('\x07'), std::string::npos);
  EXPECT_NE(text.find("never a grade"), std::string::npos);
  EXPECT_NE(text.find("attention/softmax.cpp (exercise softmax)"), std::string::npos);
  EXPECT_NE(text.find("lines "), std::string::npos);
  EXPECT_NE(text.find(" | "), std::string::npos);
  // The matching lines themselves, side by side: a line of each copy on one row.
  EXPECT_NE(text.find("for (Index j = 1; j < s.cols(); ++j) m = std::max(m, s(i, j));"), std::string::npos);
  const nlohmann::json j = sim::similarity_json(pairs, batch);
  ASSERT_EQ(j["pairs"].size(), 1u);
  const auto& p = j["pairs"][0];
  EXPECT_EQ(p["a"], "alice\\x1b[1m");
  EXPECT_EQ(p["b"], "bob");
  EXPECT_GT(p["score"].get<double>(), 0.8);
  ASSERT_FALSE(p["regions"].empty());
  EXPECT_TRUE(p["regions"][0]["a"]["lines"].is_array());
  EXPECT_LE(p["regions"][0]["a"]["first"].get<int>(), p["regions"][0]["a"]["last"].get<int>());
  EXPECT_EQ(j.dump().find('\x1b'), std::string::npos);
}

}  // namespace
