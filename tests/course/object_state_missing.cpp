// Not built: object_state_missing_test.sh compiles it and expects it to fail.
// A class a later lesson uses, listed with its methods but without its
// COURSE_OBJECT_STATE line: the generated use stubs (and the reference server)
// must stop at a first error naming the class, the missing line and the doc
// section (grader/authoring/object_state.hpp, COURSE_OBJECT_STATE_REQUIRED_).
#include <cstdint>

#include "grader/authoring/lesson_bridge.hpp"
#include "grader/authoring/worker_support.hpp"
#if defined(OBJECT_STATE_MISSING_SERVER)
#include "grader/authoring/reference_support.hpp"
#endif

namespace course {

class OsUnstated {
 public:
  explicit OsUnstated(std::int64_t start);
  std::int64_t add(std::int64_t times);

 private:
  std::int64_t total_ = 0;
};

}  // namespace course

#define COURSE_BRIDGE_object_state_missing(FUNCTION, CLASS, METHOD, CALL) \
  CLASS(OsUnstated, (std::int64_t), ("start"), METHOD(add, "times"))
COURSE_BRIDGE(object_state_missing)
// No COURSE_OBJECT_STATE(course::OsUnstated, (total_)); here.

#if defined(OBJECT_STATE_MISSING_SERVER)
namespace course::bridge::object_state_missing::costs::OsUnstated {
inline constexpr auto construct = [](auto...) { return CallbackCost{1, 1, 1}; };
inline constexpr auto add = construct;
}  // namespace course::bridge::object_state_missing::costs::OsUnstated
COURSE_REFERENCE_SERVER(object_state_missing, "object-state-missing")
#else
COURSE_USE_STUBS(object_state_missing)
#endif
