// The state of a lesson class that a later lesson uses (docs/bridge-api.md,
// "A class a later lesson uses"), shared by both sides of its callbacks.
// A later lesson's code builds the object in *its* worker, where only the
// earlier lesson's use stubs stand in for the class's code: each method call
// carries the object's state (the members the declarations' file names once,
// below) to the trusted side, which rebuilds a reference object from it,
// runs the method there, and answers the result, and the new state when the
// method is not const. One line per class, at file scope after the lesson's
// list:
//
//   COURSE_OBJECT_STATE(course::Filter, (width_, depth_), (set_weights, weights_));
//
// The first group is the members passed to the constructor, in order (the
// rest of its parameters take the header's defaults); each later element is
// a member set through a public method, `(setter, member)`, or a bare member,
// written as it came. The trusted side rebuilds the object in that order,
// so every value from the (hostile) worker goes through the class's own
// checks: constructor arguments and setters. A bare member is for a value
// the reference accepts whatever it is (a count, a running sum); anything
// the reference relies on (sizes, shapes) must come through the constructor
// or a setter.
//
// The members are private; nothing in the lesson header grants access.
// COURSE_OBJECT_STATE names them in an explicit instantiation, the one place
// C++ does not check access ([temp.spec.general]: names in an explicit
// instantiation's template arguments), and keeps their member pointers,
// which both sides then read and write the state through. (Its macros use
// lesson_bridge.hpp's COURSE_PP_ helpers; lesson_bridge.hpp includes it.)
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>
#include <tuple>
#include <type_traits>
#include <utility>

#include "grader/authoring/codec_macros.hpp"
#include "grader/authoring/declare.hpp"
#include "grader/authoring/objects.hpp"

namespace course::bridge {

namespace detail {

/// The class whose state a registration describes (found by argument-dependent lookup).
template <typename C>
struct state_tag {};
/// Members passed to the constructor, in the constructor's order.
template <auto... Members>
struct constructed_from {};
/// A member set through the public method Setter, which checks it.
template <auto Setter, auto Member>
struct set_by {};
/// A member written as it came: for values the reference takes whatever they are.
template <auto Member>
struct written {};

/// COURSE_OBJECT_STATE instantiates this once per class: its friend hands the
/// member pointers (its template arguments) to the code below. `Unit` is a
/// type local to the translation unit, so each unit instantiates its own (an
/// explicit instantiation of one specialisation may appear once in a program).
template <typename Unit, typename C, typename... Parts>
struct state_registration {
  friend constexpr auto object_state_parts(state_tag<C>) { return std::tuple<Parts...>{}; }
};

template <typename Part>
struct part_members;
template <auto... M>
struct part_members<constructed_from<M...>> {
  static constexpr auto pointers = std::tuple{M...};
};
template <auto Setter, auto M>
struct part_members<set_by<Setter, M>> {
  static constexpr auto pointers = std::tuple{M};
};
template <auto M>
struct part_members<written<M>> {
  static constexpr auto pointers = std::tuple{M};
};

template <typename Pointer>
struct member_value;
template <typename T, typename C>
struct member_value<T C::*> {
  using type = T;
};
template <typename Pointers>
struct values_of;
template <typename... P>
struct values_of<std::tuple<P...>> {
  using type = std::tuple<typename member_value<P>::type...>;
};

/// The members' names, as COURSE_OBJECT_STATE lists them ("embed_dim_").
template <typename C>
struct state_names;

}  // namespace detail

/// A class whose state a lesson declared with COURSE_OBJECT_STATE.
template <typename C>
concept has_object_state = requires { object_state_parts(detail::state_tag<C>{}); };

namespace detail {
template <typename C>
using state_parts = decltype(object_state_parts(state_tag<C>{}));

/// Every state member's pointer, constructor members first.
template <typename C>
constexpr auto state_pointers() {
  return std::apply([](auto... parts) { return std::tuple_cat(part_members<decltype(parts)>::pointers...); },
                    state_parts<C>{});
}
}  // namespace detail

/// The values of C's state members, in the order COURSE_OBJECT_STATE names them.
template <typename C>
using object_state_t = typename detail::values_of<decltype(detail::state_pointers<C>())>::type;

/// A copy of the object's state.
template <typename C>
object_state_t<C> read_state(const C& object) {
  return std::apply([&object](auto... member) { return object_state_t<C>{object.*member...}; },
                    detail::state_pointers<C>());
}

/// Sets the object's state members as they are, unchecked: for a stub
/// object in a worker, whose state comes from the reference.
template <typename C>
void write_state(C& object, object_state_t<C>&& state) {
  constexpr auto pointers = detail::state_pointers<C>();
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((object.*std::get<I>(pointers) = std::move(std::get<I>(state))), ...);
  }(std::make_index_sequence<std::tuple_size_v<decltype(pointers)>>{});
}

