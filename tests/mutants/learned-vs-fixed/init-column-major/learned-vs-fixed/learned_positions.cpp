// Reference solution for exercise lvf-table.
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "common/seeded_init.hpp"
#include "learned-vs-fixed/learned_vs_fixed.hpp"

namespace course {

LearnedPositionalEmbedding::LearnedPositionalEmbedding(Index max_len, Index d_model, std::uint64_t seed) {
  if (max_len <= 0) throw std::invalid_argument("max_len must be > 0, got " + std::to_string(max_len));
  if (d_model <= 0) throw std::invalid_argument("d_model must be > 0, got " + std::to_string(d_model));
  // table: (max_len, d_model), drawn row by row so a longer table starts with
  // the rows of a shorter one from the same seed.
  SplitMix64 stream(seed);
  const float bound = std::sqrt(3.0f);
  table_.resize(max_len, d_model);
  for (Index c = 0; c < d_model; ++c)
    for (Index p = 0; p < max_len; ++p) table_(p, c) = static_cast<double>(stream.uniform(bound));
}

void LearnedPositionalEmbedding::set_table(MatrixXd table) {
  check_shape("table", table, {table_.rows(), table_.cols()});
  table_ = std::move(table);
}

MatrixXd LearnedPositionalEmbedding::forward(Index seq_len) const {
  // -> (seq_len, d_model)
  if (seq_len < 0) throw std::invalid_argument("seq_len must be >= 0, got " + std::to_string(seq_len));
  if (seq_len > table_.rows())
    throw std::out_of_range("sequence length " + std::to_string(seq_len) + " exceeds the table's " +
                            std::to_string(table_.rows()) +
                            " learned positions; a learned table cannot serve positions it never saw: use the "
                            "sinusoidal encoding or a larger max_len");
  return table_.topRows(seq_len);
}

}  // namespace course
