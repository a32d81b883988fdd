// Lesson positional-encoding's functions for the workers of later lessons
// graded against its reference (course.yaml `uses`, mode reference): each one
// asks the trusted side, which runs the reference and answers
// (grader::worker::call_back, docs/architecture.md "Earlier lessons'
// functions"). Course-owned and free of reference code: linked into a worker
// in place of the student's positional-encoding files.
#include "grader/authoring/worker_support.hpp"
#include "positional-encoding/bridge/declarations.hpp"

namespace course {

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  return bridge::call_reference(bridge::pe::positional_encoding, seq_len, d_model, base);
}
MatrixXd positional_encoding_loop(Index seq_len, Index d_model) {
  return bridge::call_reference(bridge::pe::positional_encoding_loop, seq_len, d_model);
}

}  // namespace course
