// Shared by the attention lesson's hidden tests: random inputs with fixed
// seeds, permutations, and the tolerance every comparison uses.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <sstream>
#include <vector>

#include "attention/attention.hpp"
#include "common/tensor_testing.hpp"

namespace attention_hidden {

using course::Index;
using course::MatrixXb;
using course::MatrixXf;

// Tolerance for float results compared with the reference or with PyTorch: the
// course's float32 rule (lessons/common/tensor_testing.hpp), |got - want| <= 1e-5 + 3e-5 * |want|.
// Correct implementations differ only by rounding: the order of the sums in
// Q K^T, in the softmax denominator and in weights * V, the softmax's form
// (exp(x - max) / sum or exp(x - logsumexp(x))), and std::exp versus Eigen's
// vectorised exp. That moves values
// by a few float ulps (1.2e-7 relative), at most about 1e-6 on the largest
// shapes here; every bug the mutants model moves some value by more than 1e-3.
constexpr double kAtol = course_testing::kFloatTol.atol;
constexpr double kRtol = course_testing::kFloatTol.rtol;

/// (rows, cols) of N(0, scale^2) floats; the same seed gives the same matrix.
inline MatrixXf random_matrix(Index rows, Index cols, std::uint32_t seed, float scale = 1.0f) {
  std::mt19937 gen(seed);
  std::normal_distribution<float> normal(0.0f, scale);
  MatrixXf m(rows, cols);
  for (Index i = 0; i < m.size(); ++i) m.data()[i] = normal(gen);
  return m;
}

/// (rows, cols) bool mask, each entry blocked with probability p, except one
/// allowed key per row so no query loses every key.
inline MatrixXb random_blocked(Index rows, Index cols, std::uint32_t seed, double p = 0.4) {
  std::mt19937 gen(seed);
  std::bernoulli_distribution coin(p);
  std::uniform_int_distribution<Index> pick(0, cols - 1);
  MatrixXb m(rows, cols);
  for (Index r = 0; r < rows; ++r) {
    for (Index c = 0; c < cols; ++c) m(r, c) = coin(gen);
    m(r, pick(gen)) = false;
  }
  return m;
}

/// Row i of the result is row order[i] of m.
inline MatrixXf permute_rows(const MatrixXf& m, const std::vector<Index>& order) {
  MatrixXf out(m.rows(), m.cols());
  for (Index i = 0; i < m.rows(); ++i) out.row(i) = m.row(order[static_cast<std::size_t>(i)]);
  return out;
}

/// Column j of the result is column order[j] of m.
inline MatrixXf permute_cols(const MatrixXf& m, const std::vector<Index>& order) {
  MatrixXf out(m.rows(), m.cols());
  for (Index j = 0; j < m.cols(); ++j) out.col(j) = m.col(order[static_cast<std::size_t>(j)]);
  return out;
}

/// The lesson's pitfalls (README "Pitfalls") applied to the reference: what a
/// result with each known mistake would be on these inputs, for
/// EXPECT_RESULT_NEAR_EXPLAINED's `likely cause:` line.
struct AttentionMistakes {
  course_testing::Mistakes weights;
  course_testing::Mistakes output;
  void add(const std::string& cause, const MatrixXf& w, const MatrixXf& o) {
    weights.push_back(course_testing::mistake(cause, w));
    output.push_back(course_testing::mistake(cause, o));
  }
};

inline AttentionMistakes known_mistakes(const MatrixXf& query, const MatrixXf& key, const MatrixXf& value,
                                        const course::Mask& mask = {}) {
  AttentionMistakes m;
  const Index D = query.cols();
  if (D == 0 || key.cols() != D || key.rows() != value.rows()) return m;
  const float root = std::sqrt(static_cast<float>(D));
  const MatrixXf scores = query * key.transpose() / root;  // (L, S)
  auto with_scores = [&](const MatrixXf& s) {
    const MatrixXf w = ref::softmax_rows(s);
    return std::make_pair(w, MatrixXf(w * value));
  };
  const float minus_inf = -std::numeric_limits<float>::infinity();
  // `from` with the entries where `blocked` holds replaced by `fill`.
  auto where = [&](const MatrixXf& from, bool (*blocked)(float), float fill) {
    MatrixXf out = from;
    for (Index i = 0; i < out.rows(); ++i)
      for (Index j = 0; j < out.cols(); ++j)
        if (blocked(mask.values(i, j))) out(i, j) = fill;
    return out;
  };
  auto nonzero = [](float v) { return v != 0.0f; };
  auto zero = [](float v) { return v == 0.0f; };
  MatrixXf masked = scores;  // the scores with the mask applied the right way
  if (mask.kind == course::Mask::Kind::boolean) masked = where(scores, nonzero, minus_inf);
  if (mask.kind == course::Mask::Kind::additive) masked = scores + mask.values;

  if (mask.kind == course::Mask::Kind::boolean) {
    const MatrixXf after = where(ref::softmax_rows(scores), nonzero, 0.0f);
    m.add("the mask was applied after the softmax: blocked weights are zeroed, but the rows no longer sum to 1. Mask "
          "the scores, before the softmax.",
          after, after * value);
    auto zero_fill = with_scores(where(scores, nonzero, 0.0f));
    m.add("blocked scores were set to 0 instead of -inf: a score of 0 is an ordinary score, the key keeps weight.",
          zero_fill.first, zero_fill.second);
    auto inverted = with_scores(where(scores, zero, minus_inf));
    m.add("the boolean mask is read backwards: true means blocked.", inverted.first, inverted.second);
    auto ignored = with_scores(scores);
    m.add("the mask was not applied.", ignored.first, ignored.second);
  }
  if (mask.kind == course::Mask::Kind::additive) {
    auto as_boolean = with_scores(where(scores, nonzero, minus_inf));
    m.add("the additive mask was treated as a boolean mask: add its values to the scores.", as_boolean.first,
          as_boolean.second);
    auto before_scaling = with_scores(MatrixXf((query * key.transpose() + mask.values) / root));
    m.add("the additive mask was added before dividing by sqrt(D): add it to the scaled scores.", before_scaling.first,
          before_scaling.second);
    auto ignored = with_scores(scores);
    m.add("the mask was not applied.", ignored.first, ignored.second);
  }
  const MatrixXf extra = masked - scores;  // the mask's part, kept in the variants below
  auto unscaled = with_scores(MatrixXf(scores * root + extra));
  m.add("the scores are not scaled: divide q k^T by sqrt(D) (in C++ `1 / 2` is 0, so std::pow(D, 1 / 2) is 1).",
        unscaled.first, unscaled.second);
  auto by_d = with_scores(MatrixXf(scores / root + extra));
  m.add("the scores are divided by D instead of sqrt(D).", by_d.first, by_d.second);
  const MatrixXf columns = ref::softmax_rows(MatrixXf(masked.transpose())).transpose();
  m.add("the softmax normalises each column (over the queries) instead of each row (over the keys).", columns,
        columns * value);
  if (query.rows() == key.rows()) {
    auto transposed = with_scores(MatrixXf(scores.transpose() + extra));
    m.add("the scores are transposed: entry (i, j) must be query i against key j (q k^T), not k q^T.",
          transposed.first, transposed.second);
  }
  if (value.cols() == D) {
    const MatrixXf w = ref::softmax_rows(masked);
    m.add("the output averages the keys instead of the values.", w, w * key);
  }
  // Without the max subtraction exp() overflows: inf / inf is NaN.
  MatrixXf no_max = masked.array().exp();
  for (Index r = 0; r < no_max.rows(); ++r) no_max.row(r) /= no_max.row(r).sum();
  m.add("exp() of large scores overflowed to inf and inf / inf is NaN: subtract each row's max before exp().", no_max,
        no_max * value);
  // The shape alone: (S, L) weights come from k q^T.
  if (query.rows() != key.rows()) {
    m.weights.push_back(course_testing::shape_mistake(
        "the weights are (S, L): the scores were computed as k q^T; compute q k^T (one row per query, one column "
        "per key).",
        {key.rows(), query.rows()}));
  }
  return m;
}

/// EXPECT_TENSOR_NEAR for results that may hold NaN rows (a query whose keys
/// are all blocked, or an all -inf row of scores). EXPECT_TENSOR_NEAR never
/// lets NaN pass, so: every row that is NaN in `want` must be all NaN in `got`,
/// and the remaining rows are compared with the usual tolerance.
inline void expect_near_with_nan_rows(const MatrixXf& got, const MatrixXf& want, const char* what) {
  if (got.rows() != want.rows() || got.cols() != want.cols()) {
    EXPECT_TENSOR_NEAR(got, want, kAtol, kRtol);  // reports the shapes
    return;
  }
  std::vector<Index> finite_rows;
  for (Index r = 0; r < want.rows(); ++r) {
    if (want.row(r).array().isNaN().any()) {
      std::ostringstream row;
      row << got.row(r);
      EXPECT_HOLDS(got.row(r).array().isNaN().all(), "expected " + std::string(what) + " row " + std::to_string(r) +
                                                         " to be all NaN (no key left to attend to, as in "
                                                         "PyTorch), got " + row.str());
    } else {
      finite_rows.push_back(r);
    }
  }
  MatrixXf got_rows(static_cast<Index>(finite_rows.size()), got.cols());
  MatrixXf want_rows(static_cast<Index>(finite_rows.size()), want.cols());
  for (std::size_t i = 0; i < finite_rows.size(); ++i) {
    got_rows.row(static_cast<Index>(i)) = got.row(finite_rows[i]);
    want_rows.row(static_cast<Index>(i)) = want.row(finite_rows[i]);
  }
  EXPECT_CHECK(course_testing::near(course_testing::subject() + " " + what + " (rows that are not NaN)", got_rows,
                                    want_rows, course_testing::kFloatTol));
}

}  // namespace attention_hidden
