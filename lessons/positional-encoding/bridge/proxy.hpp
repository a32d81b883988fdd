// Test side of the positional-encoding bridge: the student's functions, called
// in their worker process, with the signatures of positional_encoding.hpp.
#pragma once

#include "grader/authoring/proxy_support.hpp"
#include "positional-encoding/bridge/declarations.hpp"

namespace student {
inline constexpr course::bridge::Proxy<course::bridge::pe::positional_encoding> positional_encoding{};
inline constexpr course::bridge::Proxy<course::bridge::pe::positional_encoding_loop> positional_encoding_loop{};
}  // namespace student
