// Test side of the order-matters bridge: the student's functions, called in
// their worker process, with the signatures of order-matters/order_matters.hpp.
#pragma once

#include "grader/authoring/proxy_support.hpp"
#include "order-matters/bridge/declarations.hpp"

namespace student {
// words (L) -> (L, E)
inline constexpr course::bridge::Proxy<course::bridge::order::embed> embed{};
// embeddings (L, W) -> (L, W)
inline constexpr course::bridge::Proxy<course::bridge::order::with_positions> with_positions{};
// x (L, E) -> output (L, E), weights (L, L)
inline constexpr course::bridge::Proxy<course::bridge::order::self_attend> self_attend{};
// x (L, W) -> (W)
inline constexpr course::bridge::Proxy<course::bridge::order::mean_pool> mean_pool{};
// two sentences of L words -> OrderComparison (permutation (L))
inline constexpr course::bridge::Proxy<course::bridge::order::compare_orders> compare_orders{};
}  // namespace student
