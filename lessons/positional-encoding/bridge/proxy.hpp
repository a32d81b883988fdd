// Test side of the positional-encoding bridge: the student's functions, called
// in their worker process. Same signatures as positional_encoding.hpp.
#pragma once

#include "common/tensor.hpp"

namespace student {
course::MatrixXd positional_encoding(course::Index seq_len, course::Index d_model, double base = 10000.0);
course::MatrixXd positional_encoding_loop(course::Index seq_len, course::Index d_model);
}  // namespace student
