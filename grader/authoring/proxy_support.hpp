// Test side of a lesson bridge: the student's functions as callables with the
// lesson header's signature and defaults, running in the worker
// (docs/bridge-api.md). Never references the student's symbols.
//
//   namespace student {
//   inline constexpr course::bridge::Proxy<course::bridge::positional_encoding::positional_encoding>
//       positional_encoding{};
//   }
//
// which a lesson's generated proxy.hpp writes for every entry of its list
// (COURSE_STUDENT_PROXIES, below).
#pragma once

#include <cstddef>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "grader/authoring/bridge.hpp"
#include "grader/authoring/declare.hpp"
#include "grader/authoring/lesson_bridge.hpp"
#include "grader/client/worker_client.hpp"

namespace course::bridge {

/// "name(a, b, c)" from already-described arguments.
std::string call_text(const std::string& name, const std::vector<std::string>& described_args);

/// What a call of a function returning R is due to give, as a failure names
/// it when the call throws instead ("expected a matrix, but your code threw
/// ..."); "" for a function that returns nothing.
template <typename R>
std::string result_noun() {
  using T = std::remove_cvref_t<R>;
  if constexpr (std::is_void_v<T>) return "";
  else if constexpr (requires { codec_of<T>::noun; }) return codec_of<T>::noun;  // a course type's own
  else if constexpr (std::is_same_v<T, bool>) return "true or false";
  else if constexpr (std::is_floating_point_v<T>) return "a number";
  else if constexpr (std::is_integral_v<T>) return "an integer";
  else if constexpr (std::is_same_v<T, std::string>) return "a string";
  else return "a result";
}

/// Calls the student's worker; reply values that do not convert become a
/// grader::client::WorkerFailure naming the call. `expected`: result_noun().
template <typename Convert>
auto call_student(const std::string& function, Values args, const std::string& text, Convert convert,
                  const std::string& expected = "") {
  auto results = grader::client::student().call(function, std::move(args), text, expected);
  try {
    return convert(results);
  } catch (const grader::protocol::ProtocolError& e) {
    throw grader::client::WorkerFailure(text + ": the worker returned something unexpected: " + e.what());
  }
}

/// Calls a declared function in the worker with the first arguments given.
template <typename Decl, typename... G>
typename Decl::Result call_declared(const Decl& decl, const G&... given) {
  return call_student(decl.wire_name(), decl.encode_call(given...), decl.call_text(given...),
                      [&decl](const Values& r) { return decl.decode_result(r); },
                      result_noun<typename Decl::Result>());
}

/// The suites' end of a student object living in the worker (objects.hpp).
/// A lesson's proxy class derives from it and gives each method one line:
///   Tensor forward(...) const { return call(mha::forward, query, key, value, options); }
/// The handle is only good in the test that made it and while the worker
/// that holds the object runs; any other use fails the call with a message
/// naming it. A handle cannot be copied (a copy would alias the one object
/// in the worker); it can be moved.
class ObjectHandle {
 protected:
  template <typename Ctor, typename... G>
  explicit ObjectHandle(const Ctor& ctor, const G&... given) : text_(ctor.call_text(given...)) {
    auto& client = grader::client::student();
    handle_ = call_student(ctor.wire_name(), ctor.encode_call(given...), text_,
                           [&ctor](const Values& r) { return ctor.decode_result(r); }, "a new object");
    client.note_object_made();
    test_ = client.test_number();
    worker_ = client.worker_number();
  }

  template <typename M, typename... G>
  typename M::Result call(const M& method, const G&... given) const {
    const std::string text = method_text(method.name(), method.shown(given...));
    check_alive(text);
    Values args{Value{handle_}};
    for (auto& v : method.encode_call(given...)) args.push_back(std::move(v));
    return call_student(method.wire_name(), std::move(args), text,
                        [&method](const Values& r) { return method.decode_result(r); },
                        result_noun<typename M::Result>());
  }

 public:
  // A handle names one object in the worker: a copy would alias it (a change
  // through one would show through the other), unlike the course's own value
  // types, so a test cannot copy one by accident. Moving is fine.
  ObjectHandle(const ObjectHandle&) = delete;
  ObjectHandle& operator=(const ObjectHandle&) = delete;
  ObjectHandle(ObjectHandle&&) noexcept = default;
  ObjectHandle& operator=(ObjectHandle&&) noexcept = default;

  /// "Counter(1)": the constructor call, which starts every method's text.
  const std::string& text() const { return text_; }
  /// The worker's number for the object (for messages and tests).
  std::int64_t handle() const { return handle_; }

 private:
  std::string method_text(const std::string& method, const std::vector<std::string>& shown) const;
  void check_alive(const std::string& text) const;

