// Exercise lvf-table: a learned positional embedding table.
// Read lessons/learned-vs-fixed/README.md first; check your work with
//   build/bin/grader check learned-vs-fixed
#include "common/seeded_init.hpp"
#include "learned-vs-fixed/learned_vs_fixed.hpp"

namespace course {

LearnedPositionalEmbedding::LearnedPositionalEmbedding(Index max_len, Index d_model, std::uint64_t seed) {
  // TODO(lvf-table): check max_len and d_model, then fill table_ (max_len, d_model)
  // row by row from SplitMix64(seed), each entry uniform(std::sqrt(3.0f)).
  (void)max_len;
  (void)d_model;
  (void)seed;
  throw not_implemented("LearnedPositionalEmbedding", "lesson learned-vs-fixed, exercise lvf-table");
}

void LearnedPositionalEmbedding::set_table(MatrixXd table) {
  // TODO(lvf-table): check that table has the current table's shape, then keep it.
  (void)table;
  throw not_implemented("LearnedPositionalEmbedding::set_table", "lesson learned-vs-fixed, exercise lvf-table");
}

MatrixXd LearnedPositionalEmbedding::forward(Index seq_len) const {
  // TODO(lvf-table): the first seq_len rows -> (seq_len, d_model). A negative
  // seq_len is std::invalid_argument; more rows than the table has is
  // std::out_of_range with the message the header gives.
  (void)seq_len;
  throw not_implemented("LearnedPositionalEmbedding::forward", "lesson learned-vs-fixed, exercise lvf-table");
}

}  // namespace course
