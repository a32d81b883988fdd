// What the reference of each served learned-vs-fixed function costs on the
// trusted side, for the exercises of the lesson that use it (course.yaml, an
// exercise's `uses`; docs/security.md "Callbacks"): its result, the values it
// holds at once and its steps, counted from the arguments before the
// reference runs. One estimator per served function, named like it
// (grader/authoring/reference_support.hpp).
#pragma once

#include <cstdint>

#include "grader/authoring/reference_support.hpp"
#include "learned-vs-fixed/bridge/declarations.hpp"

namespace course::bridge::learned_vs_fixed::costs {

// positions (L, W): two numbers, one row difference (W) at a time; every
// pair p < q is a pass over W columns, counted as L * L * W to stay an upper
// bound (and a pass over the rows even when W is 0).
inline CallbackCost position_stats(const MatrixXd& positions) {
  const Index l = positions.rows(), w = positions.cols();
  return {2, 2 + 2 * elements({w}), steps({l, l, w})};
}

// lvf-table's class, served by hand (reference_server.cpp), in namespace
// costs::LearnedPositionalEmbedding. A method's call carries the object's
// table (R, C), on which the trusted side rebuilds a reference object first:
// its constructor draws R * C values (a loop over the R rows even when C is
// 0), then set_table copies the carried table in.
namespace LearnedPositionalEmbedding {

inline double rebuilt_steps(const MatrixXd& table) {
  return steps({table.rows(), table.cols()}) + 2 * elements(table.rows(), table.cols());
}

// The (max_len, d_model) table, drawn, and its copy that is the answer.
inline CallbackCost construct(Index max_len, Index d_model, std::uint64_t) {
  const double table = elements(max_len, d_model);
  return {table, 2 * table, steps({max_len, d_model}) + table};
}

// The carried and the rebuilt table, the new table (checked, moved in) and
// its copy that is the answer.
inline CallbackCost set_table(const MatrixXd& current, const MatrixXd& table) {
  const double now = elements(current.rows(), current.cols()), next = elements(table.rows(), table.cols());
  return {next, 2 * now + 2 * next, rebuilt_steps(current) + 2 * next};
}

// The carried and the rebuilt table, and the first seq_len rows (at most
// all of them: a longer seq_len is refused before anything is copied).
inline CallbackCost forward(const MatrixXd& table, Index) {
  const double values = elements(table.rows(), table.cols());
  return {values, 3 * values, rebuilt_steps(table) + values};
}

}  // namespace LearnedPositionalEmbedding

}  // namespace course::bridge::learned_vs_fixed::costs
