// A lesson's bridge as one list (docs/bridge-api.md). The lesson's
// bridge/declarations.hpp names each function and class of its API header
// once, with its parameter names and defaults, in a list macro named after
// the lesson id (hyphens as underscores), then declares it:
//
//   #define COURSE_BRIDGE_signal_basics(FUNCTION, CLASS, METHOD, CALL)
//     FUNCTION(moving_average, "samples", "window", arg("stride") = 1)
//     FUNCTION(peak_index, "samples")
//
// (each line of the #define but the last ends with a backslash).
//   COURSE_BRIDGE(signal_basics)
//
// A class names its constructor's parameter types (C++ cannot read them from
// the header), its parameter names, and its methods, each once:
//
//   CLASS(LowPassFilter, (double, int, std::uint64_t),
//         ("cutoff", "order", arg("seed") = std::uint64_t{0}),
//         METHOD(order) METHOD(apply, "samples", "rate", arg("options") = FilterOptions{})
//         CALL("x"))                                    // operator()
//
// A class a later lesson uses also restates each method's qualifier,
// METHOD(apply, (const), "samples", ...) for a const one and
// METHOD(order, (inline)) for one the header defines, and names its state in
// one line after the list (object_state.hpp):
//
//   COURSE_OBJECT_STATE(course::LowPassFilter, (cutoff_, order_), (set_taps, taps_));
//
// COURSE_BRIDGE(id) turns the list into the declarations both sides share
// (declare.hpp, objects.hpp) in namespace course::bridge::<id>:
// <id>::moving_average, <id>::LowPassFilter::construct,
// <id>::LowPassFilter::apply, <id>::LowPassFilter::call_operator.
// The build expands the same list into the rest, in files it generates
// (cmake/CourseLesson.cmake): the suites' student:: proxies
// (COURSE_STUDENT_PROXIES, proxy_support.hpp), the worker's table
// (COURSE_WORKER_TABLE, worker_support.hpp), the use stubs of a lesson later
// lessons use (COURSE_USE_STUBS: its functions, and its classes'
// constructors and methods, which carry the object's state) and its reference
// server (COURSE_REFERENCE_SERVER, reference_support.hpp), whose cost
// estimators the lesson writes as data beside the list, in bridge/costs.hpp.
//
// Functions that other exercises of the same lesson use are listed apart, in
// a list named COURSE_EXERCISE_<id>_<exercise> (hyphens as underscores),
// named again in COURSE_BRIDGE(id, <exercise>...); the build serves each such
// list to the exercises that use it (docs/architecture.md, "Exercises of the
// same lesson").
//
// An argument of an entry that holds a comma outside parentheses (a template
// with two arguments) is written in parentheses.
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>

#include "grader/authoring/declare.hpp"
#include "grader/authoring/object_state.hpp"
#include "grader/authoring/objects.hpp"

namespace course::bridge {

/// The type of parameter I of the function type Sig, exactly as declared.
template <typename Sig, std::size_t I>
using parameter_t = std::tuple_element_t<I, typename detail::signature<Sig>::params>;
/// The return type of the function type Sig.
template <typename Sig>
using result_t = typename detail::signature<Sig>::result;

namespace detail {
/// A generated overload taking K arguments of a declaration D is viable:
/// enough arguments, and the constness of the method (true for functions).
template <typename D, std::size_t K, bool Const>
inline constexpr bool takes = K >= D::required && K <= D::arity && D::is_const == Const;
}  // namespace detail

}  // namespace course::bridge

// ---- preprocessor helpers -----------------------------------------------------

#define COURSE_PP_CAT(a, b) COURSE_PP_CAT_(a, b)
#define COURSE_PP_CAT_(a, b) a##b
#define COURSE_PP_UNPAREN(...) __VA_ARGS__
/// The number of arguments, 0 to 12.
#define COURSE_PP_NARGS(...) COURSE_PP_NARGS_(__VA_ARGS__ __VA_OPT__(, ) 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define COURSE_PP_NARGS_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, n, ...) n

