// The trusted side of callbacks for a lesson's declared functions
// (grader/client/reference_table.hpp, docs/bridge-api.md). Included only by
// reference servers and the lessons' bridge/costs.hpp, linked only into the suites of an
// instructor build, never into a worker.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "grader/authoring/declare.hpp"
#include "grader/authoring/lesson_bridge.hpp"
#include "grader/client/reference_table.hpp"

namespace course::bridge {

using grader::client::CallbackCost;

/// The values of a tensor of these sizes (0 when one is 0). In a double, so
/// products of hostile sizes cannot overflow; a negative size counts as its
/// magnitude, so an estimate never relies on the reference refusing it.
inline double elements(std::initializer_list<std::int64_t> sizes) {
  double n = 1;
  for (std::int64_t s : sizes) n *= std::fabs(static_cast<double>(s));
  return n;
}
inline double elements(std::int64_t rows, std::int64_t cols) { return elements({rows, cols}); }

/// The iterations of loops nested over these sizes: as elements(), but an
/// empty size counts as 1, since the loops around it still run (merging the
/// heads of a (2^26, 2^26, 0, 1) tensor is 2^52 iterations over nothing).
inline double steps(std::initializer_list<std::int64_t> sizes) {
  double n = 1;
  for (std::int64_t s : sizes) n *= std::max(1.0, std::fabs(static_cast<double>(s)));
  return n;
}

namespace detail {
/// A callback's arguments decoded, once the trusted side has checked its
/// estimated cost (nothing runs for a call over the limits): what every
/// served reference does first.
template <typename Decl, typename Cost>
auto costed_arguments(const Decl& decl, const Cost& cost, const Values& values) {
  auto args = decl.decode_arguments(values);
  const std::string text = std::apply([&decl](const auto&... a) { return decl.call_text(a...); }, std::as_const(args));
  grader::client::check_callback_cost(std::apply(cost, std::as_const(args)), text);
  return args;
}
}  // namespace detail

/// serve_reference<&course::f>("lesson", declared, [](args...) { return CallbackCost{...}; }):
/// answers a worker's callback for declared.name() with the reference
/// course::f. `cost` gets the decoded arguments and returns what the
/// reference will do with them (its result, the values it holds at once,
/// its steps of work), an upper bound for any arguments the reference
/// accepts; the callback is refused before the reference runs when any part
/// is over its cap (grader::client::check_callback_cost, docs/security.md
/// "Callbacks"). Returns true (to initialise a variable).
template <auto Fn, typename Decl, typename Cost>
bool serve_reference(std::string lesson, const Decl& decl, Cost cost) {
  static_assert(std::is_same_v<decltype(Fn), typename Decl::Signature*>,
                "serve_reference: the declaration's signature is not this function's");
  static_assert(std::is_same_v<decltype(std::apply(cost, std::declval<const typename Decl::Arguments&>())), CallbackCost>,
                "serve_reference: the cost estimator takes the decoded arguments and returns a CallbackCost "
                "(result, held, steps)");
  return grader::client::add_reference(std::move(lesson), decl.wire_name(), [&decl, cost](const Values& values) {
    auto args = detail::costed_arguments(decl, cost, values);
    return decl.encode_result(std::apply(Fn, std::move(args)));
  });
}

/// serve_object_reference<&course::C::m, declared::C::m>("lesson", cost) (the
/// constructor: serve_object_reference<nullptr, declared::C::construct>): answers the
/// callbacks of a class with COURSE_OBJECT_STATE (object_state.hpp) under the
/// constructor's or method's wire name. A constructor builds the reference
/// object and answers its state; a method runs on a reference object rebuilt
/// from the state the call carries (through the class's constructor and
/// setters: its own checks), and a method that is not const answers the new
/// state too. `cost` gets the decoded arguments, the state's members first,
/// and must count the rebuilding as well.
template <auto Fn, const auto& Decl, typename Cost>
bool serve_object_reference(std::string lesson, Cost cost) {
  using D = std::remove_cvref_t<decltype(Decl)>;
  using C = typename D::Class;
  if constexpr (!detail::is_constructor<D>)
    static_assert(std::is_same_v<decltype(Fn), typename D::Pointer>,
                  "serve_object_reference: the declaration's member type is not this method's");
  const auto& decl = travelling<Decl>();
  using Travelling = std::remove_cvref_t<decltype(decl)>;
  static_assert(std::is_same_v<decltype(std::apply(cost, std::declval<const typename Travelling::Arguments&>())),
                               CallbackCost>,
                "serve_object_reference: the cost estimator takes the state's members, then the call's arguments, "
                "and returns a CallbackCost (result, held, steps)");
  return grader::client::add_reference(std::move(lesson), decl.wire_name(), [&decl, cost](const Values& values) {
    auto args = detail::costed_arguments(decl, cost, values);
    if constexpr (detail::is_constructor<D>) {
      return decl.encode_result(std::apply(
          [](auto&&... a) {
            C object(std::move(a)...);
            return read_state(object);
          },
          std::move(args)));
    } else {
      constexpr std::size_t members = std::tuple_size_v<object_state_t<C>>;
      return [&]<std::size_t... S, std::size_t... A>(std::index_sequence<S...>, std::index_sequence<A...>) {
        const object_state_t<C> state{std::move(std::get<S>(args))...};
        return on_rebuilt<C>(state, [&](C& object) {
          if constexpr (D::is_const) {
            return decl.encode_result((object.*Fn)(std::move(std::get<members + A>(args))...));
          } else if constexpr (std::is_void_v<typename D::Result>) {
            (object.*Fn)(std::move(std::get<members + A>(args))...);
            return decl.encode_result(read_state(object));
          } else {
            auto result = (object.*Fn)(std::move(std::get<members + A>(args))...);
            return decl.encode_result(std::pair{read_state(object), std::move(result)});
          }
        });
      }(std::make_index_sequence<members>{}, std::make_index_sequence<D::arity>{});
    }
  });
}

}  // namespace course::bridge