namespace detail {
/// Sets one member after the constructor's, the state's value at Index, on a rebuilt object.
template <typename C, typename Part, std::size_t Index>
struct apply_part;
template <typename C, auto Setter, auto M, std::size_t Index>
struct apply_part<C, set_by<Setter, M>, Index> {
  static void to(C& object, const object_state_t<C>& state) { (object.*Setter)(std::get<Index>(state)); }
};
template <typename C, auto M, std::size_t Index>
struct apply_part<C, written<M>, Index> {
  static void to(C& object, const object_state_t<C>& state) { object.*M = std::get<Index>(state); }
};

template <typename Ctor>
struct constructor_arity;
template <auto... M>
struct constructor_arity<constructed_from<M...>> : std::integral_constant<std::size_t, sizeof...(M)> {};
}  // namespace detail

/// Runs `use(object)` on a reference object rebuilt from `state` through the
/// class's own checks: the constructor with the constructor members, then
/// each later member through its setter (or written). Whatever they throw
/// propagates, as the reference's own error.
template <typename C, typename Use>
decltype(auto) on_rebuilt(const object_state_t<C>& state, Use&& use) {
  using Parts = detail::state_parts<C>;
  constexpr std::size_t from_constructor = detail::constructor_arity<std::tuple_element_t<0, Parts>>::value;
  return [&]<std::size_t... I, std::size_t... J>(std::index_sequence<I...>, std::index_sequence<J...>) -> decltype(auto) {
    C object(std::get<I>(state)...);
    (detail::apply_part<C, std::tuple_element_t<J + 1, Parts>, from_constructor + J>::to(object, state), ...);
    return std::forward<Use>(use)(object);
  }(std::make_index_sequence<from_constructor>{}, std::make_index_sequence<std::tuple_size_v<Parts> - 1>{});
}

namespace detail {
template <typename State, typename Result>
struct changed {
  using type = std::pair<State, Result>;
};
template <typename State>
struct changed<State, void> {
  using type = State;
};

template <typename Result, typename State, typename Params>
struct travelling_signature;
/// Result(const S&..., A...): the state's members, then the call's own arguments.
template <typename Result, typename... S, typename... A>
struct travelling_signature<Result, std::tuple<S...>, std::tuple<A...>> {
  using type = Result(const S&..., A...);
};

template <typename Sig, std::size_t... I>
auto travelling_function(const std::string& wire_name, const std::vector<std::string>& names, std::index_sequence<I...>) {
  return Function<Sig, sizeof...(I)>(wire_name, names[I]...).on_the_wire_as(wire_name);
}

template <typename Decl>
constexpr bool is_constructor = requires { typename Decl::Class; } && !requires { typename Decl::Pointer; };
}  // namespace detail

/// The declaration `Decl` (a constructor or method of a class with
/// COURSE_OBJECT_STATE) as it travels in a callback, under its own wire name
/// ("Filter.apply"):
///   constructor C(A...)          -> the new object's state
///   const method R m(A...)       (state..., A...) -> R
///   other method R m(A...)       (state..., A...) -> (state, R), or the state alone when R is void
template <const auto& Decl>
const auto& travelling() {
  using D = std::remove_cvref_t<decltype(Decl)>;
  using C = typename D::Class;
  static_assert(has_object_state<C>,
                "a class a later lesson uses needs COURSE_OBJECT_STATE(course::C, ...) after its lesson's list "
                "(docs/bridge-api.md, \"A class a later lesson uses\")");
  static const auto declared = [] {
    std::vector<std::string> names;
    if constexpr (detail::is_constructor<D>) {
      for (std::size_t i = 0; i < D::arity; ++i) names.push_back(Decl.parameter(i));
      using Sig = typename detail::travelling_signature<object_state_t<C>, std::tuple<>, typename D::Params>::type;
      return detail::travelling_function<Sig>(Decl.wire_name(), names, std::make_index_sequence<D::arity>{});
    } else {
      for (std::string_view member : detail::state_names<C>::names) names.emplace_back(member);
      for (std::size_t i = 0; i < D::arity; ++i) names.push_back(Decl.parameter(i));
      using Result = std::conditional_t<D::is_const, typename D::Result,
                                        typename detail::changed<object_state_t<C>, typename D::Result>::type>;
      using Sig = typename detail::travelling_signature<Result, object_state_t<C>, typename D::Params>::type;
      return detail::travelling_function<Sig>(Decl.wire_name(), names, std::make_index_sequence<std::tuple_size_v<object_state_t<C>> + D::arity>{});
    }
  }();
  return declared;
}

}  // namespace course::bridge

