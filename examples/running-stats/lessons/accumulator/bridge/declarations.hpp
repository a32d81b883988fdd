// The accumulator bridge (docs/bridge-api.md): RunningStats as both sides
// know it, its constructor and methods named once; the build generates the
// rest from this list (grader/authoring/lesson_bridge.hpp). The student's
// object lives in the worker across calls; the suites hold a handle,
// student::RunningStats.
#pragma once

#include "accumulator/running_stats.hpp"
#include "grader/authoring/lesson_bridge.hpp"

#define COURSE_BRIDGE_accumulator(FUNCTION, CLASS, METHOD, CALL) \
  CLASS(RunningStats, (), (), METHOD(add, "x") METHOD(count) METHOD(mean) METHOD(variance))
COURSE_BRIDGE(accumulator)
