// Variant (enc-shape-trace): checks the shapes with ShapeTrace and adds row by row
#include <string>

#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course {

MatrixXd add_positional_encoding(const MatrixXd& embeddings, const MatrixXd& encoding) {
  ShapeTrace trace("add_positional_encoding");
  trace.step("embeddings (L, d_model)", embeddings);
  try {
    trace.expect("encoding (max_len, d_model)", encoding, {-1, embeddings.cols()});
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("add_positional_encoding: d_model must match; ") + e.what());
  }
  if (embeddings.rows() > encoding.rows())
    throw std::invalid_argument("add_positional_encoding: the sequence is longer than max_len\n" + trace.table());
  MatrixXd x = embeddings;
  for (Index p = 0; p < x.rows(); ++p) x.row(p) += encoding.row(p);
  return x;
}

}  // namespace course
