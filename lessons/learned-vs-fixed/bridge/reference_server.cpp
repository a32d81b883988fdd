// The trusted side of lvf-table's class for lvf-lengths' worker
// (declarations.hpp, the end; bridge/exercise_stubs/lvf-table.cpp): each
// call answered on a reference object rebuilt from the table the call
// carries, its cost estimated first (costs.hpp).
#include <cstdint>
#include <utility>

#include "grader/authoring/reference_support.hpp"
#include "learned-vs-fixed/bridge/costs.hpp"

namespace {

using course::Index;
using course::LearnedPositionalEmbedding;
using course::MatrixXd;

// The table comes from the (hostile) worker: its shape goes through the
// constructor's checks, its values through set_table's.
LearnedPositionalEmbedding rebuilt(const MatrixXd& table) {
  LearnedPositionalEmbedding object(table.rows(), table.cols());
  object.set_table(table);
  return object;
}

MatrixXd construct(Index max_len, Index d_model, std::uint64_t seed) {
  return LearnedPositionalEmbedding(max_len, d_model, seed).table();
}
MatrixXd set_table(const MatrixXd& current, MatrixXd table) {
  LearnedPositionalEmbedding object = rebuilt(current);
  object.set_table(std::move(table));
  return object.table();
}
MatrixXd forward(const MatrixXd& table, Index seq_len) { return rebuilt(table).forward(seq_len); }

namespace declared = course::bridge::learned_vs_fixed::lvf_table;
namespace costs = course::bridge::learned_vs_fixed::costs::LearnedPositionalEmbedding;
const std::string kServedAs = "learned-vs-fixed/lvf-table";

[[maybe_unused]] const bool served =
    course::bridge::serve_reference<&construct>(kServedAs, declared::construct, costs::construct) &&
    course::bridge::serve_reference<&set_table>(kServedAs, declared::set_table, costs::set_table) &&
    course::bridge::serve_reference<&forward>(kServedAs, declared::forward, costs::forward);

}  // namespace
