// Objects that live across calls (docs/bridge-api.md "Objects"): the
// declaration of a lesson class's constructors and methods, shared by both
// sides like declare.hpp's functions and keyed on types only:
//
//   inline const auto module = declare_class<course::Counter>("Counter");
//   inline const auto construct = module.constructor<std::int64_t>("start", arg("step") = std::int64_t{1});
//   inline const auto add = module.method<decltype(&course::Counter::add)>(
//       "add", "amount", arg("times") = 1);
//
// The student's object lives in the worker (worker_support.hpp:
// expose_constructor, expose_method); the suites hold a handle to it
// (proxy_support.hpp: ObjectHandle). Every object belongs to the test that
// made it and is released when that test ends.
#pragma once

#include <string>
#include <type_traits>
#include <utility>

#include "grader/authoring/declare.hpp"

namespace course::bridge {

namespace detail {
template <typename MemberPointer>
struct member;
template <typename R, typename C, typename... A>
struct member<R (C::*)(A...)> {
  using Class = C;
  using Signature = R(A...);
  static constexpr bool is_const = false;
};
template <typename R, typename C, typename... A>
struct member<R (C::*)(A...) const> {
  using Class = C;
  using Signature = R(A...);
  static constexpr bool is_const = true;
};
}  // namespace detail

/// A constructor C(A...): a declared function named like the class (its call
/// text, "Counter(1)"), known to the worker as "C.new".
template <typename C, typename Sig, std::size_t Required>
struct Constructor : Function<Sig, Required> {
  using Class = C;
  explicit Constructor(Function<Sig, Required> f) : Function<Sig, Required>(std::move(f)) {}
};

/// A method of C whose member pointer has type MemberPointer: a declared
/// function named like the method ("forward"; "" for operator()), known to
/// the worker as "C.forward".
template <typename MemberPointer, std::size_t Required>
struct Method : Function<typename detail::member<MemberPointer>::Signature, Required> {
  using Base = Function<typename detail::member<MemberPointer>::Signature, Required>;
  using Class = typename detail::member<MemberPointer>::Class;
  using Pointer = MemberPointer;
  static constexpr bool is_const = detail::member<MemberPointer>::is_const;
  explicit Method(Base f) : Base(std::move(f)) {}
};

/// The name a class goes by in calls; makes its constructors and methods.
template <typename C>
class Class {
 public:
  explicit Class(std::string name) : name_(std::move(name)) {}
  const std::string& name() const { return name_; }

  /// constructor<A...>("a", arg("b") = 1): C(A...) with these parameter names.
  template <typename... A, typename... N>
  auto constructor(N&&... names) const {
    static_assert(std::is_constructible_v<C, A...>, "constructor: the class has no constructor taking these types");
    auto f = declare<std::int64_t(A...)>(name_, std::forward<N>(names)...);
    using F = decltype(f);
    return Constructor<C, typename F::Signature, F::required>(std::move(f).on_the_wire_as(name_ + ".new"));
  }

  /// method<decltype(&C::f)>("f", "a", ...): name "" for operator().
  template <typename MemberPointer, typename... N>
  auto method(std::string method_name, N&&... names) const {
    static_assert(std::is_same_v<typename detail::member<MemberPointer>::Class, C>,
                  "method: a member of another class");
    using Sig = typename detail::member<MemberPointer>::Signature;
    std::string wire = name_ + "." + (method_name.empty() ? std::string("operator()") : method_name);
    auto f = declare<Sig>(std::move(method_name), std::forward<N>(names)...);
    return Method<MemberPointer, decltype(f)::required>(std::move(f).on_the_wire_as(std::move(wire)));
  }

 private:
  std::string name_;
};

template <typename C>
Class<C> declare_class(std::string name) {
  return Class<C>(std::move(name));
}

}  // namespace course::bridge