/// "P0 a0, P1 a1, ..." for the first k parameters of the function type S.
#define COURSE_PP_PARAM_(S, i) ::course::bridge::parameter_t<S, i> a##i
#define COURSE_PP_PARAMS_0(S)
#define COURSE_PP_PARAMS_1(S) COURSE_PP_PARAM_(S, 0)
#define COURSE_PP_PARAMS_2(S) COURSE_PP_PARAMS_1(S), COURSE_PP_PARAM_(S, 1)
#define COURSE_PP_PARAMS_3(S) COURSE_PP_PARAMS_2(S), COURSE_PP_PARAM_(S, 2)
#define COURSE_PP_PARAMS_4(S) COURSE_PP_PARAMS_3(S), COURSE_PP_PARAM_(S, 3)
#define COURSE_PP_PARAMS_5(S) COURSE_PP_PARAMS_4(S), COURSE_PP_PARAM_(S, 4)
#define COURSE_PP_PARAMS_6(S) COURSE_PP_PARAMS_5(S), COURSE_PP_PARAM_(S, 5)
#define COURSE_PP_PARAMS_7(S) COURSE_PP_PARAMS_6(S), COURSE_PP_PARAM_(S, 6)
#define COURSE_PP_PARAMS_8(S) COURSE_PP_PARAMS_7(S), COURSE_PP_PARAM_(S, 7)
#define COURSE_PP_PARAMS_9(S) COURSE_PP_PARAMS_8(S), COURSE_PP_PARAM_(S, 8)
#define COURSE_PP_PARAMS_10(S) COURSE_PP_PARAMS_9(S), COURSE_PP_PARAM_(S, 9)
#define COURSE_PP_PARAMS_11(S) COURSE_PP_PARAMS_10(S), COURSE_PP_PARAM_(S, 10)
#define COURSE_PP_PARAMS_12(S) COURSE_PP_PARAMS_11(S), COURSE_PP_PARAM_(S, 11)
#define COURSE_PP_PARAMS(k, S) COURSE_PP_CAT(COURSE_PP_PARAMS_, k)(S)

/// ", a0, a1, ..." for the first k parameters.
#define COURSE_PP_CARGS_0
#define COURSE_PP_CARGS_1 , a0
#define COURSE_PP_CARGS_2 COURSE_PP_CARGS_1, a1
#define COURSE_PP_CARGS_3 COURSE_PP_CARGS_2, a2
#define COURSE_PP_CARGS_4 COURSE_PP_CARGS_3, a3
#define COURSE_PP_CARGS_5 COURSE_PP_CARGS_4, a4
#define COURSE_PP_CARGS_6 COURSE_PP_CARGS_5, a5
#define COURSE_PP_CARGS_7 COURSE_PP_CARGS_6, a6
#define COURSE_PP_CARGS_8 COURSE_PP_CARGS_7, a7
#define COURSE_PP_CARGS_9 COURSE_PP_CARGS_8, a8
#define COURSE_PP_CARGS_10 COURSE_PP_CARGS_9, a9
#define COURSE_PP_CARGS_11 COURSE_PP_CARGS_10, a10
#define COURSE_PP_CARGS_12 COURSE_PP_CARGS_11, a11
#define COURSE_PP_CARGS(k) COURSE_PP_CAT(COURSE_PP_CARGS_, k)

/// M(0, x...) M(1, x...) ... M(n, x...): one overload per number of arguments.
#define COURSE_PP_UPTO_0(M, ...) M(0, __VA_ARGS__)
#define COURSE_PP_UPTO_1(M, ...) COURSE_PP_UPTO_0(M, __VA_ARGS__) M(1, __VA_ARGS__)
#define COURSE_PP_UPTO_2(M, ...) COURSE_PP_UPTO_1(M, __VA_ARGS__) M(2, __VA_ARGS__)
#define COURSE_PP_UPTO_3(M, ...) COURSE_PP_UPTO_2(M, __VA_ARGS__) M(3, __VA_ARGS__)
#define COURSE_PP_UPTO_4(M, ...) COURSE_PP_UPTO_3(M, __VA_ARGS__) M(4, __VA_ARGS__)
#define COURSE_PP_UPTO_5(M, ...) COURSE_PP_UPTO_4(M, __VA_ARGS__) M(5, __VA_ARGS__)
#define COURSE_PP_UPTO_6(M, ...) COURSE_PP_UPTO_5(M, __VA_ARGS__) M(6, __VA_ARGS__)
#define COURSE_PP_UPTO_7(M, ...) COURSE_PP_UPTO_6(M, __VA_ARGS__) M(7, __VA_ARGS__)
#define COURSE_PP_UPTO_8(M, ...) COURSE_PP_UPTO_7(M, __VA_ARGS__) M(8, __VA_ARGS__)
#define COURSE_PP_UPTO_9(M, ...) COURSE_PP_UPTO_8(M, __VA_ARGS__) M(9, __VA_ARGS__)
#define COURSE_PP_UPTO_10(M, ...) COURSE_PP_UPTO_9(M, __VA_ARGS__) M(10, __VA_ARGS__)
#define COURSE_PP_UPTO_11(M, ...) COURSE_PP_UPTO_10(M, __VA_ARGS__) M(11, __VA_ARGS__)
#define COURSE_PP_UPTO_12(M, ...) COURSE_PP_UPTO_11(M, __VA_ARGS__) M(12, __VA_ARGS__)
#define COURSE_PP_UPTO(n, M, ...) COURSE_PP_CAT(COURSE_PP_UPTO_, n)(M, __VA_ARGS__)

