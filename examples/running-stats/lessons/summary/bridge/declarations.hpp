// summarize and its Summary as both sides of the bridge know them.
#pragma once

#include "grader/authoring/declare.hpp"
#include "summary/summary.hpp"

COURSE_STRUCT_FIELDS(course::Summary, count, mean, stddev);

namespace course::bridge::sum {

inline const auto summarize = declare<decltype(course::summarize)>("summarize", "values");

}  // namespace course::bridge::sum
