// Exercise dbg-add-encoding: this version compiles and runs, but a model fed
// with its output would never learn word order. Find the bugs (the tests say
// what they see) and fix them here. Read lessons/shapes-and-debugging/README.md,
// then check your work with
//   build/bin/grader check shapes-and-debugging
#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXd add_positional_encoding(const MatrixXd& embeddings, const MatrixXd& encoding) {
  MatrixXd x = embeddings;                                   // (L, d_model)
  const MatrixXd positions = encoding.topRows(x.rows());     // (L, d_model)
  x + positions;
  return x;
}

}  // namespace course
