// The lesson's pitfalls (README "Pitfalls") applied to the reference's
// pieces, for the hidden suites' `likely cause:` lines: what self_attend,
// mean_pool and compare_orders return with each known mistake on the test's
// inputs. A student's result that matches one of them names that mistake.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/tensor_testing.hpp"
#include "order-matters/order_matters.hpp"

namespace order_mistakes {

using course::Index;
using course::MatrixXf;

struct AttentionMistakes {
  course_testing::Mistakes output, weights;
};

/// self_attend(x (L, E)) with each mistake.
inline AttentionMistakes attention(const MatrixXf& x) {
  AttentionMistakes m;
  if (x.rows() < 1 || x.cols() != course::toy::kEmbedDim) return m;
  const auto& p = course::toy::projections();
  auto add = [&m](const std::string& cause, const course::AttentionResult& r) {
    m.output.push_back(course_testing::mistake(cause, r.output));
    m.weights.push_back(course_testing::mistake(cause, r.weights));
  };
  add("the projections are applied untransposed (x * W): the toy weights are (out, in) like nn.Linear, so project "
      "with x * W^T.",
      ref::scaled_dot_product_attention(x * p.query, x * p.key, x * p.value));
  add("a causal mask hides the later words: this experiment is an encoder, every word attends to every word (no "
      "mask).",
      ref::scaled_dot_product_attention(x * p.query.transpose(), x * p.key.transpose(), x * p.value.transpose(),
                                        ref::causal_mask(x.rows())));
  return m;
}

/// mean_pool(x (L, W)) shown as a row (1, W), with each mistake.
inline course_testing::Mistakes pooling(const MatrixXf& x) {
  if (x.rows() < 1) return {};
  const MatrixXf row = ref::mean_pool(x).transpose();
  return {course_testing::mistake("the rows are summed, not averaged: divide the sum by the number of rows L.",
                                  MatrixXf(row * static_cast<float>(x.rows())))};
}

/// compare_orders(a, b) as it comes out with one mistake.
enum class CompareMistake { encoding_after_attention, pooled_inputs, identity_alignment, last_occurrence };

/// Which position of `a` each word of `b` is matched to: the first unused
/// occurrence (the lesson's rule), or, with `from_the_end`, the last one.
inline std::vector<Index> matched_positions(const std::vector<std::string>& a, const std::vector<std::string>& b,
                                            bool from_the_end) {
  std::vector<char> taken(a.size(), 0);
  std::vector<Index> out;
  for (const auto& word : b) {
    Index found = -1;
    for (std::size_t n = 0; n < a.size(); ++n) {
      const std::size_t i = from_the_end ? a.size() - 1 - n : n;
      if (!taken[i] && a[i] == word) {
        found = static_cast<Index>(i);
        break;
      }
    }
    if (found < 0) return {};
    taken[static_cast<std::size_t>(found)] = 1;
    out.push_back(found);
  }
  return out;
}

/// The comparison of `a` with its reordering `b`, built from the reference's
/// pieces with `mistake` made; empty permutation when b is no reordering of a.
inline course::OrderComparison comparison_with(const std::vector<std::string>& a, const std::vector<std::string>& b,
                                               CompareMistake mistake) {
  course::OrderComparison c;
  const auto order = matched_positions(a, b, mistake == CompareMistake::last_occurrence);
  if (a.empty() || order.size() != a.size()) return c;
  c.permutation = order;
  const MatrixXf xa = ref::embed(a), xb = ref::embed(b);
  auto attended = [&](const MatrixXf& x, bool positions) -> MatrixXf {
    if (!positions) return ref::self_attend(x).output;
    if (mistake == CompareMistake::encoding_after_attention) return ref::with_positions(ref::self_attend(x).output);
    return ref::self_attend(ref::with_positions(x)).output;
  };
  auto pooled = [&](const MatrixXf& x, bool positions) -> course::VectorXf {
    if (mistake == CompareMistake::pooled_inputs) return ref::mean_pool(positions ? ref::with_positions(x) : x);
    return ref::mean_pool(attended(x, positions));
  };
  auto worst_row_gap = [&](const MatrixXf& out_a, const MatrixXf& out_b) {
    float worst = 0;
    for (Index j = 0; j < out_b.rows(); ++j) {
      const Index partner = mistake == CompareMistake::identity_alignment ? j : order[static_cast<std::size_t>(j)];
      worst = std::max(worst, (out_b.row(j) - out_a.row(partner)).cwiseAbs().maxCoeff());
    }
    return worst;
  };
  c.pooled_distance_without = (pooled(xa, false) - pooled(xb, false)).norm();
  c.pooled_distance_with = (pooled(xa, true) - pooled(xb, true)).norm();
  c.permutation_error_without = worst_row_gap(attended(xa, false), attended(xb, false));
  c.permutation_error_with = worst_row_gap(attended(xa, true), attended(xb, true));
  return c;
}

/// Each mistake's comparison with the words of its cause.
struct ComparisonMistake {
  std::string cause;
  course::OrderComparison result;
};
inline std::vector<ComparisonMistake> comparisons(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  return {
      {"the encoding is added to the attention's output instead of its input: attention then never sees the "
       "positions; compute self_attend(with_positions(x)).",
       comparison_with(a, b, CompareMistake::encoding_after_attention)},
      {"the attention's inputs are pooled instead of its outputs: a mean of the inputs ignores their order, "
       "positions or not; pool self_attend(...).output.",
       comparison_with(a, b, CompareMistake::pooled_inputs)},
      {"row j of b's output is compared with row j of a's: word j of b moved to row permutation[j] of a, so compare "
       "with that row.",
       comparison_with(a, b, CompareMistake::identity_alignment)},
      {"a repeated word is matched to its last unused occurrence in sentence_a: match repeated words in order, to "
       "the first unused one.",
       comparison_with(a, b, CompareMistake::last_occurrence)},
  };
}

/// The mistakes of one float field of a comparison (a pointer to the member).
inline course_testing::Mistakes field(const std::vector<ComparisonMistake>& all, float course::OrderComparison::*member) {
  course_testing::Mistakes m;
  constexpr double kMatch = 1e-4;  // float sums in another order; the mistakes differ by far more
  for (const auto& c : all) {
    if (c.result.permutation.empty()) continue;
    const double value = c.result.*member;
    // Two mistakes that give this field the same value: the field cannot tell
    // them apart, so its cause names both.
    auto same = std::find_if(m.begin(), m.end(), [&](const course_testing::KnownMistake& k) {
      return std::abs(k.result.data[0] - value) <= kMatch * (1 + std::abs(value));
    });
    if (same != m.end()) {
      same->cause += " Or " + c.cause;
      continue;
    }
    auto one = course_testing::mistake(c.cause, value);
    one.match_tolerance = kMatch;
    m.push_back(one);
  }
  return m;
}

}  // namespace order_mistakes
