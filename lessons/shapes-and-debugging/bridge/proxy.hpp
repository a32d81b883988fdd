// Test side of the shapes-and-debugging bridge: the student's functions,
// called in their worker process. Same signatures as shapes_and_debugging.hpp.
#pragma once

#include "common/tensor.hpp"

namespace student {
course::MatrixXd add_positional_encoding(const course::MatrixXd& embeddings, const course::MatrixXd& encoding);
course::Index head_dim(course::Index embed_dim, course::Index num_heads);
course::Tensor split_heads(const course::Tensor& x, course::Index num_heads);
course::MatrixXf attention_scores(const course::MatrixXf& q, const course::MatrixXf& k);
}  // namespace student
