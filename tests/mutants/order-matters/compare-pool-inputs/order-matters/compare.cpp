// Reference solution for exercise order-compare.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "order-matters/order_matters.hpp"

namespace course {

namespace {

// permutation[j] = the position in a of word j of b; repeated words are
// matched to their occurrences in order.
std::vector<Index> match_words(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<bool> used(a.size(), false);
  std::vector<Index> permutation;
  for (std::size_t j = 0; j < b.size(); ++j) {
    std::size_t i = 0;
    while (i < a.size() && (used[i] || a[i] != b[j])) ++i;
    if (i == a.size())
      throw std::invalid_argument("sentence_b must be a reordering of sentence_a: '" + b[j] + "' at position " +
                                  std::to_string(j) + " of sentence_b has no unmatched partner in sentence_a");
    used[i] = true;
    permutation.push_back(static_cast<Index>(i));
  }
  return permutation;
}

// Largest entry of |out_b(j, :) - out_a(permutation[j], :)|.
float permutation_error(const MatrixXf& out_a, const MatrixXf& out_b, const std::vector<Index>& permutation) {
  float worst = 0;
  for (std::size_t j = 0; j < permutation.size(); ++j)
    worst = std::max(worst, (out_b.row(static_cast<Index>(j)) - out_a.row(permutation[j])).cwiseAbs().maxCoeff());
  return worst;
}

}  // namespace

OrderComparison compare_orders(const std::vector<std::string>& sentence_a, const std::vector<std::string>& sentence_b) {
  if (sentence_a.empty()) throw std::invalid_argument("sentence_a must hold at least one word");
  if (sentence_b.size() != sentence_a.size())
    throw std::invalid_argument("sentence_b has " + std::to_string(sentence_b.size()) + " words but sentence_a has " +
                                std::to_string(sentence_a.size()) +
                                "; compare a sentence with a reordering of itself");
  // x_a, x_b: (L, E)
  const MatrixXf x_a = embed(sentence_a);
  const MatrixXf x_b = embed(sentence_b);

  OrderComparison result;
  result.permutation = match_words(sentence_a, sentence_b);

  const MatrixXf plain_a = self_attend(x_a).output, plain_b = self_attend(x_b).output;
  const MatrixXf placed_a = self_attend(with_positions(x_a)).output, placed_b = self_attend(with_positions(x_b)).output;
  result.pooled_distance_without = (mean_pool(x_a) - mean_pool(x_b)).norm();
  result.pooled_distance_with = (mean_pool(with_positions(x_a)) - mean_pool(with_positions(x_b))).norm();
  result.permutation_error_without = permutation_error(plain_a, plain_b, result.permutation);
  result.permutation_error_with = permutation_error(placed_a, placed_b, result.permutation);
  return result;
}

}  // namespace course