  std::string text_;
  std::int64_t handle_ = 0;
  std::uint64_t test_ = 0;
  std::uint64_t worker_ = 0;
};

namespace detail {

template <const auto& Decl, typename Sig, typename Indices>
struct CallWith;
/// operator() taking the first sizeof...(I) parameters, with their exact types.
template <const auto& Decl, typename R, typename... A, std::size_t... I>
struct CallWith<Decl, R(A...), std::index_sequence<I...>> {
  typename std::remove_cvref_t<decltype(Decl)>::Result operator()(std::tuple_element_t<I, std::tuple<A...>>... given) const {
    return call_declared(Decl, given...);
  }
};

template <const auto& Decl, typename Extra>
struct Overloads;
/// One operator() per number of arguments a caller may give.
template <const auto& Decl, std::size_t... K>
struct Overloads<Decl, std::index_sequence<K...>>
    : CallWith<Decl, typename std::remove_cvref_t<decltype(Decl)>::Signature,
               std::make_index_sequence<std::remove_cvref_t<decltype(Decl)>::required + K>>... {
  using CallWith<Decl, typename std::remove_cvref_t<decltype(Decl)>::Signature,
                 std::make_index_sequence<std::remove_cvref_t<decltype(Decl)>::required + K>>::operator()...;
};

}  // namespace detail

/// The student's function `Decl` as the suites call it: same parameters and
/// defaults as the lesson header.
template <const auto& Decl>
struct Proxy
    : detail::Overloads<Decl, std::make_index_sequence<std::remove_cvref_t<decltype(Decl)>::arity -
                                                       std::remove_cvref_t<decltype(Decl)>::required + 1>> {};

}  // namespace course::bridge

// ---- the suites' student:: names: COURSE_STUDENT_PROXIES(id) ------------------
// Generated from a lesson's list (lesson_bridge.hpp) into the header the suites
// include, build/bridges/<lesson>/bridge/proxy.hpp: one Proxy per function,
// and per class a handle class whose constructor and methods take the header's
// exact parameter types, with its defaults (one overload per number of
// arguments a caller may give; a method the header declares const is const).

#define COURSE_PROXY_FUNCTION_(name, ...) inline constexpr ::course::bridge::Proxy<declared::name> name{};
/// The overload of `member` taking k arguments, for the declaration members_::decl.
#define COURSE_PROXY_MEMBER_(k, member, decl)                                                                 \
  template <std::size_t K_ = k>                                                                               \
    requires ::course::bridge::detail::takes<std::remove_cvref_t<decltype(members_::decl)>, K_, true>          \
  std::remove_cvref_t<decltype(members_::decl)>::Result member(                                               \
      COURSE_PP_PARAMS(k, std::remove_cvref_t<decltype(members_::decl)>::Signature)) const {                 \
    return call(members_::decl COURSE_PP_CARGS(k));                                                           \
  }                                                                                                           \
  template <std::size_t K_ = k>                                                                               \
    requires ::course::bridge::detail::takes<std::remove_cvref_t<decltype(members_::decl)>, K_, false>         \
  std::remove_cvref_t<decltype(members_::decl)>::Result member(                                               \
      COURSE_PP_PARAMS(k, std::remove_cvref_t<decltype(members_::decl)>::Signature)) {                       \
    return call(members_::decl COURSE_PP_CARGS(k));                                                           \
  }
#define COURSE_PROXY_METHOD_(name, ...) COURSE_METHOD_ENTRY(COURSE_PROXY_METHOD_AS_, name, __VA_ARGS__)
#define COURSE_PROXY_METHOD_AS_(marker, name, ...) \
  COURSE_PP_UPTO(COURSE_PP_NARGS(__VA_ARGS__), COURSE_PROXY_MEMBER_, name, name)
#define COURSE_PROXY_CALL_(...) COURSE_CALL_ENTRY(COURSE_PROXY_CALL_AS_, __VA_ARGS__)
#define COURSE_PROXY_CALL_AS_(marker, ...) \
  COURSE_PP_UPTO(COURSE_PP_NARGS(__VA_ARGS__), COURSE_PROXY_MEMBER_, operator(), call_operator)
#define COURSE_PROXY_CONSTRUCTOR_(k, Name)                                                        \
  template <std::size_t K_ = k>                                                                   \
    requires ::course::bridge::detail::takes<std::remove_cvref_t<decltype(members_::construct)>, K_, false> \
  Name(COURSE_PP_PARAMS(k, std::remove_cvref_t<decltype(members_::construct)>::Signature))        \
      : ::course::bridge::ObjectHandle(members_::construct COURSE_PP_CARGS(k)) {}
#define COURSE_PROXY_CLASS_(Name, types, names, methods)                                      \
  class Name : public ::course::bridge::ObjectHandle {                                         \
    using members_ = declared::Name;                                                           \
                                                                                               \
   public:                                                                                     \
    COURSE_PP_UPTO(COURSE_PP_NARGS(COURSE_PP_UNPAREN names), COURSE_PROXY_CONSTRUCTOR_, Name) \
    methods                                                                                    \
  };

/// namespace student: lesson id's functions and classes, as the suites call them.
#define COURSE_STUDENT_PROXIES(id, ...)                                                                  \
  namespace course::bridge::id::proxies {                                                                \
  COURSE_BRIDGE_EXPAND(id, (COURSE_PROXY_FUNCTION_, COURSE_PROXY_CLASS_, COURSE_PROXY_METHOD_, COURSE_PROXY_CALL_) \
                           __VA_OPT__(, ) __VA_ARGS__)                                                   \
  }                                                                                                \
  namespace student {                                                                              \
  using namespace ::course::bridge::id::proxies;                                                   \
  }
