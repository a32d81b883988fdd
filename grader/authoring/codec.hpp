// How a course's types cross the worker pipe: one codec per type, used by
// both sides of every lesson bridge (docs/bridge-api.md).
//
// A codec<T> has
//   static void encode(Values& out, const T& value);    appends the value's pipe values
//   static T decode(Cursor& in, const std::string& what); reads them back; `what` names
//                                                        the argument in errors
//   static std::string describe(const T& value);         its text in a call ("<matrix (2, 3)>")
//   static constexpr const char* type_name;              what an error says was expected
//   static constexpr bool single_value;                  encodes to exactly one pipe value
//   static constexpr const char* noun;                   optional: what a failed call was due to
//                                                        give ("a matrix"; proxy_support.hpp)
// Built in: std::int64_t, int, std::uint64_t, double, float, bool,
// std::string, std::vector<T>, std::optional<T>, std::pair, std::tuple; enums
// with COURSE_ENUM_NAMES and plain structs with COURSE_STRUCT_FIELDS
// (grader/authoring/codec_macros.hpp). A course adds its own types' codecs by
// specialising codec<T> in a header of its own, included by its lessons'
// declarations (the first course's tensors and matrices:
// lessons/common/tensor_codec.hpp); the framework knows none of them.
// A value that does not decode throws grader::protocol::ProtocolError naming
// the argument and the expected type.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "grader/authoring/bridge.hpp"
#include "grader/protocol/value.hpp"

namespace course::bridge {

using grader::protocol::ProtocolError;

/// Reads pipe values in order; every read names what it is for.
class Cursor {
 public:
  explicit Cursor(const Values& values) : values_(values) {}

  /// The next value, which must hold a T.
  template <typename T>
  const T& take(const std::string& what, const char* expected) {
    const Value& v = next(what, expected);
    const T* held = std::get_if<T>(&v);
    if (!held) throw ProtocolError(what + ": expected " + expected + ", got " + grader::protocol::describe(v));
    return *held;
  }
  /// The next value, whatever it holds.
  const Value& next(const std::string& what, const char* expected) {
    if (at_ >= values_.size())
      throw ProtocolError(what + ": expected " + expected + ", got nothing (only " + std::to_string(values_.size()) +
                          " values came)");
    return values_[at_++];
  }
  /// True when the next value is an empty value (an absent optional).
  bool next_is_empty() const { return at_ < values_.size() && std::holds_alternative<std::monostate>(values_[at_]); }
  std::size_t remaining() const { return values_.size() - at_; }
  /// Throws when values are left over: the other side sent more than it should.
  void expect_end(const std::string& what) const {
    if (at_ != values_.size())
      throw ProtocolError(what + ": " + std::to_string(values_.size() - at_) + " values more than expected (" +
                          std::to_string(values_.size()) + " came, " + std::to_string(at_) + " were expected)");
  }

