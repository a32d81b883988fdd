// Shared by the attention lesson's hidden tests: random inputs with fixed
// seeds, permutations, and the tolerance every comparison uses.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "attention/attention.hpp"
#include "common/testing.hpp"

namespace attention_hidden {

using course::Index;
using course::MatrixXb;
using course::MatrixXf;

// Tolerance for float results compared with the reference or with PyTorch: the
// course's float32 rule (common/testing.hpp), |got - want| <= 1e-5 + 3e-5 * |want|.
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

/// EXPECT_TENSOR_NEAR for results that may hold NaN rows (a query whose keys
/// are all blocked, or an all -inf row of scores). EXPECT_TENSOR_NEAR never
/// lets NaN pass, so: every row that is NaN in `want` must be all NaN in `got`,
/// and the remaining rows are compared with the usual tolerance.
inline void expect_near_with_nan_rows(const MatrixXf& got, const MatrixXf& want, const char* what) {
  SCOPED_TRACE(what);
  if (got.rows() != want.rows() || got.cols() != want.cols()) {
    EXPECT_TENSOR_NEAR(got, want, kAtol, kRtol);  // reports the shapes
    return;
  }
  std::vector<Index> finite_rows;
  for (Index r = 0; r < want.rows(); ++r) {
    if (want.row(r).array().isNaN().any()) {
      EXPECT_TRUE(got.row(r).array().isNaN().all())
          << "row " << r << " should be all NaN (no key left to attend to, as in PyTorch), got " << got.row(r);
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
  EXPECT_TENSOR_NEAR(got_rows, want_rows, kAtol, kRtol);
}

}  // namespace attention_hidden
