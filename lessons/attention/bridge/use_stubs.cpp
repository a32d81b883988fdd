// Lesson attention's functions for the workers of later lessons graded
// against its reference (course.yaml `uses`, mode reference): each one asks
// the trusted side, which runs the reference and answers
// (grader::worker::call_back, docs/architecture.md "Earlier lessons'
// functions"). Course-owned and free of reference code: linked into a worker
// in place of the student's attention files.
#include "attention/attention.hpp"
#include "attention/bridge/codec.hpp"
#include "grader/worker/registry.hpp"

namespace course {

using namespace bridge;

MatrixXf softmax_rows(const MatrixXf& scores) {
  return matrix_f(grader::worker::call_back("softmax_rows", {to_value(scores)}), 0, "softmax_rows answer");
}

AttentionResult scaled_dot_product_attention(const MatrixXf& query, const MatrixXf& key, const MatrixXf& value,
                                             const Mask& mask) {
  Values args = {to_value(query), to_value(key), to_value(value)};
  attention::append(args, mask);
  const Values r = grader::worker::call_back("scaled_dot_product_attention", std::move(args));
  return {matrix_f(r, 0, "scaled_dot_product_attention output"), matrix_f(r, 1, "scaled_dot_product_attention weights")};
}

Mask causal_mask(Index length) {
  const Values r = grader::worker::call_back("causal_mask", {to_value(length)});
  return {static_cast<Mask::Kind>(integer(r, 0, "causal_mask kind")), matrix_f(r, 1, "causal_mask values")};
}

}  // namespace course