#define COURSE_PP_CALL(M, ...) M(__VA_ARGS__)
/// M(d, x) for each x of the rest (at most 12).
#define COURSE_PP_FOR_EACH(M, d, ...) \
  __VA_OPT__(COURSE_PP_CAT(COURSE_PP_FOR_EACH_, COURSE_PP_NARGS(__VA_ARGS__))(M, d, __VA_ARGS__))
#define COURSE_PP_FOR_EACH_1(M, d, x) M(d, x)
#define COURSE_PP_FOR_EACH_2(M, d, x, ...) M(d, x) COURSE_PP_FOR_EACH_1(M, d, __VA_ARGS__)
#define COURSE_PP_FOR_EACH_3(M, d, x, ...) M(d, x) COURSE_PP_FOR_EACH_2(M, d, __VA_ARGS__)
#define COURSE_PP_FOR_EACH_4(M, d, x, ...) M(d, x) COURSE_PP_FOR_EACH_3(M, d, __VA_ARGS__)
#define COURSE_PP_FOR_EACH_5(M, d, x, ...) M(d, x) COURSE_PP_FOR_EACH_4(M, d, __VA_ARGS__)
#define COURSE_PP_FOR_EACH_6(M, d, x, ...) M(d, x) COURSE_PP_FOR_EACH_5(M, d, __VA_ARGS__)
#define COURSE_PP_FOR_EACH_7(M, d, x, ...) M(d, x) COURSE_PP_FOR_EACH_6(M, d, __VA_ARGS__)
#define COURSE_PP_FOR_EACH_8(M, d, x, ...) M(d, x) COURSE_PP_FOR_EACH_7(M, d, __VA_ARGS__)
#define COURSE_PP_FOR_EACH_9(M, d, x, ...) M(d, x) COURSE_PP_FOR_EACH_8(M, d, __VA_ARGS__)
#define COURSE_PP_FOR_EACH_10(M, d, x, ...) M(d, x) COURSE_PP_FOR_EACH_9(M, d, __VA_ARGS__)
#define COURSE_PP_FOR_EACH_11(M, d, x, ...) M(d, x) COURSE_PP_FOR_EACH_10(M, d, __VA_ARGS__)
#define COURSE_PP_FOR_EACH_12(M, d, x, ...) M(d, x) COURSE_PP_FOR_EACH_11(M, d, __VA_ARGS__)

/// The first of the arguments (nothing when there is none).
#define COURSE_PP_FIRST(...) COURSE_PP_FIRST_(__VA_ARGS__, ~)
#define COURSE_PP_FIRST_(a, ...) a
/// 1 when x starts with a parenthesis, else 0.
#define COURSE_PP_IS_PAREN(x) COURSE_PP_IS_PAREN_(COURSE_PP_IS_PAREN_PROBE_ x)
#define COURSE_PP_IS_PAREN_PROBE_(...) ~, 1
#define COURSE_PP_IS_PAREN_(...) COURSE_PP_SECOND_(__VA_ARGS__, 0, ~)
#define COURSE_PP_SECOND_(a, b, ...) b
/// COURSE_PP_IIF(c)(t, f): t when c is 1, f when it is 0.
#define COURSE_PP_IIF(c) COURSE_PP_CAT(COURSE_PP_IIF_, c)
#define COURSE_PP_IIF_0(t, f) f
#define COURSE_PP_IIF_1(t, f) t

// ---- a method's marker ----------------------------------------------------------
// METHOD(m, (const), "x") and CALL((const), "x") restate that the header
// declares the method const; METHOD(m, (inline)) that the header defines it
// (its body is in the class). C++ cannot read either, and only a class a
// later lesson uses needs them: its use stubs define the other methods, with
// the header's qualifiers. Every expansion passes the marker first, () when
// there is none: M(marker, name, names...) and M(marker, names...).
#define COURSE_METHOD_ENTRY(M, name, ...)                                                             \
  COURSE_PP_IIF(COURSE_PP_IS_PAREN(COURSE_PP_FIRST(__VA_ARGS__)))(COURSE_METHOD_MARKED_, COURSE_METHOD_PLAIN_) \
  (M, name __VA_OPT__(, ) __VA_ARGS__)