// ---- generated from a lesson's list (lesson_bridge.hpp) -----------------------

#define COURSE_SERVE_IGNORE_(...)
#define COURSE_SERVE_FUNCTION_(name, ...)                                                       \
  &&::course::bridge::serve_reference<&::course::name>(lesson, course_served_declared_::name, \
                                                        course_served_declared_::costs::name)

// A class: its constructor and each method the header does not define,
// estimated by course::bridge::<id>::costs::<Class>::construct, ::<method>
// and ::call_operator.
#define COURSE_SERVE_CLASS_(Name, types, names, methods)                                       \
  &&[] {                                                                                        \
    COURSE_OBJECT_STATE_REQUIRED_(Name);                                                        \
    return true;                                                                                \
  }() && ::course::bridge::serve_object_reference<nullptr, course_served_declared_::Name::construct>( \
      lesson, course_served_declared_::costs::Name::construct) COURSE_SERVE_MEMBERS_(Name methods)
#define COURSE_SERVE_METHOD_(name, ...) COURSE_METHOD_ENTRY(COURSE_SERVE_METHOD_AS_, name, __VA_ARGS__)
#define COURSE_SERVE_METHOD_AS_(marker, name, ...) , (marker, name, name)
#define COURSE_SERVE_CALL_(...) COURSE_CALL_ENTRY(COURSE_SERVE_CALL_AS_, __VA_ARGS__)
#define COURSE_SERVE_CALL_AS_(marker, ...) , (marker, operator(), call_operator)
#define COURSE_SERVE_MEMBERS_(...) COURSE_PP_FOR_EACH(COURSE_SERVE_MEMBER_, __VA_ARGS__)
#define COURSE_SERVE_MEMBER_(Name, method) COURSE_SERVE_MEMBER_SPLIT_(Name, COURSE_PP_UNPAREN method)
#define COURSE_SERVE_MEMBER_SPLIT_(...) COURSE_SERVE_MEMBER_AS_(__VA_ARGS__)
#define COURSE_SERVE_MEMBER_AS_(Name, marker, fn, decl) \
  COURSE_PP_CAT(COURSE_SERVE_KIND_, COURSE_PP_UNPAREN marker)(Name, fn, decl)
#define COURSE_SERVE_KIND_inline(Name, fn, decl)
#define COURSE_SERVE_KIND_const(Name, fn, decl) COURSE_SERVE_KIND_(Name, fn, decl)
#define COURSE_SERVE_KIND_(Name, fn, decl)                                                                   \
  &&::course::bridge::serve_object_reference<&::course::Name::fn, course_served_declared_::Name::decl>(    \
      lesson, course_served_declared_::costs::Name::decl)

/// The reference server, build/bridges/<lesson>/reference_server.cpp: each
/// function of `list` answered with the reference under `served_as` (the
/// lesson id, or "<lesson>/<exercise>"), its cost estimated by the function
/// of the same name in course::bridge::<id>::costs (the lesson's
/// bridge/costs.hpp), and each class's constructor and methods
/// (COURSE_SERVE_CLASS_): the lesson's classes, or those an exercise's list
/// restates, with that exercise's methods. A function or method served both
/// for the lesson and for an exercise is registered for the exercise (the
/// server's last registration), which a lesson that uses the whole lesson
/// reaches too (grader::client::find_reference).
#define COURSE_REFERENCE_SERVER_LIST(list, id, served_as)                                          \
  namespace {                                                                                      \
  namespace course_served_declared_ = ::course::bridge::id;                                        \
  [[maybe_unused]] const bool COURSE_PP_CAT(course_served_, __LINE__) = [] {                      \
    const std::string lesson = served_as;                                                          \
    return true list(COURSE_SERVE_FUNCTION_, COURSE_SERVE_CLASS_, COURSE_SERVE_METHOD_, COURSE_SERVE_CALL_);     \
  }();                                                                                             \
  }
/// Every function of lesson id and of the exercises given, under the lesson id.
#define COURSE_REFERENCE_SERVER(id, served_as, ...)                                                \
  namespace {                                                                                      \
  namespace course_served_declared_ = ::course::bridge::id;                                        \
  [[maybe_unused]] const bool COURSE_PP_CAT(course_served_, __LINE__) = [] {                      \
    const std::string lesson = served_as;                                                          \
    return true COURSE_BRIDGE_EXPAND(id, (COURSE_SERVE_FUNCTION_, COURSE_SERVE_CLASS_, COURSE_SERVE_METHOD_, \
                                          COURSE_SERVE_CALL_) __VA_OPT__(, ) __VA_ARGS__);         \
  }();                                                                                             \
  }
