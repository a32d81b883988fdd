// Worker side of a lesson bridge: registers declared functions (declare.hpp)
// and answers for earlier lessons' functions through callbacks
// (docs/bridge-api.md). Linked only into workers, never with reference code.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "grader/authoring/bridge.hpp"
#include "grader/authoring/declare.hpp"
#include "grader/authoring/lesson_bridge.hpp"
#include "grader/authoring/objects.hpp"
#include "grader/worker/registry.hpp"

namespace course::bridge {

/// Reports course::not_implemented as kind "not_implemented", so the grader
/// can tell "not started" from "wrong". Every lesson's table calls this.
void register_course_errors(grader::worker::Registry& registry);

/// Runs Fn on a call's decoded arguments and encodes its result.
template <auto Fn, typename Decl>
Values run_declared(const Decl& decl, const Values& values) {
  auto args = decl.decode_arguments(values);
  if constexpr (std::is_void_v<typename Decl::Result>) {
    std::apply(Fn, std::move(args));
    return {};
  } else {
    return decl.encode_result(std::apply(Fn, std::move(args)));
  }
}

/// expose<&course::f>(registry, declared): the worker answers calls of
/// declared.name() with the student's course::f. The declaration must be of
/// that very function (a compile error says so otherwise).
template <auto Fn, typename Decl>
void expose(grader::worker::Registry& registry, const Decl& decl) {
  static_assert(std::is_same_v<decltype(Fn), typename Decl::Signature*>,
                "expose: the declaration's signature is not this function's (declared from another function?)");
  registry.add(decl.wire_name(), [&decl](const Values& values) -> Values { return run_declared<Fn>(decl, values); });
}

namespace detail {
/// The live objects of class C, by handle. Handles are never reused within
/// a worker, so a stale one cannot reach a newer object.
template <typename C>
std::map<std::int64_t, std::unique_ptr<C>>& objects() {
  static std::map<std::int64_t, std::unique_ptr<C>> table;
  return table;
}
inline std::int64_t next_handle() {
  static std::int64_t last = 0;
  return ++last;
}
template <typename C>
C& object(std::int64_t handle, const std::string& wire_name) {
  auto& table = objects<C>();
  auto it = table.find(handle);
  if (it == table.end())
    throw ProtocolError("the worker has no object " + std::to_string(handle) + " for " + wire_name +
                        " (objects are released when the test that made them ends)");
  return *it->second;
}
}  // namespace detail

/// expose_constructor(registry, declared): "C.new" builds the student's C
/// and answers its handle; every object is destroyed at the end of its test
/// (grader::worker::kReleaseObjects).
template <typename Ctor>
void expose_constructor(grader::worker::Registry& registry, const Ctor& ctor) {
  using C = typename Ctor::Class;
  registry.add(ctor.wire_name(), [&ctor](const Values& values) -> Values {
    auto made = std::apply([](auto&&... a) { return std::make_unique<C>(std::move(a)...); },
                           ctor.decode_arguments(values));
    const std::int64_t handle = detail::next_handle();
    detail::objects<C>().emplace(handle, std::move(made));
    return {Value{handle}};
  });
  registry.add_release([] { detail::objects<C>().clear(); });
}

/// expose_method<&C::f>(registry, declared): "C.f" runs the student's f on
/// the object whose handle comes first in the call.
template <auto Fn, typename M>
void expose_method(grader::worker::Registry& registry, const M& method) {
  static_assert(std::is_same_v<decltype(Fn), typename M::Pointer>,
                "expose_method: the declaration's member type is not this method's");
  using C = typename M::Class;
  registry.add(method.wire_name(), [&method](const Values& values) -> Values {
    Cursor in(values);
    C& object = detail::object<C>(bridge::decode<std::int64_t>(in, "object handle"), method.wire_name());
    auto args = method.decode_arguments(in);
    auto run = [&object](auto&&... a) -> decltype(auto) { return (object.*Fn)(std::move(a)...); };
    if constexpr (std::is_void_v<typename M::Result>) {
      std::apply(run, std::move(args));
      return {};
    } else {
      return method.encode_result(std::apply(run, std::move(args)));
    }
  });
}

/// In a use stub: asks the trusted side to run the earlier lesson's
/// reference for `decl` with these arguments (grader::worker::call_back).
template <typename Decl, typename... G>
typename Decl::Result call_reference(const Decl& decl, const G&... args) {
  static_assert(sizeof...(G) == Decl::arity, "call_reference: pass every argument");
  return decl.decode_result(grader::worker::call_back(decl.wire_name(), decl.encode_call(args...)), " answer");
}

/// In a use stub of a class with COURSE_OBJECT_STATE (object_state.hpp): the
/// reference constructs the object from these arguments and answers its
/// state, which becomes the stub object's members.
template <const auto& Decl, typename C, typename... A>
void construct_by_reference(C& object, const A&... args) {
  write_state(object, call_reference(travelling<Decl>(), args...));
}

/// In a use stub: the method `Decl` run by the reference on an object rebuilt
/// from this one's state; a method that is not const also answers the new
/// state, written back into `object`.
template <const auto& Decl, typename C, typename... A>
typename std::remove_cvref_t<decltype(Decl)>::Result call_by_reference(C& object, const A&... args) {
  using D = std::remove_cvref_t<decltype(Decl)>;
  auto answer = std::apply(
      [&](auto... member) { return call_reference(travelling<Decl>(), object.*member..., args...); },
      detail::state_pointers<std::remove_const_t<C>>());
  if constexpr (D::is_const) {
    return answer;
  } else if constexpr (std::is_void_v<typename D::Result>) {
    write_state(object, std::move(answer));
  } else {
    write_state(object, std::move(answer.first));
    return std::move(answer.second);
  }
}

}  // namespace course::bridge

