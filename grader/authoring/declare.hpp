// One declaration per lesson function, shared by both sides of the bridge
// (docs/bridge-api.md). It is keyed on the function's type, never on its
// address, so the test side can include it without linking the student's code:
//
//   inline const auto positional_encoding = declare<decltype(course::positional_encoding)>(
//       "positional_encoding", "seq_len", "d_model", arg("base") = 10000.0);
//
// The worker registers it (worker_support.hpp: expose<&course::positional_encoding>),
// the suites call it (proxy_support.hpp: Proxy<declared>), use stubs and
// reference servers answer with it. The compiler checks one name per
// parameter, defaults only at the end and of a type the parameter takes.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "grader/authoring/codec.hpp"

namespace course::bridge {

/// A parameter name with its default, as the lesson header states it.
template <typename T>
struct Defaulted {
  const char* name;
  T value;
};

/// arg("base") = 10000.0: a parameter the caller may leave out.
struct arg {
  const char* name;
  constexpr explicit arg(const char* parameter) : name(parameter) {}
  template <typename T>
  Defaulted<std::decay_t<T>> operator=(T&& value) const {
    return {name, std::forward<T>(value)};
  }
};

namespace detail {
template <typename N>
inline constexpr bool is_defaulted = false;
template <typename T>
inline constexpr bool is_defaulted<Defaulted<T>> = true;

template <bool... Flags>
constexpr std::size_t leading_plain() {
  constexpr bool flags[] = {Flags..., true};
  std::size_t n = 0;
  while (!flags[n]) ++n;
  return n;
}
template <bool... Flags>
constexpr bool defaults_only_at_end() {
  constexpr bool flags[] = {Flags..., true};
  bool seen = false;
  for (std::size_t i = 0; i < sizeof...(Flags); ++i) {
    if (flags[i]) seen = true;
    else if (seen) return false;
  }
  return true;
}

template <typename Sig>
struct signature;
template <typename R, typename... A>
struct signature<R(A...)> {
  static constexpr std::size_t arity = sizeof...(A);
  using result = R;
  using params = std::tuple<A...>;
};

/// "name(a, b)" from described arguments.
inline std::string call_text(const std::string& name, const std::vector<std::string>& shown) {
  std::string s = name + "(";
  for (std::size_t i = 0; i < shown.size(); ++i) s += (i ? ", " : "") + shown[i];
  return s + ")";
}
}  // namespace detail

template <typename Signature, std::size_t Required>
class Function;

/// The declaration of a function R(A...) whose first Required parameters
/// have no default.
template <typename R, typename... A, std::size_t Required>
class Function<R(A...), Required> {
 public:
  using Signature = R(A...);
  /// What a call returns on the other side: a copy when the function
  /// returns a reference (parameters() read back over the pipe).
  using Result = std::conditional_t<std::is_reference_v<R>, std::remove_cvref_t<R>, R>;
  using Params = std::tuple<A...>;
  /// The arguments as decoded values (references dropped).
  using Arguments = std::tuple<std::remove_cvref_t<A>...>;
  static constexpr std::size_t arity = sizeof...(A);
  static constexpr std::size_t required = Required;
  /// A free function or constructor; a method says whether it is const (objects.hpp).
  static constexpr bool is_const = false;

  template <typename... N>
  explicit Function(std::string name, N&&... names) : name_(std::move(name)), wire_name_(name_) {
    set_names(std::index_sequence_for<N...>{}, std::forward<N>(names)...);
  }

  /// The name in call texts ("positional_encoding", "forward").
  const std::string& name() const { return name_; }
  /// The name the worker knows it by: the same, or "Class.method" for a
  /// class's constructors and methods (objects.hpp).
  const std::string& wire_name() const { return wire_name_; }
  Function&& on_the_wire_as(std::string wire_name) && {
    wire_name_ = std::move(wire_name);
    return std::move(*this);
  }
  const std::string& parameter(std::size_t i) const { return names_[i]; }

  /// The values of a call with the first sizeof...(G) arguments given
  /// (converted to the parameters' types) and the declared defaults for the
  /// rest: the other side always gets all of them.
  template <typename... G>
  Values encode_call(const G&... given) const {
    static_assert(sizeof...(G) >= Required && sizeof...(G) <= arity, "a call with too few or too many arguments");
    Values out;
    encode_given(out, std::index_sequence_for<G...>{}, given...);
    append_defaults(out, std::make_index_sequence<arity - sizeof...(G)>{},
                    std::integral_constant<std::size_t, sizeof...(G)>{});
    return out;
  }

