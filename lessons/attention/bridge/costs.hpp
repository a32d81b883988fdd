// What the reference of each attention function costs on the trusted side,
// for later lessons' callbacks (docs/security.md "Callbacks"): its result,
// the values it holds at once and its steps, counted from the arguments
// before the reference runs. One estimator per served function, named like
// it (grader/authoring/reference_support.hpp).
#pragma once

#include "attention/bridge/declarations.hpp"
#include "grader/authoring/reference_support.hpp"

namespace course::bridge::attention::costs {

// scores (R, C) -> weights (R, C): one pass of exp and one of division per row.
inline CallbackCost softmax_rows(const MatrixXf& scores) {
  const double values = elements(scores.rows(), scores.cols());
  return {values, values, 3 * steps({scores.rows(), scores.cols()})};
}

// query (L, D), key (S, D), value (S, Dv): the scores, their product's
// temporary and the weights are (L, S) each, the output (L, Dv); the
// products take L*S*D and L*S*Dv multiply-adds.
inline CallbackCost scaled_dot_product_attention(const MatrixXf& query, const MatrixXf& key, const MatrixXf& value,
                                                 const course::Mask&) {
  const Index l = query.rows(), d = query.cols(), s = key.rows(), dv = value.cols();
  const double result = elements(l, s) + elements(l, dv);
  return {result, 3 * elements(l, s) + elements(l, dv), steps({l, s, d}) + 4 * steps({l, s}) + steps({l, s, dv})};
}

// (length, length) booleans, then the same as floats.
inline CallbackCost causal_mask(Index length) {
  return {elements(length, length), 2 * elements(length, length), 2 * steps({length, length})};
}

}  // namespace course::bridge::attention::costs
