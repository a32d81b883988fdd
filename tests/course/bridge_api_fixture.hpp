// A small "lesson" for bridge_api_test: an API header's worth of functions,
// an enum, a struct and a class, with their bridge declarations. The worker
// (bridge_api_test_worker.cpp) defines and exposes them; the test only
// includes this header and links no definition, as a lesson's suites do.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grader/authoring/declare.hpp"
#include "grader/authoring/objects.hpp"
#include "common/tensor_codec.hpp"

namespace bridge_fixture {

using course::Index;

enum class Colour { red, green, blue };

struct Point {
  Index x = 0;
  double y = 0.0;
  std::optional<std::string> label;
  Colour colour = Colour::red;
};

/// x * factor
double scale(double x, int factor = 2);
/// The points moved by (dx, dy); throws std::invalid_argument "dx must be >= 0" for dx < 0.
std::vector<Point> shift(const std::vector<Point>& points, Index dx, double dy = 0.0);
/// (rows, cols) of a matrix, and its transpose.
std::pair<std::tuple<Index, Index>, course::MatrixXf> transpose(const course::MatrixXf& m);
std::optional<course::Tensor> maybe_tensor(bool give, std::uint64_t seed);

/// State that lives across calls.
class Counter {
 public:
  /// \throws std::invalid_argument when step <= 0
  explicit Counter(Index start, Index step = 1);
  Index next();
  Index value() const;
  const std::vector<Index>& history() const;
  /// Replaces start and step; throws std::invalid_argument and changes nothing when step <= 0.
  void reset(Index start, Index step);
  Index operator()(Index times) const;

 private:
  Index value_ = 0;
  Index step_ = 1;
  std::vector<Index> history_;
};

}  // namespace bridge_fixture

COURSE_ENUM_NAMES(bridge_fixture::Colour, {bridge_fixture::Colour::red, "red"},
                  {bridge_fixture::Colour::green, "green"}, {bridge_fixture::Colour::blue, "blue"});
COURSE_STRUCT_FIELDS(bridge_fixture::Point, x, y, label, colour);

namespace bridge_fixture::declared {

using course::bridge::arg;
using course::bridge::declare;

inline const auto scale = declare<decltype(bridge_fixture::scale)>("scale", "x", arg("factor") = 2);
inline const auto shift = declare<decltype(bridge_fixture::shift)>("shift", "points", "dx", arg("dy") = 0.0);
inline const auto transpose = declare<decltype(bridge_fixture::transpose)>("transpose", "m");
inline const auto maybe_tensor = declare<decltype(bridge_fixture::maybe_tensor)>("maybe_tensor", "give", "seed");

inline const auto counter = course::bridge::declare_class<Counter>("Counter");
inline const auto counter_new = counter.constructor<Index, Index>("start", arg("step") = Index{1});
inline const auto counter_next = counter.method<decltype(&Counter::next)>("next");
inline const auto counter_value = counter.method<decltype(&Counter::value)>("value");
inline const auto counter_history = counter.method<decltype(&Counter::history)>("history");
inline const auto counter_reset = counter.method<decltype(&Counter::reset)>("reset", "start", "step");
inline const auto counter_call = counter.method<decltype(&Counter::operator())>("", "times");

// Functions the worker answers wrongly on purpose (a hostile worker), declared
// with honest types: the replies must fail the call, never crash the suite.
inline const auto lies_type = declare<decltype(bridge_fixture::scale)>("lies.type", "x", arg("factor") = 2);
inline const auto lies_extra = declare<decltype(bridge_fixture::scale)>("lies.extra", "x", arg("factor") = 2);
inline const auto lies_list = declare<decltype(bridge_fixture::shift)>("lies.list", "points", "dx", arg("dy") = 0.0);
inline const auto lies_enum = declare<decltype(bridge_fixture::shift)>("lies.enum", "points", "dx", arg("dy") = 0.0);

}  // namespace bridge_fixture::declared