#define COURSE_METHOD_MARKED_(M, name, marker, ...) M(marker, name __VA_OPT__(, ) __VA_ARGS__)
#define COURSE_METHOD_PLAIN_(M, name, ...) M((), name __VA_OPT__(, ) __VA_ARGS__)
#define COURSE_CALL_ENTRY(M, ...)                                                                 \
  COURSE_PP_IIF(COURSE_PP_IS_PAREN(COURSE_PP_FIRST(__VA_ARGS__)))(COURSE_CALL_MARKED_, COURSE_CALL_PLAIN_) \
  (M __VA_OPT__(, ) __VA_ARGS__)
#define COURSE_CALL_MARKED_(M, marker, ...) M(marker __VA_OPT__(, ) __VA_ARGS__)
#define COURSE_CALL_PLAIN_(M, ...) M(() __VA_OPT__(, ) __VA_ARGS__)

// ---- a lesson's whole list ------------------------------------------------------

/// Lesson id's list COURSE_BRIDGE_<id>, then the list COURSE_EXERCISE_<id>_<e>
/// of each exercise e given, expanded with the four role macros `roles`
/// (parenthesised: FUNCTION, CLASS, METHOD, CALL). A CLASS entry of an
/// exercise's list restates a class of the lesson's list, for the exercise's
/// own stubs and server (COURSE_USE_STUBS_LIST, COURSE_REFERENCE_SERVER_LIST):
/// here it is left out, the lesson's list declaring the class.
#define COURSE_BRIDGE_EXPAND(id, roles, ...) \
  COURSE_BRIDGE_##id roles COURSE_PP_FOR_EACH(COURSE_BRIDGE_EXERCISE_, (id, roles), __VA_ARGS__)
#define COURSE_BRIDGE_EXERCISE_(d, exercise) COURSE_PP_CALL(COURSE_BRIDGE_EXERCISE_LIST_, COURSE_PP_UNPAREN d, exercise)
#define COURSE_BRIDGE_EXERCISE_LIST_(id, roles, exercise) \
  COURSE_BRIDGE_APPLY_(COURSE_EXERCISE_##id##_##exercise, COURSE_BRIDGE_WITHOUT_CLASSES_ roles)
#define COURSE_BRIDGE_APPLY_(list, ...) list(__VA_ARGS__)
#define COURSE_BRIDGE_WITHOUT_CLASSES_(function, class_, method, call) function, COURSE_BRIDGE_SKIP_, method, call
#define COURSE_BRIDGE_SKIP_(...)

// ---- the declarations: COURSE_BRIDGE(id) --------------------------------------

#define COURSE_DECLARE_FUNCTION_(name, ...) \
  inline const auto name = ::course::bridge::declare<decltype(::course::name)>(#name __VA_OPT__(, ) __VA_ARGS__);
#define COURSE_DECLARE_METHOD_(name, ...) COURSE_METHOD_ENTRY(COURSE_DECLARE_METHOD_AS_, name, __VA_ARGS__)
#define COURSE_DECLARE_METHOD_AS_(marker, name, ...)                                                          \
  static inline const auto name = declared_class.method<decltype(&Class::name)>(#name __VA_OPT__(, ) __VA_ARGS__);
#define COURSE_DECLARE_CALL_(...) COURSE_CALL_ENTRY(COURSE_DECLARE_CALL_AS_, __VA_ARGS__)
#define COURSE_DECLARE_CALL_AS_(marker, ...)                                                      \
  static inline const auto call_operator =                                                        \
      declared_class.method<decltype(&Class::operator())>("" __VA_OPT__(, ) __VA_ARGS__);
#define COURSE_DECLARE_CLASS_(Name, types, names, methods)                                             \
  struct Name {                                                                                        \
    using Class = ::course::Name;                                                                      \
    static inline const auto declared_class = ::course::bridge::declare_class<Class>(#Name);          \
    static inline const auto construct =                                                               \
        declared_class.constructor<COURSE_PP_UNPAREN types>(COURSE_PP_UNPAREN names);                  \
    methods                                                                                            \
  };

/// The declarations of lesson `id` (its list COURSE_BRIDGE_<id>, and its
/// exercises' lists, named after it) in namespace course::bridge::<id>, which
/// also names itself `declared` there, for the expansions the build
/// generates. A class's members are in a struct named like the class:
/// <id>::LowPassFilter::apply.
#define COURSE_BRIDGE(id, ...)                                                                              \
  namespace course::bridge::id {                                                                            \
  namespace declared = ::course::bridge::id;                                                                \
  COURSE_BRIDGE_EXPAND(id, (COURSE_DECLARE_FUNCTION_, COURSE_DECLARE_CLASS_, COURSE_DECLARE_METHOD_,        \
                            COURSE_DECLARE_CALL_) __VA_OPT__(, ) __VA_ARGS__)                               \
  }
