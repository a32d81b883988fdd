// The worker of the later fixture lesson (object_state_fixture.hpp): its
// os_script is the "student's" code, and OsTally exists here only as the
// generated use stubs, which call back for every constructor and method.
#include "grader/authoring/worker_support.hpp"
#include "object_state_fixture.hpp"

COURSE_USE_STUBS(object_state_fixture)
COURSE_WORKER_TABLE(object_state_later)

std::vector<course::Index> course::os_script(Index start, Index step, Index times) {
  OsTally tally(start);
  std::vector<Index> seen{tally.total()};
  tally.set_step(step);
  seen.push_back(tally.add(times));
  seen.push_back(tally.total());  // the header's own total(): the state written back after add
  const OsTally copy = tally;     // a copy carries the same state
  seen.push_back(copy.peek(1));
  seen.push_back(copy(2));
  return seen;
}
