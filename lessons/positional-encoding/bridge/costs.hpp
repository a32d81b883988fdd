// What the reference of each positional-encoding function costs on the
// trusted side, for later lessons' callbacks (docs/security.md "Callbacks"):
// its result, the values it holds at once and its steps, counted from the
// arguments before the reference runs. One estimator per served function,
// named like it (grader/authoring/reference_support.hpp).
#pragma once

#include "grader/authoring/reference_support.hpp"
#include "positional-encoding/bridge/declarations.hpp"

namespace course::bridge::positional_encoding::costs {

// The (seq_len, d_model) table, plus the blocked version's tables of one
// frequency per pair: two (32, pairs) offsets and three vectors of pairs.
// Steps: a loop over the positions runs even when d_model is 0.
inline CallbackCost positional_encoding(Index seq_len, Index d_model, double) {
  const double table = elements(seq_len, d_model);
  return {table, table + 67 * elements({d_model}), steps({seq_len, d_model}) + 67 * steps({d_model})};
}
inline CallbackCost positional_encoding_loop(Index seq_len, Index d_model) {
  const double table = elements(seq_len, d_model);
  return {table, table, steps({seq_len, d_model})};
}

}  // namespace course::bridge::positional_encoding::costs
