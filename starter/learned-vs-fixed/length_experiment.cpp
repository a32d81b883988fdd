// Exercise lvf-lengths: learned and sinusoidal encodings over many lengths.
// Read lessons/learned-vs-fixed/README.md first; check your work with
//   build/bin/grader check learned-vs-fixed
#include "learned-vs-fixed/learned_vs_fixed.hpp"
#include "positional-encoding/positional_encoding.hpp"

namespace course {

std::vector<LengthReport> length_experiment(const std::vector<Index>& lengths, Index d_model, Index table_len,
                                            std::uint64_t seed) {
  // TODO(lvf-lengths): reject lengths below 2, build ONE learned table, then
  // for each length fill a LengthReport (NaN stats where the table is too short).
  (void)lengths;
  (void)d_model;
  (void)table_len;
  (void)seed;
  throw not_implemented("length_experiment", "lesson learned-vs-fixed, exercise lvf-lengths");
}

}  // namespace course
