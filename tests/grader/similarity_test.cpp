// Similarity hints (grader/similarity): the normalised tokens (what a
// disguise changes and the comparison does not see), greedy string tiling,
// what counts as the same code (renamed, re-commented, re-spaced,
// reordered), what does not (unrelated code, the starter's own code,
// passages the whole class wrote, files too short to judge), student pairs
// and clusters, and the output's safety. The measured evaluation on a corpus
// of honest and disguised solutions: tests/similarity/.
#include "grader/similarity/similarity.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "grader/report/csv.hpp"
#include "grader/similarity/tiling.hpp"
#include "grader/similarity/tokens.hpp"
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


std::string spelled(const std::string& code) {
  std::string out;
  for (const auto& t : sim::normal_tokens(code)) out += (out.empty() ? "" : " ") + t.text;
  return out;
}

TEST(NormalTokens, ForAndWhileAreOneLoopShape) {
  const std::string for_loop = "void f(int n) { int s = 0; for (int i = 0; i < n; ++i) { s += g(i); } h(s); }";
  const std::string while_loop = "void f(int n) { int s = 0; int i = 0; while (i < n) { s = s + g(i); i++; } h(s); }";
  EXPECT_EQ(spelled(for_loop), spelled(while_loop));
  EXPECT_NE(spelled(for_loop).find("LOOP"), std::string::npos);
  // A body without braces ends at its statement; the step comes after it.
  EXPECT_EQ(spelled("for (i = 0; i < n; ++i) a(i); b();"), spelled("i = 0; while (i < n) { a(i); ++i; } b();"));
  // A range for and a do-while are loops too, not their keywords.
  EXPECT_EQ(spelled("for (auto x : v) use(x);").substr(0, 4), "LOOP");
  EXPECT_EQ(spelled("do { x(); } while (k < 3);"), "LOOP I < N I ( )");
  // Nested loops keep their order: the inner loop's step stays inside the outer body.
  EXPECT_EQ(spelled("for (a = 0; a < n; ++a) for (b = 0; b < m; ++b) z(a, b);"),
            "I = N LOOP I < I I = N LOOP I < I I ( I , I ) ++ I ++ I");
}

TEST(NormalTokens, NamesLiteralsQualifiersChecksAndIncludesAreNotSeen) {
  EXPECT_EQ(spelled("const double total = std::exp(x) + this->y;"), spelled("auto s = exp(value) + y;"));
  EXPECT_EQ(spelled("x += 2;"), spelled("x = x + 7;"));
  EXPECT_EQ(spelled("k++;"), spelled("++k;"));
  EXPECT_EQ(spelled("a = static_cast<double>(i) / double(n);"), spelled("a = (i) / (n);"));
  EXPECT_EQ(spelled("return float(x);"), spelled("return static_cast<float>(x);"));
  // #include lines, and the argument checks the headers ask for with their messages.
  EXPECT_EQ(spelled("#include <cmath>\n#include \"x.hpp\"\nint f() { return 1; }"), "I I ( ) return N");
  EXPECT_EQ(spelled("if (n < 0) throw std::invalid_argument(\"n must be >= 0\"); return n;"), "return I");
  EXPECT_EQ(spelled("if (n < 0) { throw E(\"n\"); } return n;"), "return I");
  // An if with an else is code of the student's, kept.
  EXPECT_NE(spelled("if (n < 0) throw E(\"n\"); else n = 1;").find("else"), std::string::npos);
  EXPECT_EQ(spelled("return \"a\" + 'b' + 3.5f;"), "return S + C + N");
}

TEST(NormalTokens, HostileNestingNeitherOverflowsNorStalls) {
  std::string deep;
  for (int i = 0; i < 200000; ++i) deep += "for ( while ( do if ( ";
  const auto tokens = sim::normal_tokens(deep);
  EXPECT_FALSE(tokens.empty());
  std::string dos(300000, ' ');
  for (std::size_t i = 0; i < dos.size(); i += 3) dos.replace(i, 3, "do ");
  EXPECT_FALSE(sim::normal_tokens(dos).empty());
}

