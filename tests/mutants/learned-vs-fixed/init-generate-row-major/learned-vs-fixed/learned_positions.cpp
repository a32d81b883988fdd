// Variant of exercise lvf-table: std::generate over the row-major storage.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "common/seeded_init.hpp"
#include "learned-vs-fixed/learned_vs_fixed.hpp"

namespace course {

LearnedPositionalEmbedding::LearnedPositionalEmbedding(Index max_len, Index d_model, std::uint64_t seed) {
  if (max_len < 1) throw std::invalid_argument("max_len must be > 0, got " + std::to_string(max_len));
  if (d_model < 1) throw std::invalid_argument("d_model must be > 0, got " + std::to_string(d_model));
  SplitMix64 stream(seed);
  table_ = MatrixXd(max_len, d_model);
  // Row-major storage: data() order is row by row, the recipe's order.
  std::generate(table_.data(), table_.data() + table_.size(),
                [&] { return static_cast<double>(stream.uniform(static_cast<float>(std::sqrt(3.0)))); });
}

void LearnedPositionalEmbedding::set_table(MatrixXd table) {
  if (table.rows() != max_len() || table.cols() != d_model())
    throw std::invalid_argument("table: expected shape " + shape_string({max_len(), d_model()}) + ", got " +
                                shape_string({table.rows(), table.cols()}));
  table_.swap(table);
}

MatrixXd LearnedPositionalEmbedding::forward(Index seq_len) const {
  if (seq_len < 0) throw std::invalid_argument("seq_len must be >= 0, got " + std::to_string(seq_len));
  if (seq_len > max_len())
    throw std::out_of_range("sequence length " + std::to_string(seq_len) + " exceeds the table's " +
                            std::to_string(max_len()) + " learned positions; use the sinusoidal encoding or a larger max_len");
  return table_.block(0, 0, seq_len, d_model());
}

}  // namespace course
