// Broken on purpose (grader integration test): every call spins forever
// before computing anything, so each call must hit the call time limit.
#include "positional-encoding/positional_encoding.hpp"

#include <cmath>
#include <cstdint>

namespace course {

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  // A volatile counter: the loop has a side effect and cannot be optimised away.
  volatile std::uint64_t spins = 0;
  for (;;) spins = spins + 1;
  MatrixXd pe(seq_len, d_model);
  for (Index i = 0; i < d_model; ++i)
    for (Index pos = 0; pos < seq_len; ++pos) pe(pos, i) = std::pow(base, 0.0);
  return pe;
}

}  // namespace course
