// A lesson's list (grader/authoring/lesson_bridge.hpp) and what the build
// generates from it for the suites (COURSE_STUDENT_PROXIES): the
// declarations' names, wire names and defaults, and proxies that accept
// exactly the calls the header does (the number of arguments, their types,
// braces, const; a method's marker, `(const)`, changes none of it). Nothing is called: a fixture class and functions are
// declared, never defined, as a suite sees a lesson. Calls through a worker
// are bridge_api_test's and every lesson suite's.
#include <gtest/gtest.h>

#include <cstdint>
#include <type_traits>
#include <vector>

#include "grader/authoring/proxy_support.hpp"

namespace course {
// The framework knows no course type: the fixture says what its Index is.
using Index = std::int64_t;
double lb_scale(double x, int factor = 2);
double lb_part(double x);
class LbCounter {
 public:
  explicit LbCounter(Index start, Index step = 1);
  Index value() const;
  void add(Index n);
  std::vector<double> weights(const std::vector<double>& w, bool normalise = true) const;
  Index operator()(Index x) const;
};
}  // namespace course

#define COURSE_EXERCISE_lesson_bridge_fixture_part(FUNCTION, CLASS, METHOD, CALL) FUNCTION(lb_part, "x")
#define COURSE_BRIDGE_lesson_bridge_fixture(FUNCTION, CLASS, METHOD, CALL) \
  FUNCTION(lb_scale, "x", arg("factor") = 2)                              \
  CLASS(LbCounter, (Index, Index), ("start", arg("step") = Index{1}),     \
        METHOD(value, (const))                                            \
        METHOD(add, "n")                                                  \
        METHOD(weights, (const), "w", arg("normalise") = true)            \
        CALL((const), "x"))
COURSE_BRIDGE(lesson_bridge_fixture, part)
COURSE_STUDENT_PROXIES(lesson_bridge_fixture, part)

namespace {

using course::Index;
namespace declared = course::bridge::lesson_bridge_fixture;

template <typename F>
constexpr bool scale_takes_none = requires(const F& f) { f(); };
template <typename F>
constexpr bool scale_takes_one = requires(const F& f) { f(1.5); };
template <typename F>
constexpr bool scale_takes_three = requires(const F& f) { f(1.5, 2, 3); };

template <typename C>
constexpr bool value_on_const = requires(const C& c) { c.value(); };
template <typename C>
constexpr bool add_on_const = requires(const C& c) { c.add(Index{1}); };
template <typename C>
constexpr bool add_on_mutable = requires(C& c) { c.add(Index{1}); };
template <typename C>
constexpr bool add_without_argument = requires(C& c) { c.add(); };
template <typename C>
constexpr bool weights_in_braces = requires(const C& c) { c.weights({1.0, 2.0}); };
template <typename C>
constexpr bool weights_with_flag = requires(const C& c) { c.weights({1.0}, false); };
template <typename C>
constexpr bool weights_of_a_string = requires(const C& c) { c.weights("no"); };
template <typename C>
constexpr bool called = requires(const C& c) { c(Index{3}); };

TEST(LessonBridge, DeclaresEachEntryOnceWithItsWireName) {
  EXPECT_EQ(declared::lb_scale.wire_name(), "lb_scale");
  EXPECT_EQ(declared::lb_part.wire_name(), "lb_part");  // from the exercise's own list
  EXPECT_EQ(declared::LbCounter::construct.wire_name(), "LbCounter.new");
  EXPECT_EQ(declared::LbCounter::add.wire_name(), "LbCounter.add");
  EXPECT_EQ(declared::LbCounter::call_operator.wire_name(), "LbCounter.operator()");
  EXPECT_EQ(declared::LbCounter::weights.parameter(1), "normalise");
}

TEST(LessonBridge, TakesTheDefaultsOnce) {
  EXPECT_EQ(declared::lb_scale.required, 1u);
  EXPECT_EQ(declared::LbCounter::construct.required, 1u);
  EXPECT_EQ(declared::LbCounter::weights.required, 1u);
  // A trailing argument that reads as its default is left out of the call's text.
  EXPECT_EQ(declared::lb_scale.call_text(1.5, 2), "lb_scale(1.5)");
  EXPECT_EQ(declared::lb_scale.call_text(1.5, 3), "lb_scale(1.5, 3)");
}

TEST(LessonBridge, FunctionProxiesTakeWhatTheHeaderTakes) {
  using F = std::remove_cvref_t<decltype(student::lb_scale)>;
  EXPECT_FALSE(scale_takes_none<F>);
  EXPECT_TRUE(scale_takes_one<F>);
  EXPECT_FALSE(scale_takes_three<F>);
  EXPECT_TRUE((std::is_same_v<decltype(student::lb_part(1.0)), double>));
}

TEST(LessonBridge, ClassProxiesTakeWhatTheHeaderTakes) {
  using C = student::LbCounter;
  EXPECT_TRUE((std::is_constructible_v<C, Index>));
  EXPECT_TRUE((std::is_constructible_v<C, Index, Index>));
  EXPECT_FALSE((std::is_constructible_v<C>));
  EXPECT_FALSE((std::is_constructible_v<C, Index, Index, Index>));
  EXPECT_FALSE((std::is_copy_constructible_v<C>));  // a copy would alias the worker's one object
  EXPECT_TRUE((std::is_move_constructible_v<C>));
  EXPECT_TRUE(value_on_const<C>);
  EXPECT_FALSE(add_on_const<C>);  // add is not const in the header
  EXPECT_TRUE(add_on_mutable<C>);
  EXPECT_FALSE(add_without_argument<C>);
  EXPECT_TRUE(weights_in_braces<C>);
  EXPECT_TRUE(weights_with_flag<C>);
  EXPECT_FALSE(weights_of_a_string<C>);
  EXPECT_TRUE(called<C>);
  EXPECT_TRUE((std::is_same_v<decltype(std::declval<const C&>().value()), Index>));
  EXPECT_TRUE((std::is_same_v<decltype(std::declval<C&>().add(Index{1})), void>));
}

}  // namespace