TEST(Tiling, LongestFirstAtLeastTheMinimumNeverThroughBlockedTokens) {
  // a: 1..10 then 20..25; b: 20..25 then 1..10 (two blocks swapped).
  std::vector<std::uint32_t> a, b;
  for (std::uint32_t t = 1; t <= 10; ++t) a.push_back(t);
  for (std::uint32_t t = 20; t <= 25; ++t) a.push_back(t);
  for (std::uint32_t t = 20; t <= 25; ++t) b.push_back(t);
  for (std::uint32_t t = 1; t <= 10; ++t) b.push_back(t);
  auto tiles = sim::greedy_string_tiling(a, {}, b, {}, 5);
  ASSERT_EQ(tiles.size(), 2u);
  EXPECT_EQ(tiles[0].length, 10u);
  EXPECT_EQ(tiles[0].a, 0u);
  EXPECT_EQ(tiles[0].b, 6u);
  EXPECT_EQ(tiles[1].length, 6u);
  // A minimum above the shorter block: only the longer one.
  EXPECT_EQ(sim::greedy_string_tiling(a, {}, b, {}, 7).size(), 1u);
  // Blocking token 5 of a splits the long run into 1..4 (too short) and 6..10.
  std::vector<bool> blocked(a.size(), false);
  blocked[4] = true;
  tiles = sim::greedy_string_tiling(a, blocked, b, {}, 5);
  std::size_t matched = 0;
  for (const auto& t : tiles) {
    matched += t.length;
    for (std::size_t k = t.a; k < t.a + t.length; ++k) EXPECT_NE(k, 4u);
  }
  EXPECT_EQ(matched, 5u + 6u);
  // One token shared by both sides of two tiles is never counted twice.
  std::vector<std::uint32_t> x = {1, 2, 3, 4, 5, 6}, y = {1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6};
  tiles = sim::greedy_string_tiling(x, {}, y, {}, 3);
  ASSERT_EQ(tiles.size(), 1u);
  EXPECT_EQ(tiles[0].length, 6u);
}

TEST(Similarity, IdenticalFilesScoreOneWithOneRegionCoveringThem) {
  auto p = sim::compare(kSoftmax, kSoftmax, kStarter);
  EXPECT_DOUBLE_EQ(p.score, 1.0);
  EXPECT_EQ(p.matched, p.tokens_a);
  EXPECT_GT(p.matched, 100u);
  ASSERT_FALSE(p.regions.empty());
  EXPECT_EQ(p.regions[0].first_a, p.regions[0].first_b);
  EXPECT_EQ(p.regions[0].last_a, p.regions[0].last_b);
  // The region spans the bodies of both functions (lines 7 to 28).
  EXPECT_LE(p.regions[0].first_a, 9);
  EXPECT_GE(p.regions[0].last_a, 26);
}

TEST(Similarity, RenamedRecommentedRespacedCodeIsTheSame) {
  auto p = sim::compare(kSoftmax, kRenamed, kStarter);
  EXPECT_GE(p.score, 0.95) << p.matched << " of " << p.tokens_a << "/" << p.tokens_b;
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
    SCOPED_TRACE(::testing::Message() << "region a " << r.first_a << "-" << r.last_a << ", b " << r.first_b << "-" << r.last_b);
    softmax |= r.first_a < 20 && r.first_b > 10 && r.last_b > 20;
    masked |= r.first_a > 20 && r.first_b < 13;
  }
  std::string regions;
  for (const auto& r : p.regions) regions += fmt::format(" a {}-{} b {}-{};", r.first_a, r.last_a, r.first_b, r.last_b);
  EXPECT_TRUE(softmax) << regions;
  EXPECT_TRUE(masked) << regions;
}

TEST(Similarity, UnrelatedCodeScoresLow) {
  auto p = sim::compare(kSoftmax, kUnrelated, kStarter);
  EXPECT_LT(p.score, 0.2) << p.matched << " matched";
}

TEST(Similarity, TheStartersOwnCodeMatchesNobodyAndShortFilesAreNotJudged) {
  // Two students who handed in the starter unchanged: nothing of theirs is compared.
  auto p = sim::compare(kStarter, kStarter, kStarter);
  EXPECT_EQ(p.tokens_a, 0u);
  EXPECT_EQ(p.matched, 0u);
  EXPECT_DOUBLE_EQ(p.score, 0.0);
  EXPECT_TRUE(p.regions.empty());
  // Without the starter removed, the same two files would match fully.
  EXPECT_DOUBLE_EQ(sim::compare(kStarter, kStarter, "").score, 1.0);
  // A student's own code next to the starter's: only the own part counts.
  auto own = sim::compare(kSoftmax, kStarter, kStarter);
  EXPECT_EQ(own.matched, 0u);

  // Two copies of the starter with the same one-line repair are alike
  // because the repair is: too short to judge, listed as such, never 100%.
  std::string repaired = kStarter;
  repaired.replace(repaired.find("(void)scores;\n  throw"), 0, "MatrixXf out = scores.array().exp(); return out / out.sum();\n  ");
  std::vector<sim::ShortCopy> too_short;
  auto pairs = sim::file_pairs({{"ann", repaired}, {"ben", repaired}, {"cy", kSoftmax}, {"di", kRenamed}}, kStarter, {}, &too_short);
  ASSERT_EQ(too_short.size(), 2u);
  EXPECT_EQ(too_short[0].student, "ann");
  EXPECT_LT(too_short[0].tokens, sim::Options{}.min_tokens());
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].student_a + "+" + pairs[0].student_b, "cy+di");
  // A short copy inside a long one matches all of the short one's code, yet
  // scores by both sizes: far from 100%.
  const std::string half = kSoftmax.substr(0, kSoftmax.find("MatrixXf masked_fill")) + "}\n";
  auto part = sim::compare(half, kSoftmax, kStarter);
  EXPECT_GE(part.max_score, 0.95);
  EXPECT_LT(part.score, 0.9);
  EXPECT_LT(part.score, part.max_score - 0.1);
  EXPECT_GT(part.score, 0.5);
}

