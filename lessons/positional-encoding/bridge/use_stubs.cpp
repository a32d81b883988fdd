// Lesson positional-encoding's functions for the workers of later lessons
// graded against its reference (course.yaml `uses`, mode reference): each one
// asks the trusted side, which runs the reference and answers
// (grader::worker::call_back, docs/architecture.md "Earlier lessons'
// functions"). Course-owned and free of reference code: linked into a worker
// in place of the student's positional-encoding files.
#include "common/bridge.hpp"
#include "grader/worker/registry.hpp"
#include "positional-encoding/positional_encoding.hpp"

namespace course {

using namespace bridge;

MatrixXd positional_encoding(Index seq_len, Index d_model, double base) {
  return matrix_d(grader::worker::call_back("positional_encoding", {to_value(seq_len), to_value(d_model), to_value(base)}),
                  0, "positional_encoding answer");
}

MatrixXd positional_encoding_loop(Index seq_len, Index d_model) {
  return matrix_d(grader::worker::call_back("positional_encoding_loop", {to_value(seq_len), to_value(d_model)}), 0,
                  "positional_encoding_loop answer");
}

}  // namespace course
