// Lesson attention's functions for the workers of later lessons graded
// against its reference (course.yaml `uses`, mode reference): each one asks
// the trusted side, which runs the reference and answers
// (grader::worker::call_back, docs/architecture.md "Earlier lessons'
// functions"). Course-owned and free of reference code: linked into a worker
// in place of the student's attention files.
#include "attention/bridge/declarations.hpp"
#include "grader/authoring/worker_support.hpp"

namespace course {

MatrixXf softmax_rows(const MatrixXf& scores) { return bridge::call_reference(bridge::attention::softmax_rows, scores); }
AttentionResult scaled_dot_product_attention(const MatrixXf& query, const MatrixXf& key, const MatrixXf& value,
                                             const Mask& mask) {
  return bridge::call_reference(bridge::attention::scaled_dot_product_attention, query, key, value, mask);
}
Mask causal_mask(Index length) { return bridge::call_reference(bridge::attention::causal_mask, length); }

}  // namespace course
