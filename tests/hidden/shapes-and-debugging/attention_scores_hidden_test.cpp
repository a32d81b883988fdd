// Hidden tests of exercise dbg-scores: random queries and keys of many shapes
// against the reference, the scale on its own, square results, empty
// sequences, and widths that do not fit.
#include <cmath>
#include <ostream>
#include <string>
#include <vector>

#include "../../public/shapes-and-debugging/dbg_checks.hpp"
#include "common/tensor_testing.hpp"
#include "dbg_random.hpp"
#include "shapes-and-debugging/bridge/proxy.hpp"
#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace {

using course::Index;
using course::MatrixXf;

std::string call_of(const MatrixXf& q, const MatrixXf& k) {
  return dbg::call_text("attention_scores", {course::bridge::describe_arg(q), course::bridge::describe_arg(k)});
}

std::string returned(const MatrixXf& m) { return "returned a " + dbg::shape_text(m) + " matrix"; }

/// Float scores of inputs in [-1, 1) are compared under the course's float32
/// rule (lessons/common/tensor_testing.hpp): a dot product of D <= 64 terms summed in another
/// order (Eigen's blocked product, a plain loop, q scaled before or after)
/// moves a score by well under 1e-6 in practice, while a wrong scale errs by
/// 10% or more of scores around 0.3.
constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;

struct Shape {
  Index queries;
  Index keys;
  Index head_dim;
  const char* name;
};

const Shape kSweep[] = {
    {1, 1, 2, "L1_S1_D2"}, {2, 3, 4, "L2_S3_D4"},   {3, 2, 8, "L3_S2_D8"},     {4, 4, 3, "L4_S4_D3"},
    {5, 7, 5, "L5_S7_D5"}, {8, 8, 16, "L8_S8_D16"}, {10, 6, 64, "L10_S6_D64"}, {16, 32, 32, "L16_S32_D32"},
    {1, 9, 7, "L1_S9_D7"}, {9, 1, 12, "L9_S1_D12"},
};

class DbgScoresHidden : public ::testing::TestWithParam<Shape> {};

TEST_P(DbgScoresHidden, MatchesReference) {
  const Shape s = GetParam();
  const auto seed = static_cast<std::uint32_t>(s.queries * 10007 + s.keys * 101 + s.head_dim);
  const MatrixXf q = dbg_random::uniform<MatrixXf>(s.queries, s.head_dim, seed);
  const MatrixXf k = dbg_random::uniform<MatrixXf>(s.keys, s.head_dim, seed + 1);
  const MatrixXf got = student::attention_scores(q, k);
  DBG_EXPECT_NEAR(call_of(q, k), got, ref::attention_scores(q, k), "the reference", kTol.atol, kTol.rtol)
      << dbg::diagnose_scores(q, k, got);
}

void PrintTo(const Shape& s, std::ostream* out) {
  *out << "q (" << s.queries << ", " << s.head_dim << "), k (" << s.keys << ", " << s.head_dim << ")";
}
std::string case_name(const ::testing::TestParamInfo<Shape>& c) { return c.param.name; }

INSTANTIATE_TEST_SUITE_P(Sweep, DbgScoresHidden, ::testing::ValuesIn(kSweep), case_name);

}  // namespace

TEST(DbgScoresHidden, ScaleIsOneOverSqrtOfHeadDim) {
  // Queries and keys that all point along feature 0 make every raw score 1,
  // so the scores are the scale itself: 1/sqrt(D), for D square or not.
  for (const Index d : {Index{2}, Index{5}, Index{8}, Index{16}, Index{50}, Index{64}}) {
    MatrixXf q = MatrixXf::Zero(2, d), k = MatrixXf::Zero(3, d);
    q.col(0).setOnes();
    k.col(0).setOnes();
    const MatrixXf got = student::attention_scores(q, k);
    const MatrixXf want = MatrixXf::Constant(2, 3, 1.0f / std::sqrt(static_cast<float>(d)));
    DBG_EXPECT_NEAR(call_of(q, k), got, want, "1/sqrt(D) in every entry", kTol.atol, kTol.rtol)
        << dbg::diagnose_scores(q, k, got);
  }
}

TEST(DbgScoresHidden, SquareScoresAreNotTransposed) {
  for (const Index n : {Index{2}, Index{5}, Index{12}}) {
    const MatrixXf q = dbg_random::uniform<MatrixXf>(n, 6, static_cast<std::uint32_t>(n * 3));
    const MatrixXf k = dbg_random::uniform<MatrixXf>(n, 6, static_cast<std::uint32_t>(n * 3 + 1));
    const MatrixXf got = student::attention_scores(q, k);
    DBG_EXPECT_NEAR(call_of(q, k), got, ref::attention_scores(q, k), "the reference", kTol.atol, kTol.rtol)
        << dbg::diagnose_scores(q, k, got);
  }
}

TEST(DbgScoresHidden, NoQueriesOrNoKeys) {
  // (0, S) and (L, 0): empty, but with the right shape for what comes next.
  for (const auto& [queries, keys] : std::vector<std::pair<Index, Index>>{{0, 3}, {2, 0}}) {
    const MatrixXf q = MatrixXf::Ones(queries, 4), k = MatrixXf::Ones(keys, 4);
    const MatrixXf got = student::attention_scores(q, k);
    const MatrixXf want(queries, keys);
    DBG_EXPECT_NEAR(call_of(q, k), got, want, "an empty (L, S) matrix", 0.0, 0.0)
        << (got.rows() == keys && got.cols() == queries ? dbg::cause("the result is (S, L): compute q k^T, not k q^T.")
                                                        : "");
  }
}

TEST(DbgScoresHidden, RejectsQueriesAndKeysOfDifferentWidths) {
  for (const auto& [q, k] : std::vector<std::pair<MatrixXf, MatrixXf>>{{MatrixXf::Ones(2, 4), MatrixXf::Ones(3, 5)},
                                                                       {MatrixXf::Ones(3, 8), MatrixXf::Ones(3, 4)},
                                                                       {MatrixXf::Ones(1, 1), MatrixXf::Ones(1, 2)}})
    dbg::expect_rejected(
        call_of(q, k), [&] { return returned(student::attention_scores(q, k)); }, {"head_dim"},
        dbg::advice::kScoresWidth);
}

TEST(DbgScoresHidden, RejectsZeroWidth) {
  const MatrixXf q(2, 0), k(3, 0);
  dbg::expect_rejected(
      call_of(q, k), [&] { return returned(student::attention_scores(q, k)); }, {"head_dim"},
      dbg::advice::kScoresZeroWidth);
}
