// Mutant (enc-length-check-off-by-one): refuses L == max_len (checks L >= max_len)
#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXd add_positional_encoding(const MatrixXd& embeddings, const MatrixXd& encoding) {
  if (encoding.cols() != embeddings.cols()) throw std::invalid_argument("add_positional_encoding: d_model mismatch");
  if (embeddings.rows() >= encoding.rows())
    throw std::invalid_argument("add_positional_encoding: sequence longer than max_len");
  return embeddings + encoding.topRows(embeddings.rows());
}

}  // namespace course
