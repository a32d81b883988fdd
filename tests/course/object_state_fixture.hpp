// Two fixture lessons for object_state_test: "object-state-fixture", whose
// class a later lesson uses, and "object-state-later", whose function builds
// one. The later lesson's worker (object_state_test_worker.cpp) gets OsTally
// from the generated use stubs only; the test process holds the reference.
#pragma once

#include <cstdint>
#include <vector>

#include "grader/authoring/lesson_bridge.hpp"

namespace course {

// The framework knows no course type: the fixture says what its Index is.
using Index = std::int64_t;

/// A running total: a start (the constructor's), a step set through a checked
/// setter, and the number of add() calls, kept as it is.
class OsTally {
 public:
  /// \throws std::invalid_argument "start must be >= 0, got -1"
  explicit OsTally(Index start);
  /// Defined here: a stub object answers it from its own members.
  Index total() const { return total_; }
  /// \throws std::invalid_argument "step must be > 0, got 0"
  void set_step(Index step);
  /// total += times * step; returns the new total.
  Index add(Index times);
  /// total + extra * step + 1000 * adds: reads every member.
  Index peek(Index extra) const;
  /// x * step - adds.
  Index operator()(Index x) const;

 private:
  Index total_ = 0;
  Index step_ = 1;
  Index adds_ = 0;
};

/// The later lesson's function: what a tally built from these shows, step by step.
std::vector<Index> os_script(Index start, Index step, Index times);

}  // namespace course

#define COURSE_BRIDGE_object_state_fixture(FUNCTION, CLASS, METHOD, CALL) \
  CLASS(OsTally, (Index), ("start"),                                      \
        METHOD(total, (inline))                                           \
        METHOD(set_step, "step")                                          \
        METHOD(add, "times")                                              \
        METHOD(peek, (const), "extra")                                    \
        CALL((const), "x"))
COURSE_BRIDGE(object_state_fixture)
COURSE_OBJECT_STATE(course::OsTally, (total_), (set_step, step_), adds_);

#define COURSE_BRIDGE_object_state_later(FUNCTION, CLASS, METHOD, CALL) FUNCTION(os_script, "start", "step", "times")
COURSE_BRIDGE(object_state_later)
