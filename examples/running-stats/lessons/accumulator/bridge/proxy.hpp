// Test side: student::RunningStats, a handle on the student's object in the
// worker, with the header's methods.
#pragma once

#include <cstdint>

#include "accumulator/bridge/declarations.hpp"
#include "grader/authoring/proxy_support.hpp"

namespace student {

class RunningStats : public course::bridge::ObjectHandle {
 public:
  RunningStats() : ObjectHandle(course::bridge::acc::construct) {}
  void add(double x) { call(course::bridge::acc::add, x); }
  std::int64_t count() const { return call(course::bridge::acc::count); }
  double mean() const { return call(course::bridge::acc::mean); }
  double variance() const { return call(course::bridge::acc::variance); }
};

}  // namespace student