TEST(Similarity, PassagesMostOfTheClassWroteAreIgnored) {
  // Twelve students write the same softmax (the standard loops, alike by
  // nature); four of them also add the same masked_fill.
  const std::string softmax_part = kSoftmax.substr(0, kSoftmax.find("MatrixXf masked_fill")) + "}\n";
  std::map<std::string, std::string> copies;
  // Each copy ends differently (an operator of its own, far too short to
  // match): twelve copies, not one copy handed in twelve times.
  const char* ops[] = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&&", "||"};
  for (int i = 10; i < 22; ++i)
    copies["s" + std::to_string(i)] = (i < 14 ? kSoftmax : softmax_part) + "int tail() { return 1 " + ops[i - 10] + " 2; }\n";
  const auto pairs = sim::file_pairs(copies, kStarter, {});
  ASSERT_EQ(pairs.size(), 66u);
  // The four who share masked_fill come first; the softmax that all twelve
  // wrote counts for nobody.
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const bool both_full = pairs[i].student_a < "s14" && pairs[i].student_b < "s14";
    EXPECT_EQ(both_full, i < 6) << i << ": " << pairs[i].student_a << "+" << pairs[i].student_b;
    if (!both_full) {
      EXPECT_EQ(pairs[i].matched, 0u);
    }
  }
  EXPECT_GE(pairs[0].matched, sim::Options{}.min_match);
  // With nothing ignored (--common 1), the shared softmax makes every pair alike.
  sim::Options keep_all;
  keep_all.common_share = 1.0;
  EXPECT_GT(sim::file_pairs(copies, kStarter, keep_all).back().matched, 50u);
  // Below ten copies nothing is common: a ring of nine copiers is still seen.
  copies.erase("s19"), copies.erase("s20"), copies.erase("s21");
  const auto nine = sim::file_pairs(copies, kStarter, {});
  EXPECT_GT(nine.back().matched, 50u);
}

TEST(Similarity, ARingOfUnchangedCopiesIsOneSource) {
  // Three students hand in one file (renamed and re-spaced: the same
  // normalised code), a fourth a variant of it. The three score 100% with
  // each other: a ring is not code the class writes alike.
  std::string variant = kSoftmax;
  variant.replace(variant.find("if (mask(r, c)) out(r, c) = value;"), 0, "if (value > 1) return scores;\n");
  const auto pairs = sim::file_pairs({{"a", kSoftmax}, {"b", kRenamed}, {"c", kSoftmax}, {"d", variant}}, kStarter, {});
  ASSERT_EQ(pairs.size(), 6u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_NE(pairs[i].student_b, "d");
    EXPECT_DOUBLE_EQ(pairs[i].score, 1.0) << pairs[i].student_a << "+" << pairs[i].student_b;
  }
  EXPECT_LT(pairs[3].score, 1.0);
}

