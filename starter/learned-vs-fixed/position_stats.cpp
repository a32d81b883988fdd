// Exercise lvf-stats: measure a table of position encodings.
// Read lessons/learned-vs-fixed/README.md first; check your work with
//   build/bin/grader check learned-vs-fixed
#include "learned-vs-fixed/learned_vs_fixed.hpp"

namespace course {

PositionStats position_stats(const MatrixXd& positions) {
  // TODO(lvf-stats): positions (L, W), L >= 2. Visit every pair p < q once:
  // the smallest distance, the mean distance, and the mean over the
  // neighbouring pairs (q = p + 1) only.
  (void)positions;
  throw not_implemented("position_stats", "lesson learned-vs-fixed, exercise lvf-stats");
}

}  // namespace course
