// What the reference of each served order-matters function costs on the
// trusted side, for the exercise of the lesson that uses it (order-compare
// uses order-embed and order-attend: course.yaml, an exercise's `uses`;
// docs/security.md "Callbacks"): its result, the values it holds at once and
// its steps, counted from the arguments before the reference runs. One
// estimator per served function, named like it
// (grader/authoring/reference_support.hpp). Letters: L words or rows, W
// columns, E = toy::kEmbedDim (8), V = the vocabulary's 10 words.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "grader/authoring/reference_support.hpp"
#include "order-matters/bridge/declarations.hpp"
#include "positional-encoding/bridge/costs.hpp"

namespace course::bridge::order_matters::costs {

// words (L): each compared with the V vocabulary words (a comparison of two
// words of different lengths stops at the lengths, and the vocabulary's are
// at most 6 letters), its table row copied into the result (L, E); the
// toy model (V, E) and (E, E) x 3 is built once. An unknown word is copied
// into the message, twice while it is put together.
inline CallbackCost embed(const std::vector<std::string>& words) {
  const Index l = static_cast<Index>(words.size()), v = static_cast<Index>(toy::vocabulary().size()),
              e = toy::kEmbedDim;
  double longest = 0;
  for (const std::string& w : words) longest = std::max(longest, static_cast<double>(w.size()));
  const double model = elements(v, e) + 3 * elements(e, e);
  return {elements(l, e), model + elements(l, e) + 2 * longest,
          model + 6 * steps({l, v}) + steps({l, e}) + 2 * longest};
}

// embeddings (L, W): positional_encoding(L, W) as lesson positional-encoding
// counts it (the table and its tables of one frequency per pair), its float
// copy and the sum (L, W).
inline CallbackCost with_positions(const MatrixXf& embeddings) {
  const Index l = embeddings.rows(), w = embeddings.cols();
  CallbackCost cost = ::course::bridge::positional_encoding::costs::positional_encoding(l, w, 10000.0);
  cost.held += 2 * elements(l, w);
  cost.steps += 2 * steps({l, w});
  return cost;
}

// x (L, E): three projections (L, E) of E multiply-adds per value; then
// scaled_dot_product_attention as lesson attention counts it: the scores,
// their product's temporary and the weights (L, L), the output (L, E). The
// result is the output and the weights. E is the toy model's: any other
// width is refused by the reference's first check.
inline CallbackCost self_attend(const MatrixXf& x) {
  const Index l = x.rows(), e = toy::kEmbedDim;
  return {elements(l, e) + elements(l, l), 3 * elements(l, e) + 3 * elements(l, l) + elements(l, e),
          3 * steps({l, e, e}) + 2 * steps({l, l, e}) + 4 * steps({l, l})};
}

// x (L, W): one pass over x, the (W) means and their column copy.
inline CallbackCost mean_pool(const MatrixXf& x) {
  const Index l = x.rows(), w = x.cols();
  return {elements({w}), 2 * elements({w}), steps({l, w}) + steps({w})};
}

}  // namespace course::bridge::order_matters::costs
