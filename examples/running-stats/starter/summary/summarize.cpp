#include "summary/summary.hpp"

#include <cmath>
#include <stdexcept>

namespace course {

Summary summarize(const std::vector<double>& values) {
  // TODO(summarize): refuse an empty list, add every value to one RunningStats, read its results.
  (void)values;
  throw not_implemented("summarize", "lesson summary, exercise summarize");
}

}  // namespace course