// ---- generated from a lesson's list (lesson_bridge.hpp) -----------------------

#define COURSE_PP_IGNORE_(...)

/// The worker's table, build/bridges/<lesson>/worker_table.cpp: every function,
/// constructor and method of lesson id, and the course errors, registered once
/// here for every worker.
#define COURSE_EXPOSE_FUNCTION_(name, ...) ::course::bridge::expose<&::course::name>(registry, declared::name);
#define COURSE_EXPOSE_METHOD_(name, ...) \
  ::course::bridge::expose_method<&members_::Class::name>(registry, members_::name);
#define COURSE_EXPOSE_CALL_(...) \
  ::course::bridge::expose_method<&members_::Class::operator()>(registry, members_::call_operator);
#define COURSE_EXPOSE_CLASS_(Name, types, names, methods)                \
  {                                                                      \
    using members_ = declared::Name;                                     \
    ::course::bridge::expose_constructor(registry, members_::construct); \
    methods                                                              \
  }
#define COURSE_WORKER_TABLE(id, ...)                                                              \
  void grader::worker::register_functions(::grader::worker::Registry& registry) {                 \
    namespace declared = ::course::bridge::id;                                                    \
    ::course::bridge::register_course_errors(registry);                                           \
    COURSE_BRIDGE_EXPAND(id, (COURSE_EXPOSE_FUNCTION_, COURSE_EXPOSE_CLASS_, COURSE_EXPOSE_METHOD_, \
                              COURSE_EXPOSE_CALL_) __VA_OPT__(, ) __VA_ARGS__)                    \
  }

/// Use stubs, build/bridges/<lesson>/use_stubs.cpp: each function of lesson
/// id (COURSE_USE_STUBS), or of one exercise's list `list` (COURSE_USE_STUBS_LIST)
/// defined for a worker that grades a later lesson (or exercise) against this
/// one's reference, as one call_reference with every argument. A class of
/// the lesson's list gets its constructor and every method the header does
/// not define (METHOD(m, (inline)) does), each carrying the object's state
/// (COURSE_OBJECT_STATE, object_state.hpp); a method's qualifier is the
/// list's marker, (const) or none. An exercise's list (COURSE_USE_STUBS_LIST)
/// may restate a class of the lesson's list with the methods of that
/// exercise's files: its stubs are the constructor and those methods.
#define COURSE_USE_STUB_FUNCTION_(name, ...)                                                         \
  ::course::bridge::result_t<decltype(::course::name)> course::name(                                 \
      COURSE_PP_PARAMS(COURSE_PP_NARGS(__VA_ARGS__), decltype(::course::name))) {                     \
    return ::course::bridge::call_reference(course_use_stubs_declared_::name                         \
                                                COURSE_PP_CARGS(COURSE_PP_NARGS(__VA_ARGS__)));      \
  }