// The starter with one line of a student's own.
std::string one_line_repair() {
  std::string repaired = kStarter;
  repaired.replace(repaired.find("(void)scores;\n  throw"), 0, "MatrixXf out = scores.array().exp(); return out / out.sum();\n  ");
  return repaired;
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
      {"gina", {{file, one_line_repair()}}},
  };
  const auto report = sim::analyse(one_file_course(), batch, {{file, kStarter}});
  const auto& pairs = report.pairs;
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
  // Erin and Frank handed in the starter: no pair with either of them, and
  // not listed (nothing of theirs to judge); Gina's one line of her own is
  // too short to judge, and listed.
  for (const auto& p : pairs) {
    EXPECT_NE(p.student_a, "erin");
    EXPECT_NE(p.student_b, "frank");
    EXPECT_NE(p.student_a, "gina");
    EXPECT_NE(p.student_b, "gina");
  }
  ASSERT_EQ(report.too_short.size(), 1u);
  EXPECT_EQ(report.too_short[0].student, "gina");
  EXPECT_EQ(report.too_short[0].file, file);
  EXPECT_GT(report.too_short[0].tokens, 0u);
  // Student pairs: the same three first, flagged, and one cluster of them;
  // Dave's vectorised softmax joins nobody.
  ASSERT_GE(report.students.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_TRUE(report.students[i].flagged);
    EXPECT_EQ(report.students[i].files.size(), 1u);
  }
  for (std::size_t i = 3; i < report.students.size(); ++i) EXPECT_FALSE(report.students[i].flagged);
  ASSERT_EQ(report.clusters.size(), 1u) << sim::similarity_text(report, batch);
  EXPECT_EQ(report.clusters[0], (std::vector<std::string>{"alice", "bob", "carol"}));
  sim::Options only_one;
  only_one.top = 1;
  EXPECT_EQ(sim::analyse(one_file_course(), batch, {{file, kStarter}}, only_one).pairs.size(), 1u);
  sim::Options strict;
  strict.threshold = 1.0;  // only code identical once normalised: Bob's renamed copy of Alice's
  EXPECT_EQ(sim::analyse(one_file_course(), batch, {{file, kStarter}}, strict).clusters,
            (std::vector<std::vector<std::string>>{{"alice", "bob"}}));
  sim::Options other;
  other.exercise = "review";  // a quiz: never compared
  const auto quiz = sim::analyse(one_file_course(), batch, {{file, kStarter}}, other);
  EXPECT_TRUE(quiz.pairs.empty());
  EXPECT_TRUE(quiz.students.empty());
}

TEST(SimilarPairs, TextAndJsonShowTheRegionsSanitised) {
  const std::string file = "attention/softmax.cpp";
  // Hostile text in a comment, in a string and in a student id.
  std::string hostile = kSoftmax;
  hostile.replace(hostile.find("// Subtract"), 0, "/* \x1b[2J\x1b]0;pwned\x07 */ ");
  hostile.replace(hostile.find("float total"), 0, "const char* note = \"\x1b[31m\"; ");
  std::vector<sim::SubmittedFiles> batch = {{"alice\x1b[1m", {{file, hostile}}}, {"=HYPERLINK(\"x\")", {{file, kRenamed}}}};
  const auto report = sim::analyse(one_file_course(), batch, {{file, kStarter}});
  ASSERT_EQ(report.pairs.size(), 1u);
  const std::string text = sim::similarity_text(report, batch);
  SCOPED_TRACE(text);
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  EXPECT_EQ(text.find('\x07'), std::string::npos);
  EXPECT_NE(text.find("never a grade"), std::string::npos);
  EXPECT_NE(text.find("attention/softmax.cpp (exercise softmax)"), std::string::npos);
  EXPECT_NE(text.find("lines "), std::string::npos);
  EXPECT_NE(text.find(" | "), std::string::npos);
  // The matching lines themselves, side by side: a line of each copy on one row.
  EXPECT_NE(text.find("   7   MatrixXf y(s.rows(), s.cols());"), std::string::npos);
  EXPECT_NE(text.find("|     8   MatrixXf out(scores.rows(), scores.cols());"), std::string::npos);
  EXPECT_NE(text.find("Students, strongest evidence first"), std::string::npos);
  EXPECT_NE(text.find("[flagged]"), std::string::npos);
  EXPECT_NE(text.find("2 students: "), std::string::npos);
  const nlohmann::json j = sim::similarity_json(report, batch);
  ASSERT_EQ(j["pairs"].size(), 1u);
  const auto& p = j["pairs"][0];
  EXPECT_EQ(p["a"], "=HYPERLINK(\"x\")");
  EXPECT_EQ(p["b"], "alice\\x1b[1m");
  EXPECT_EQ(j["students"].size(), 1u);
  EXPECT_EQ(j["clusters"].size(), 1u);
  EXPECT_EQ(j["method"]["min_match"], sim::Options{}.min_match);
  // CSV: one row per student pair, the id that looks like a formula made inert.
  const auto rows = grader::report::parse_csv(sim::similarity_csv(report));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0][0], "a");
  EXPECT_EQ(rows[1][0], "'=HYPERLINK(\"x\")");
  EXPECT_EQ(rows[1][1], "alice\\x1b[1m");
  EXPECT_EQ(rows[1][5], "yes");
  EXPECT_EQ(rows[1][6], "1");
  EXPECT_GT(p["score"].get<double>(), 0.8);
  ASSERT_FALSE(p["regions"].empty());
  EXPECT_TRUE(p["regions"][0]["a"]["lines"].is_array());
  EXPECT_LE(p["regions"][0]["a"]["first"].get<int>(), p["regions"][0]["a"]["last"].get<int>());
  EXPECT_EQ(j.dump().find('\x1b'), std::string::npos);
}

}  // namespace
