// Test side: student::summarize, with the header's signature.
#pragma once

#include "grader/authoring/proxy_support.hpp"
#include "summary/bridge/declarations.hpp"

namespace student {

using course::Summary;

inline constexpr course::bridge::Proxy<course::bridge::sum::summarize> summarize{};

}  // namespace student
