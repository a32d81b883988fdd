// pe-repair: I rewrote the loop rather than patch it.
#include <cmath>
#include <stdexcept>
#include <string>

#include "positional-encoding/positional_encoding.hpp"

namespace course {

MatrixXd positional_encoding_loop(Index seq_len, Index d_model) {
  for (const auto& [value, name] : {std::pair<Index, const char*>{seq_len, "seq_len"}, {d_model, "d_model"}}) {
    if (value < 0) throw std::invalid_argument(std::string(name) + " must be non-negative");
  }
  MatrixXd table(seq_len, d_model);
  const double log_base = std::log(10000.0);
  for (Index column = 0; column < d_model; ++column) {
    const bool even = column % 2 == 0;
    const double rate = std::exp(-log_base * static_cast<double>(column - (even ? 0 : 1)) / static_cast<double>(d_model));
    for (Index position = 0; position < seq_len; ++position) {
      const double phase = rate * static_cast<double>(position);
      table(position, column) = even ? std::sin(phase) : std::cos(phase);
    }
  }
  return table;
}

}  // namespace course
