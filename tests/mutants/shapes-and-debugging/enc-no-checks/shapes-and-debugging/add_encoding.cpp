// Mutant (enc-no-checks): adds without checking the shapes: a mismatched encoding aborts inside Eigen
#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXd add_positional_encoding(const MatrixXd& embeddings, const MatrixXd& encoding) {
  return embeddings + encoding.topRows(embeddings.rows());
}

}  // namespace course