/// The generated stubs and server of class course::Name (worker_support.hpp,
/// reference_support.hpp) stop here, naming it, before anything else about
/// it fails, when its lesson has no COURSE_OBJECT_STATE line for it: without
/// one its calls cannot carry the object, and the errors that follow are
/// about the framework's templates, not the missing line.
#define COURSE_OBJECT_STATE_REQUIRED_(Name)                                                                      \
  static_assert(::course::bridge::has_object_state<::course::Name>,                                             \
                "class course::" #Name " is built by code graded against its lesson's reference (a later "        \
                "lesson's `uses` without mode: student, or another exercise's): add COURSE_OBJECT_STATE(course::" \
                #Name ", (constructor members...), (setter, member)...) after the list in its lesson's "           \
                "bridge/declarations.hpp (docs/bridge-api.md, \"A class a later lesson uses\")")

// ---- COURSE_OBJECT_STATE(Class, (constructor members...), later members...) ----

#define COURSE_OBJECT_STATE_POINTERS_(Class, ...) __VA_OPT__(COURSE_FOR_EACH(COURSE_FIELD_POINTER, Class, __VA_ARGS__))
#define COURSE_OBJECT_STATE_PART_(Class, x) \
  COURSE_PP_IIF(COURSE_PP_IS_PAREN(x))(COURSE_OBJECT_STATE_SET_BY_, COURSE_OBJECT_STATE_WRITTEN_)(Class, x)
#define COURSE_OBJECT_STATE_SET_BY_(Class, pair) COURSE_OBJECT_STATE_SET_BY_SPLIT_(Class, COURSE_PP_UNPAREN pair)
#define COURSE_OBJECT_STATE_SET_BY_SPLIT_(...) COURSE_OBJECT_STATE_SET_BY_AS_(__VA_ARGS__)
#define COURSE_OBJECT_STATE_SET_BY_AS_(Class, setter, member) ::course::bridge::detail::set_by<&Class::setter, &Class::member>
#define COURSE_OBJECT_STATE_WRITTEN_(Class, member) ::course::bridge::detail::written<&Class::member>
#define COURSE_OBJECT_STATE_NAME_(Class, x) \
  COURSE_PP_IIF(COURSE_PP_IS_PAREN(x))(COURSE_OBJECT_STATE_SET_NAME_, COURSE_OBJECT_STATE_PLAIN_NAME_)(Class, x)
#define COURSE_OBJECT_STATE_SET_NAME_(Class, pair) COURSE_OBJECT_STATE_SET_NAME_SPLIT_(Class, COURSE_PP_UNPAREN pair)
#define COURSE_OBJECT_STATE_SET_NAME_SPLIT_(...) COURSE_OBJECT_STATE_SET_NAME_AS_(__VA_ARGS__)
#define COURSE_OBJECT_STATE_SET_NAME_AS_(Class, setter, member) std::string_view(#member),
#define COURSE_OBJECT_STATE_PLAIN_NAME_(Class, member) std::string_view(#member),
#define COURSE_OBJECT_STATE_NAMES_(Class, ...) COURSE_PP_FOR_EACH(COURSE_OBJECT_STATE_PLAIN_NAME_, Class, __VA_ARGS__)
#define COURSE_OBJECT_STATE_SPLIT_(macro, ...) macro(__VA_ARGS__)

/// The state of `Class` as its callbacks carry it (see the top of this file):
/// the members given to its constructor, in parentheses, then each member
/// set through a public method, `(setter, member)`, or written as it is.
/// At file scope, after the lesson's list; at most 12 members in all.
#define COURSE_OBJECT_STATE(Class, constructed, ...)                                                              \
  namespace course::bridge::detail {                                                                            \
  constexpr auto object_state_parts(state_tag<Class>);                                                          \
  template <>                                                                                                   \
  struct state_names<Class> {                                                                                   \
    static constexpr std::string_view names[] = {                                                              \
        COURSE_OBJECT_STATE_SPLIT_(COURSE_OBJECT_STATE_NAMES_, Class, COURSE_PP_UNPAREN constructed)             \
            COURSE_PP_FOR_EACH(COURSE_OBJECT_STATE_NAME_, Class, __VA_ARGS__)};                                  \
  };                                                                                                            \
  namespace {                                                                                                   \
  struct this_unit;                                                                                             \
  }                                                                                                             \
  }                                                                                                             \
  template struct ::course::bridge::detail::state_registration<                                                 \
      ::course::bridge::detail::this_unit, Class,                                                              \
      ::course::bridge::detail::constructed_from<COURSE_OBJECT_STATE_SPLIT_(                                    \
          COURSE_OBJECT_STATE_POINTERS_, Class, COURSE_PP_UNPAREN constructed)>                                 \
          __VA_OPT__(, COURSE_FOR_EACH(COURSE_OBJECT_STATE_PART_, Class, __VA_ARGS__))>
