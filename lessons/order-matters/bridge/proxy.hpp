// Test side of the order-matters bridge: the student's functions, called in
// their worker process. Same signatures as order-matters/order_matters.hpp.
#pragma once

#include <string>
#include <vector>

#include "order-matters/order_matters.hpp"

namespace student {
// words (L) -> (L, E)
course::MatrixXf embed(const std::vector<std::string>& words);
// embeddings (L, W) -> (L, W)
course::MatrixXf with_positions(const course::MatrixXf& embeddings);
// x (L, E) -> output (L, E), weights (L, L)
course::AttentionResult self_attend(const course::MatrixXf& x);
// x (L, W) -> (W)
course::VectorXf mean_pool(const course::MatrixXf& x);
// two sentences of L words -> OrderComparison (permutation (L))
course::OrderComparison compare_orders(const std::vector<std::string>& sentence_a,
                                       const std::vector<std::string>& sentence_b);
}  // namespace student
