// Variant (enc-explicit-loops): element by element with explicit loops
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXd add_positional_encoding(const MatrixXd& embeddings, const MatrixXd& encoding) {
  const Index seq_len = embeddings.rows(), d_model = embeddings.cols();
  if (encoding.cols() != d_model)
    throw std::invalid_argument("add_positional_encoding: d_model differs: embeddings " + std::to_string(d_model) +
                                ", encoding " + std::to_string(encoding.cols()));
  if (seq_len > encoding.rows())
    throw std::invalid_argument("add_positional_encoding: L = " + std::to_string(seq_len) +
                                " exceeds max_len = " + std::to_string(encoding.rows()));
  MatrixXd out(seq_len, d_model);
  for (Index p = 0; p < seq_len; ++p)
    for (Index j = 0; j < d_model; ++j) out(p, j) = embeddings(p, j) + encoding(p, j);
  return out;
}

}  // namespace course
