// Test side of the attention bridge: the student's functions, called in their
// worker process. Same signatures as attention/attention.hpp.
#pragma once

#include "attention/attention.hpp"

namespace student {
// scores: (R, C) -> (R, C)
course::MatrixXf softmax_rows(const course::MatrixXf& scores);
// query: (L, D), key: (S, D), value: (S, Dv), mask: none or (L, S) -> output (L, Dv), weights (L, S)
course::AttentionResult scaled_dot_product_attention(const course::MatrixXf& query, const course::MatrixXf& key,
                                                     const course::MatrixXf& value, const course::Mask& mask = {});
// -> boolean mask (length, length)
course::Mask causal_mask(course::Index length);
}  // namespace student
