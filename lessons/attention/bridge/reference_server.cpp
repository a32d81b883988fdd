// The trusted side of lesson attention's callbacks: runs its reference
// functions for the worker of a later lesson that uses them
// (grader/client/reference_table.hpp). Linked only into the suites of an
// instructor build, never into a worker. Each function's cost (its result,
// what it holds at once, its steps) is counted from the arguments and
// checked before the reference runs (docs/security.md, "Callbacks").
#include "attention/bridge/declarations.hpp"
#include "grader/authoring/reference_support.hpp"

namespace {

using namespace course::bridge;
using course::Index;
using course::MatrixXf;

// scores (R, C) -> weights (R, C): one pass of exp and one of division per row.
CallbackCost softmax_cost(const MatrixXf& scores) {
  const double values = elements(scores.rows(), scores.cols());
  return {values, values, 3 * steps({scores.rows(), scores.cols()})};
}

// query (L, D), key (S, D), value (S, Dv): the scores, their product's
// temporary and the weights are (L, S) each, the output (L, Dv); the
// products take L*S*D and L*S*Dv multiply-adds.
CallbackCost attention_cost(const MatrixXf& query, const MatrixXf& key, const MatrixXf& value, const course::Mask&) {
  const Index l = query.rows(), d = query.cols(), s = key.rows(), dv = value.cols();
  const double result = elements(l, s) + elements(l, dv);
  return {result, 3 * elements(l, s) + elements(l, dv), steps({l, s, d}) + 4 * steps({l, s}) + steps({l, s, dv})};
}

// (length, length) booleans, then the same as floats.
CallbackCost causal_mask_cost(Index length) {
  return {elements(length, length), 2 * elements(length, length), 2 * steps({length, length})};
}

const bool registered =
    serve_reference<&course::softmax_rows>("attention", attention::softmax_rows, softmax_cost) &&
    serve_reference<&course::scaled_dot_product_attention>("attention", attention::scaled_dot_product_attention,
                                                           attention_cost) &&
    serve_reference<&course::causal_mask>("attention", attention::causal_mask, causal_mask_cost);

}  // namespace
