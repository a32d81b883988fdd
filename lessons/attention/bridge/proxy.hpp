// Test side of the attention bridge: the student's functions, called in their
// worker process, with the signatures of attention/attention.hpp.
#pragma once

#include "attention/bridge/declarations.hpp"
#include "grader/authoring/proxy_support.hpp"

namespace student {
// scores: (R, C) -> (R, C)
inline constexpr course::bridge::Proxy<course::bridge::attention::softmax_rows> softmax_rows{};
// query: (L, D), key: (S, D), value: (S, Dv), mask: none or (L, S) -> output (L, Dv), weights (L, S)
inline constexpr course::bridge::Proxy<course::bridge::attention::scaled_dot_product_attention>
    scaled_dot_product_attention{};
// -> boolean mask (length, length)
inline constexpr course::bridge::Proxy<course::bridge::attention::causal_mask> causal_mask{};
}  // namespace student
