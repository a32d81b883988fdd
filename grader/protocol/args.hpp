// Typed access to call arguments and results, with messages that name the
// position and the parameter. Used by both sides of a lesson bridge.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "grader/protocol/value.hpp"

namespace grader::protocol {

template <typename T>
constexpr const char* type_name() {
  if constexpr (std::is_same_v<T, bool>) return "bool";
  else if constexpr (std::is_same_v<T, std::int64_t>) return "int";
  else if constexpr (std::is_same_v<T, double>) return "double";
  else if constexpr (std::is_same_v<T, std::string>) return "string";
  else if constexpr (std::is_same_v<T, TensorF64>) return "tensor<f64>";
  else if constexpr (std::is_same_v<T, TensorF32>) return "tensor<f32>";
  else return "nothing";
}

/// values[index] as T; throws ProtocolError naming `what` when missing or of another type.
template <typename T>
const T& get(const std::vector<Value>& values, std::size_t index, std::string_view what) {
  if (index >= values.size())
    throw ProtocolError(std::string(what) + ": value " + std::to_string(index) + " is missing (got " +
                        std::to_string(values.size()) + " values)");
  const T* v = std::get_if<T>(&values[index]);
  if (!v)
    throw ProtocolError(std::string(what) + ": value " + std::to_string(index) + " should be " + type_name<T>() +
                        ", got " + describe(values[index]));
  return *v;
}

/// True when values[index] exists and holds nothing (an absent optional argument).
inline bool is_none(const std::vector<Value>& values, std::size_t index) {
  return index >= values.size() || std::holds_alternative<std::monostate>(values[index]);
}

}  // namespace grader::protocol
