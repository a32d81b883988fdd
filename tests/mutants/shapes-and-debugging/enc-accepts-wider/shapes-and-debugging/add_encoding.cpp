// Mutant (enc-accepts-wider): accepts a wider encoding and silently uses its first d_model columns
#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXd add_positional_encoding(const MatrixXd& embeddings, const MatrixXd& encoding) {
  if (encoding.cols() < embeddings.cols())
    throw std::invalid_argument("add_positional_encoding: the encoding is narrower than d_model");
  if (embeddings.rows() > encoding.rows())
    throw std::invalid_argument("add_positional_encoding: sequence longer than max_len");
  return embeddings + encoding.topLeftCorner(embeddings.rows(), embeddings.cols());
}

}  // namespace course
