// The trusted side of lesson positional-encoding's callbacks: runs its
// reference functions for the worker of a later lesson that uses them
// (grader/client/reference_table.hpp). Linked only into the suites of an
// instructor build, never into a worker. Each function's cost (its result,
// what it holds at once, its steps) is counted from the arguments and
// checked before the reference runs (docs/security.md, "Callbacks").
#include "grader/authoring/reference_support.hpp"
#include "positional-encoding/bridge/declarations.hpp"

namespace {

using namespace course::bridge;
using course::Index;

// The (seq_len, d_model) table, plus the blocked version's tables of one
// frequency per pair: two (32, pairs) offsets and three vectors of pairs.
// Steps: a loop over the positions runs even when d_model is 0.
CallbackCost encoding_cost(Index seq_len, Index d_model, double) {
  const double table = elements(seq_len, d_model);
  return {table, table + 67 * elements({d_model}), steps({seq_len, d_model}) + 67 * steps({d_model})};
}
CallbackCost encoding_loop_cost(Index seq_len, Index d_model) {
  const double table = elements(seq_len, d_model);
  return {table, table, steps({seq_len, d_model})};
}

const bool registered =
    serve_reference<&course::positional_encoding>("positional-encoding", pe::positional_encoding, encoding_cost) &&
    serve_reference<&course::positional_encoding_loop>("positional-encoding", pe::positional_encoding_loop,
                                                       encoding_loop_cost);

}  // namespace
