// Reference solution for exercise lvf-lengths.
#include <limits>
#include <stdexcept>
#include <string>

#include "learned-vs-fixed/learned_vs_fixed.hpp"
#include "positional-encoding/positional_encoding.hpp"

namespace course {

std::vector<LengthReport> length_experiment(const std::vector<Index>& lengths, Index d_model, Index table_len,
                                            std::uint64_t seed) {
  for (std::size_t i = 0; i < lengths.size(); ++i)
    if (lengths[i] < 2)
      throw std::invalid_argument("lengths[" + std::to_string(i) + "] must be >= 2, got " + std::to_string(lengths[i]) +
                                  ": a single position has nothing to be compared with");
  // One table for every length, as one trained model would have.
  const LearnedPositionalEmbedding learned(table_len, d_model, seed);
  const double nan = std::numeric_limits<double>::quiet_NaN();

  std::vector<LengthReport> reports;
  for (Index length : lengths) {
    LengthReport r;
    r.length = length;
    r.learned_serves = length <= learned.max_len();
    r.learned = r.learned_serves ? position_stats(learned.forward(length)) : PositionStats{nan, nan};
    r.sinusoidal = position_stats(positional_encoding(table_len, d_model));
    reports.push_back(r);
  }
  return reports;
}

}  // namespace course
