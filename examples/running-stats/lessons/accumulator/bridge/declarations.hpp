// RunningStats as both sides of the bridge know it (docs/bridge-api.md): the
// student's object lives in the worker across calls; the suites hold a handle.
#pragma once

#include "accumulator/running_stats.hpp"
#include "grader/authoring/declare.hpp"
#include "grader/authoring/objects.hpp"

namespace course::bridge::acc {

using C = course::RunningStats;

inline const auto stats = declare_class<C>("RunningStats");
inline const auto construct = stats.constructor<>();
inline const auto add = stats.method<decltype(&C::add)>("add", "x");
inline const auto count = stats.method<decltype(&C::count)>("count");
inline const auto mean = stats.method<decltype(&C::mean)>("mean");
inline const auto variance = stats.method<decltype(&C::variance)>("variance");

}  // namespace course::bridge::acc
