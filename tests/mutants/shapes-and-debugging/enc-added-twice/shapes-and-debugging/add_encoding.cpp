// Mutant (enc-added-twice): the encoding is added twice (once in place, once more on return)
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXd add_positional_encoding(const MatrixXd& embeddings, const MatrixXd& encoding) {
  if (encoding.cols() != embeddings.cols())
    throw std::invalid_argument("add_positional_encoding: the encoding has d_model " + std::to_string(encoding.cols()) +
                                " but the embeddings have d_model " + std::to_string(embeddings.cols()));
  if (embeddings.rows() > encoding.rows())
    throw std::invalid_argument("add_positional_encoding: " + std::to_string(embeddings.rows()) +
                                " positions but max_len = " + std::to_string(encoding.rows()));
  MatrixXd x = embeddings;
  const MatrixXd positions = encoding.topRows(x.rows());
  x += positions;
  return x + positions;
}

}  // namespace course
