// Variant of exercise lvf-lengths: one table per served length.
#include <cmath>
#include <stdexcept>
#include <string>

#include "learned-vs-fixed/learned_vs_fixed.hpp"
#include "positional-encoding/positional_encoding.hpp"

namespace course {

std::vector<LengthReport> length_experiment(const std::vector<Index>& lengths, Index d_model, Index table_len,
                                            std::uint64_t seed) {
  for (std::size_t i = 0; i < lengths.size(); ++i)
    if (lengths[i] < 2) throw std::invalid_argument("lengths[" + std::to_string(i) + "] is below 2");
  if (table_len <= 0) throw std::invalid_argument("max_len (table_len) must be > 0");
  std::vector<LengthReport> out;
  for (Index length : lengths) {
    LengthReport r;
    r.length = length;
    r.sinusoidal = position_stats(positional_encoding(length, d_model));
    try {
      // Throws out_of_range exactly when the table is too short.
      LearnedPositionalEmbedding full(table_len, d_model, seed);
      full.forward(length);
      r.learned_serves = true;
      r.learned = position_stats(LearnedPositionalEmbedding(length, d_model, seed).table());
    } catch (const std::out_of_range&) {
      r.learned = {std::nan(""), std::nan("")};
    }
    out.push_back(r);
  }
  return out;
}

}  // namespace course
