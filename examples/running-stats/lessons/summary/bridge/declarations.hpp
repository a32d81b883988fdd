// The summary bridge (docs/bridge-api.md): summarize and the Summary it
// returns, as both sides know them; the build generates the rest from this
// list (grader/authoring/lesson_bridge.hpp).
#pragma once

#include "grader/authoring/lesson_bridge.hpp"
#include "summary/summary.hpp"

COURSE_STRUCT_FIELDS(course::Summary, count, mean, stddev);

#define COURSE_BRIDGE_summary(FUNCTION, CLASS, METHOD, CALL) FUNCTION(summarize, "values")
COURSE_BRIDGE(summary)
