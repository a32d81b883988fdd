// Values as they cross the worker pipe and as a call's text shows them: the
// building blocks of the codecs (codec.hpp, docs/bridge-api.md), shared by
// both sides. A course's own types add theirs beside their codecs (the first
// course: lessons/common/tensor_codec.hpp).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "grader/protocol/value.hpp"

namespace course::bridge {

using grader::protocol::Value;
using Values = std::vector<Value>;

/// Inputs of at most this many values are shown with their values in a
/// call's text ("<tensor (1, 1, 4) [[[0.5, -1, 2, 0]]]>"); larger ones by
/// their shape ("<tensor (2, 5, 32)>").
inline constexpr std::int64_t kMaxValuesShownInCall = 16;

/// "fn(5, 8)" text for messages.
std::string describe_arg(std::int64_t i);
std::string describe_arg(double d);
std::string describe_arg(bool b);

namespace detail {
/// One value as a call shows it: six significant digits, like a printed float.
inline std::string value_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

/// "[[1, 2], [3, 4]]": the values of a row-major block of `shape`, nested by axis.
template <typename T>
std::string nested_values(const T* data, const std::vector<std::int64_t>& shape, std::size_t axis) {
  if (axis == shape.size()) return value_text(static_cast<double>(*data));
  std::int64_t stride = 1;
  for (std::size_t a = axis + 1; a < shape.size(); ++a) stride *= shape[a];
  std::string s = "[";
  for (std::int64_t i = 0; i < shape[axis]; ++i) s += (i ? ", " : "") + nested_values(data + i * stride, shape, axis + 1);
  return s + "]";
}
}  // namespace detail

/// "<kind (2, 2) [[1, 2], [3, 4]]>": a small shaped input (row-major `data`
/// of `size` values) with its values, so a student can redo the call by
/// hand; a larger one by its shape alone ("<kind (2, 5, 32)>").
template <typename T>
std::string describe_shaped(const char* kind, const std::vector<std::int64_t>& shape, const T* data, std::int64_t size) {
  std::string s = std::string("<") + kind + " " + grader::protocol::shape_string(shape);
  if (size > 0 && size <= kMaxValuesShownInCall) s += " " + detail::nested_values(data, shape, 0);
  return s + ">";
}

}  // namespace course::bridge
