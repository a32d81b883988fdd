// Exercise dbg-add-encoding, fixed: check that the encoding fits the
// embeddings, then add its first L rows (position p gets row p).
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXd add_positional_encoding(const MatrixXd& embeddings, const MatrixXd& encoding) {
  // embeddings: (L, d_model); encoding: (max_len, d_model)
  const Index seq_len = embeddings.rows();
  const Index d_model = embeddings.cols();
  if (encoding.cols() != d_model)
    throw std::invalid_argument("add_positional_encoding: the encoding has d_model " + std::to_string(encoding.cols()) +
                                " but the embeddings have d_model " + std::to_string(d_model) +
                                "; build the encoding with the embeddings' width");
  if (seq_len > encoding.rows())
    throw std::invalid_argument("add_positional_encoding: the sequence has " + std::to_string(seq_len) +
                                " positions but the encoding covers only max_len = " + std::to_string(encoding.rows()) +
                                "; build a longer encoding");
  return embeddings + encoding.topRows(seq_len);
}

}  // namespace course