#define COURSE_USE_STUB_DECL_(Name, decl) std::remove_cvref_t<decltype(course_use_stubs_declared_::Name::decl)>
#define COURSE_USE_STUB_CLASS_(Name, types, names, methods)                                                  \
  COURSE_OBJECT_STATE_REQUIRED_(Name);                                                                       \
  course::Name::Name(COURSE_PP_PARAMS(COURSE_PP_NARGS(COURSE_PP_UNPAREN names),                              \
                                      COURSE_USE_STUB_DECL_(Name, construct)::Signature)) {                  \
    ::course::bridge::construct_by_reference<course_use_stubs_declared_::Name::construct>(                   \
        *this COURSE_PP_CARGS(COURSE_PP_NARGS(COURSE_PP_UNPAREN names)));                                    \
  }                                                                                                          \
  COURSE_USE_STUB_MEMBERS_(Name methods)
// A class's methods reach its CLASS expansion as ", (marker, function, declaration, arity)" each.
#define COURSE_USE_STUB_METHOD_(name, ...) COURSE_METHOD_ENTRY(COURSE_USE_STUB_METHOD_AS_, name, __VA_ARGS__)
#define COURSE_USE_STUB_METHOD_AS_(marker, name, ...) , (marker, name, name, COURSE_PP_NARGS(__VA_ARGS__))
#define COURSE_USE_STUB_CALL_(...) COURSE_CALL_ENTRY(COURSE_USE_STUB_CALL_AS_, __VA_ARGS__)
#define COURSE_USE_STUB_CALL_AS_(marker, ...) , (marker, operator(), call_operator, COURSE_PP_NARGS(__VA_ARGS__))
#define COURSE_USE_STUB_MEMBERS_(...) COURSE_PP_FOR_EACH(COURSE_USE_STUB_MEMBER_, __VA_ARGS__)
#define COURSE_USE_STUB_MEMBER_(Name, method) COURSE_USE_STUB_MEMBER_SPLIT_(Name, COURSE_PP_UNPAREN method)
#define COURSE_USE_STUB_MEMBER_SPLIT_(...) COURSE_USE_STUB_MEMBER_AS_(__VA_ARGS__)
#define COURSE_USE_STUB_MEMBER_AS_(Name, marker, fn, decl, k) \
  COURSE_PP_CAT(COURSE_USE_STUB_KIND_, COURSE_PP_UNPAREN marker)(Name, fn, decl, k)
/// The header defines the method: no stub.
#define COURSE_USE_STUB_KIND_inline(Name, fn, decl, k)
#define COURSE_USE_STUB_KIND_const(Name, fn, decl, k) COURSE_USE_STUB_DEFINE_(Name, fn, decl, k, true, const)
#define COURSE_USE_STUB_KIND_(Name, fn, decl, k) COURSE_USE_STUB_DEFINE_(Name, fn, decl, k, false, )
#define COURSE_USE_STUB_DEFINE_(Name, fn, decl, k, header_const, qualifier)                                        \
  static_assert(COURSE_USE_STUB_DECL_(Name, decl)::is_const == header_const,                                    \
                "the lesson's list does not restate whether the header declares " #Name "::" #fn " const: "  \
                "write METHOD(name, (const), ...) or CALL((const), ...) for a const method, no marker "       \
                "otherwise (docs/bridge-api.md, \"A class a later lesson uses\")");                          \
  ::course::bridge::result_t<COURSE_USE_STUB_DECL_(Name, decl)::Signature> course::Name::fn(                 \
      COURSE_PP_PARAMS(k, COURSE_USE_STUB_DECL_(Name, decl)::Signature)) qualifier {                        \
    return ::course::bridge::call_by_reference<course_use_stubs_declared_::Name::decl>(*this COURSE_PP_CARGS(k)); \
  }
#define COURSE_USE_STUBS_LIST(list, id)                          \
  namespace course_use_stubs_declared_ = ::course::bridge::id;   \
  list(COURSE_USE_STUB_FUNCTION_, COURSE_USE_STUB_CLASS_, COURSE_USE_STUB_METHOD_, COURSE_USE_STUB_CALL_)
/// Every function of lesson id and of the exercises given.
#define COURSE_USE_STUBS(id, ...)                              \
  namespace course_use_stubs_declared_ = ::course::bridge::id; \
  COURSE_BRIDGE_EXPAND(id, (COURSE_USE_STUB_FUNCTION_, COURSE_USE_STUB_CLASS_, COURSE_USE_STUB_METHOD_, \
                            COURSE_USE_STUB_CALL_) __VA_OPT__(, ) __VA_ARGS__)
