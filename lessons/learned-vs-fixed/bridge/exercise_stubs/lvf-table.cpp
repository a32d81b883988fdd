// lvf-table's class in the worker of an exercise graded against its
// reference (lvf-lengths in `grade`; declarations.hpp, the end): each
// constructor and method the header does not define asks the trusted side,
// carrying the object's table, and keeps the table it answers. The header's
// own max_len(), d_model() and table() then read that table.
#include <cstdint>
#include <utility>

#include "grader/authoring/worker_support.hpp"
#include "learned-vs-fixed/bridge/declarations.hpp"

namespace course {

namespace declared = bridge::learned_vs_fixed::lvf_table;

LearnedPositionalEmbedding::LearnedPositionalEmbedding(Index max_len, Index d_model, std::uint64_t seed)
    : table_(bridge::call_reference(declared::construct, max_len, d_model, seed)) {}

void LearnedPositionalEmbedding::set_table(MatrixXd table) {
  table_ = bridge::call_reference(declared::set_table, table_, table);
}

MatrixXd LearnedPositionalEmbedding::forward(Index seq_len) const {
  return bridge::call_reference(declared::forward, table_, seq_len);
}

}  // namespace course