 private:
  const Values& values_;
  std::size_t at_ = 0;
};

/// The codec of T; a specialisation per type (primary left undefined, so a
/// type without one is a compile error naming it).
template <typename T, typename Enable = void>
struct codec;

template <typename T>
using codec_of = codec<std::remove_cvref_t<T>>;

template <typename T>
void encode(Values& out, const T& value) {
  codec_of<T>::encode(out, value);
}
template <typename T>
T decode(Cursor& in, const std::string& what) {
  return codec_of<T>::decode(in, what);
}

/// A lesson may give a type a call text of its own by specialising
/// description<T> with `static std::string of(const T&)`.
template <typename T>
struct description;

template <typename T>
std::string describe(const T& value) {
  if constexpr (requires { description<std::remove_cvref_t<T>>::of(value); })
    return description<std::remove_cvref_t<T>>::of(value);
  else
    return codec_of<T>::describe(value);
}

/// Values of T alone, as a reply or a callback answer carries them.
template <typename T>
Values to_values(const T& value) {
  Values out;
  encode(out, value);
  return out;
}
/// T from exactly `values` (nothing left over).
template <typename T>
T from_values(const Values& values, const std::string& what) {
  Cursor in(values);
  T value = decode<T>(in, what);
  in.expect_end(what);
  return value;
}

// ---- scalars ---------------------------------------------------------------

template <>
struct codec<std::int64_t> {
  static constexpr const char* type_name = "int";
  static constexpr bool single_value = true;
  static void encode(Values& out, std::int64_t v) { out.emplace_back(v); }
  static std::int64_t decode(Cursor& in, const std::string& what) { return in.take<std::int64_t>(what, type_name); }
  static std::string describe(std::int64_t v) { return describe_arg(v); }
};

template <>
struct codec<int> {
  static constexpr const char* type_name = "int";
  static constexpr bool single_value = true;
  static void encode(Values& out, int v) { out.emplace_back(std::int64_t{v}); }
  static int decode(Cursor& in, const std::string& what) {
    const std::int64_t v = in.take<std::int64_t>(what, type_name);
    if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
      throw ProtocolError(what + ": expected an int, got " + std::to_string(v) + ", out of its range");
    return static_cast<int>(v);
  }
  static std::string describe(int v) { return std::to_string(v); }
};

/// Seeds: the same 64 bits carried as a signed integer.
template <>
struct codec<std::uint64_t> {
  static constexpr const char* type_name = "int";
  static constexpr bool single_value = true;
  static void encode(Values& out, std::uint64_t v) { out.emplace_back(static_cast<std::int64_t>(v)); }
  static std::uint64_t decode(Cursor& in, const std::string& what) {
    return static_cast<std::uint64_t>(in.take<std::int64_t>(what, type_name));
  }
  static std::string describe(std::uint64_t v) { return std::to_string(v); }
};

template <>
struct codec<double> {
  static constexpr const char* type_name = "double";
  static constexpr bool single_value = true;
  static void encode(Values& out, double v) { out.emplace_back(v); }
  static double decode(Cursor& in, const std::string& what) { return in.take<double>(what, type_name); }
  static std::string describe(double v) { return describe_arg(v); }
};

/// Carried as a double: float to double and back is exact.
template <>
struct codec<float> {
  static constexpr const char* type_name = "double";
  static constexpr bool single_value = true;
  static void encode(Values& out, float v) { out.emplace_back(static_cast<double>(v)); }
  static float decode(Cursor& in, const std::string& what) { return static_cast<float>(in.take<double>(what, type_name)); }
  static std::string describe(float v) { return describe_arg(static_cast<double>(v)); }
};

template <>
struct codec<bool> {
  static constexpr const char* type_name = "bool";
  static constexpr bool single_value = true;
  static void encode(Values& out, bool v) { out.emplace_back(v); }
  static bool decode(Cursor& in, const std::string& what) { return in.take<bool>(what, type_name); }
  static std::string describe(bool v) { return describe_arg(v); }
};

template <>
struct codec<std::string> {
  static constexpr const char* type_name = "string";
  static constexpr bool single_value = true;
  static void encode(Values& out, const std::string& v) { out.emplace_back(v); }
  static std::string decode(Cursor& in, const std::string& what) { return in.take<std::string>(what, type_name); }
  static std::string describe(const std::string& v) {
    std::string text(1, '"');
    return text.append(v).append(1, '"');
  }
};

// ---- containers ------------------------------------------------------------

/// Its length, then each element.
template <typename T>
struct codec<std::vector<T>> {
  static constexpr const char* type_name = "a list (its length)";
  static constexpr bool single_value = false;
  static void encode(Values& out, const std::vector<T>& v) {
    out.emplace_back(static_cast<std::int64_t>(v.size()));
    for (const auto& e : v) bridge::encode(out, e);
  }
  static std::vector<T> decode(Cursor& in, const std::string& what) {
    const std::int64_t n = in.take<std::int64_t>(what + " length", "int");
    // Every element takes at least one value: a longer claim is forged, and
    // nothing is reserved for it.
    if (n < 0 || static_cast<std::uint64_t>(n) > in.remaining())
      throw ProtocolError(what + ": a list of " + std::to_string(n) + " elements, but only " +
                          std::to_string(in.remaining()) + " values follow");
    std::vector<T> v;
    v.reserve(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) v.push_back(bridge::decode<T>(in, what + "[" + std::to_string(i) + "]"));
    return v;
  }
  /// "{1, 2, 3}"; a list longer than kMaxValuesShownInCall by its length alone ("<list of 100>").
  static std::string describe(const std::vector<T>& v) {
    if (static_cast<std::int64_t>(v.size()) > kMaxValuesShownInCall) return "<list of " + std::to_string(v.size()) + ">";
    std::string s = "{";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + bridge::describe(v[i]);
    return s + "}";
  }
};

/// None is one empty value. Some is the value itself when it is one pipe
/// value, else `true` then its values (so a struct whose first field is
/// empty cannot pass for none).
template <typename T>
struct codec<std::optional<T>> {
  static constexpr const char* type_name = codec_of<T>::type_name;
  static constexpr bool single_value = codec_of<T>::single_value;
  static void encode(Values& out, const std::optional<T>& v) {
    if (!v) {
      out.emplace_back();
      return;
    }
    if constexpr (!codec_of<T>::single_value) out.emplace_back(true);
    bridge::encode(out, *v);
  }
  static std::optional<T> decode(Cursor& in, const std::string& what) {
    if (in.next_is_empty()) {
      in.next(what, type_name);
      return std::nullopt;
    }
    if constexpr (!codec_of<T>::single_value) {
      if (!in.take<bool>(what, "nothing or a value")) throw ProtocolError(what + ": expected nothing or a value, got false");
    }
    return bridge::decode<T>(in, what);
  }
  static std::string describe(const std::optional<T>& v) { return v ? bridge::describe(*v) : "nothing"; }
};

/// The elements one after the other.
template <typename... T>
struct codec<std::tuple<T...>> {
  static constexpr const char* type_name = "a tuple";
  static constexpr bool single_value = false;
  static void encode(Values& out, const std::tuple<T...>& v) {
    std::apply([&out](const auto&... e) { (bridge::encode(out, e), ...); }, v);
  }
  static std::tuple<T...> decode(Cursor& in, const std::string& what) {
    return decode_each(in, what, std::index_sequence_for<T...>{});
  }
  static std::string describe(const std::tuple<T...>& v) {
    std::string s = "{";
    std::size_t i = 0;
    std::apply([&](const auto&... e) { ((s += (i++ ? ", " : "") + bridge::describe(e)), ...); }, v);
    return s + "}";
  }

