#include <cmath>
#include <stdexcept>
#include <string>

#include "positional-encoding/positional_encoding.hpp"

namespace course {

// Repaired loop version.
MatrixXd positional_encoding_loop(Index seq_len, Index d_model) {
  for (const auto& [v, label] : {std::pair<Index, const char*>{seq_len, "seq_len"}, {d_model, "d_model"}}) {
    if (v < 0) throw std::invalid_argument(std::string(label) + ": negative");
  }
  MatrixXd enc(seq_len, d_model);
  const double lb = std::log(10000.0);
  Index c = 0;
  while (c < d_model) {
    const bool is_even = c % 2 == 0;
    const double w = std::exp(-lb * static_cast<double>(c - (is_even ? 0 : 1)) / static_cast<double>(d_model));
    Index p = 0;
    while (p < seq_len) {
      const double ph = w * static_cast<double>(p);
      enc(p, c) = is_even ? std::sin(ph) : std::cos(ph);
      p += 1;
    }
    c += 1;
  }
  return enc;
}

}  // namespace course
