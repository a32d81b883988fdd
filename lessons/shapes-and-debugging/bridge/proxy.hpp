// Test side of the shapes-and-debugging bridge: the student's functions,
// called in their worker process, with the signatures of shapes_and_debugging.hpp.
#pragma once

#include "grader/authoring/proxy_support.hpp"
#include "shapes-and-debugging/bridge/declarations.hpp"

namespace student {
inline constexpr course::bridge::Proxy<course::bridge::shapes::add_positional_encoding> add_positional_encoding{};
inline constexpr course::bridge::Proxy<course::bridge::shapes::head_dim> head_dim{};
inline constexpr course::bridge::Proxy<course::bridge::shapes::split_heads> split_heads{};
inline constexpr course::bridge::Proxy<course::bridge::shapes::attention_scores> attention_scores{};
}  // namespace student