  /// "positional_encoding(5, 8)": the given arguments, without trailing ones
  /// that read the same as their default (as the caller wrote them out).
  template <typename... G>
  std::string call_text(const G&... given) const {
    return detail::call_text(name_, shown(given...));
  }
  /// The described arguments call_text() shows.
  template <typename... G>
  std::vector<std::string> shown(const G&... given) const {
    std::vector<std::string> texts = describe_given(std::index_sequence_for<G...>{}, given...);
    while (texts.size() > Required && texts.back() == default_texts_[texts.size() - 1]) texts.pop_back();
    return texts;
  }

  /// Decodes exactly a call's arguments; errors name the parameter.
  Arguments decode_arguments(const Values& values) const {
    Cursor in(values);
    return decode_arguments(in);
  }
  /// The same from a cursor, which must then be at its end.
  Arguments decode_arguments(Cursor& in) const {
    Arguments args = decode_each(in, std::index_sequence_for<A...>{});
    in.expect_end(name_ + " arguments");
    return args;
  }

  Values encode_result(const auto& result) const { return to_values(result); }
  /// The result from a reply (or a callback's answer); `what` says which.
  Result decode_result(const Values& values, const std::string& what = " result") const {
    if constexpr (std::is_void_v<R>) {
      Cursor(values).expect_end(name_ + what);
    } else {
      return from_values<Result>(values, name_ + what);
    }
  }

 private:
  template <std::size_t... I, typename... N>
  void set_names(std::index_sequence<I...>, N&&... names) {
    (set_name<I>(std::forward<N>(names)), ...);
  }
  template <std::size_t I, typename N>
  void set_name(N&& n) {
    using P = std::remove_cvref_t<std::tuple_element_t<I, Params>>;
    if constexpr (detail::is_defaulted<std::remove_cvref_t<N>>) {
      static_assert(std::is_constructible_v<P, decltype(n.value)>,
                    "declare: a default's type does not fit its parameter");
      names_[I] = n.name;
      std::get<I>(defaults_) = P(std::forward<N>(n).value);
      default_texts_[I] = bridge::describe(*std::get<I>(defaults_));
    } else {
      names_[I] = n;
    }
  }
  /// A given argument as its parameter's type (no copy when it already is).
  template <std::size_t I, typename G>
  static decltype(auto) as_parameter(const G& given) {
    using P = std::remove_cvref_t<std::tuple_element_t<I, Params>>;
    if constexpr (std::is_same_v<std::remove_cvref_t<G>, P>) return (given);
    else return P(given);
  }
  template <std::size_t... I, typename... G>
  static void encode_given(Values& out, std::index_sequence<I...>, const G&... given) {
    (bridge::encode(out, as_parameter<I>(given)), ...);
  }
  template <std::size_t... I, typename... G>
  static std::vector<std::string> describe_given(std::index_sequence<I...>, const G&... given) {
    return {bridge::describe(as_parameter<I>(given))...};
  }
  template <std::size_t... I, std::size_t From>
  void append_defaults(Values& out, std::index_sequence<I...>, std::integral_constant<std::size_t, From>) const {
    (bridge::encode(out, *std::get<From + I>(defaults_)), ...);
  }
  template <std::size_t... I>
  Arguments decode_each(Cursor& in, std::index_sequence<I...>) const {
    // Braced initialisation decodes left to right.
    return Arguments{bridge::decode<std::remove_cvref_t<A>>(in, names_[I])...};
  }

  std::string name_;
  std::string wire_name_;
  std::array<std::string, arity> names_;
  std::array<std::string, arity> default_texts_;
  std::tuple<std::optional<std::remove_cvref_t<A>>...> defaults_;
};

/// declare<decltype(course::f)>("f", "a", "b", arg("c") = 1.0): one name per
/// parameter of course::f, defaults as in the header.
template <typename Sig, typename... N>
auto declare(std::string name, N&&... names) {
  static_assert(std::is_function_v<Sig>, "declare: give the function's type, decltype(course::f)");
  static_assert(sizeof...(N) == detail::signature<Sig>::arity,
                "declare: give exactly one name per parameter of the function");
  static_assert(detail::defaults_only_at_end<detail::is_defaulted<std::remove_cvref_t<N>>...>(),
                "declare: parameters with a default come last, as in C++");
  constexpr std::size_t required = detail::leading_plain<detail::is_defaulted<std::remove_cvref_t<N>>...>();
  return Function<Sig, required>(std::move(name), std::forward<N>(names)...);
}

}  // namespace course::bridge