 private:
  template <std::size_t... I>
  static std::tuple<T...> decode_each(Cursor& in, const std::string& what, std::index_sequence<I...>) {
    // Braced initialisation runs the decodes left to right.
    return std::tuple<T...>{bridge::decode<T>(in, what + "[" + std::to_string(I) + "]")...};
  }
};

template <typename A, typename B>
struct codec<std::pair<A, B>> {
  static constexpr const char* type_name = "a pair";
  static constexpr bool single_value = false;
  static void encode(Values& out, const std::pair<A, B>& v) {
    bridge::encode(out, v.first);
    bridge::encode(out, v.second);
  }
  static std::pair<A, B> decode(Cursor& in, const std::string& what) {
    A first = bridge::decode<A>(in, what + ".first");
    B second = bridge::decode<B>(in, what + ".second");
    return {std::move(first), std::move(second)};
  }
  static std::string describe(const std::pair<A, B>& v) {
    return "{" + bridge::describe(v.first) + ", " + bridge::describe(v.second) + "}";
  }
};

// ---- enums -----------------------------------------------------------------

/// Specialised by COURSE_ENUM_NAMES: `static constexpr std::array values`
/// of {value, "name"} pairs.
template <typename E>
struct enum_names;

/// An enum travels as its name, so a value outside the table is refused on
/// both sides.
template <typename E>
struct codec<E, std::enable_if_t<std::is_enum_v<E>>> {
  static constexpr const char* type_name = "string";
  static constexpr bool single_value = true;
  static void encode(Values& out, E v) { out.emplace_back(std::string(name(v))); }
  static E decode(Cursor& in, const std::string& what) {
    const std::string& got = in.take<std::string>(what, type_name);
    std::string known;
    for (const auto& [value, text] : enum_names<E>::values) {
      if (got == text) return value;
      known += (known.empty() ? "\"" : ", \"") + std::string(text) + "\"";
    }
    constexpr std::size_t kShown = 64;
    throw ProtocolError(what + ": expected one of " + known + ", got \"" +
                        (got.size() > kShown ? got.substr(0, kShown) + "..." : got) + "\"");
  }
  static std::string describe(E v) { return std::string(name(v)); }
  static std::string_view name(E v) {
    for (const auto& [value, text] : enum_names<E>::values)
      if (value == v) return text;
    return "<unnamed>";
  }
};

// ---- plain structs ---------------------------------------------------------

/// Specialised by COURSE_STRUCT_FIELDS: `static constexpr auto fields` (a
/// tuple of member pointers) and `static constexpr std::array names`.
template <typename S>
struct struct_fields;

/// A struct travels as its fields in the declared order; its call text is
/// "{field, field, ...}" (a lesson can give it another, see description<T>).
template <typename S>
struct codec<S, std::enable_if_t<std::is_class_v<S> && requires { struct_fields<S>::fields; }>> {
  static constexpr const char* type_name = "a struct";
  static constexpr bool single_value = false;
  static void encode(Values& out, const S& v) {
    std::apply([&](auto... member) { (bridge::encode(out, v.*member), ...); }, struct_fields<S>::fields);
  }
  static S decode(Cursor& in, const std::string& what) {
    S v{};
    std::size_t i = 0;
    std::apply(
        [&](auto... member) {
          ((v.*member = bridge::decode<std::remove_cvref_t<decltype(v.*member)>>(
                in, what + "." + std::string(struct_fields<S>::names[i++]))),
           ...);
        },
        struct_fields<S>::fields);
    return v;
  }
  static std::string describe(const S& v) {
    std::string s = "{";
    std::size_t i = 0;
    std::apply([&](auto... member) { ((s += (i++ ? ", " : "") + bridge::describe(v.*member)), ...); },
               struct_fields<S>::fields);
    return s + "}";
  }
};

}  // namespace course::bridge

#include "grader/authoring/codec_macros.hpp"
