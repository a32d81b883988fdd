// The trusted side of lesson attention's callbacks: runs its reference
// functions for the worker of a later lesson that uses them
// (grader/client/reference_table.hpp). Linked only into the suites of an
// instructor build, never into a worker. Result sizes are checked from the
// arguments before the reference runs.
#include "attention/bridge/declarations.hpp"
#include "common/reference_support.hpp"

namespace {

using namespace course::bridge;
using course::MatrixXf;

const bool registered =
    serve_reference<&course::softmax_rows>("attention", attention::softmax_rows,
                                           [](const MatrixXf& scores) { return elements(scores.rows(), scores.cols()); }) &&
    serve_reference<&course::scaled_dot_product_attention>(
        "attention", attention::scaled_dot_product_attention,
        [](const MatrixXf& query, const MatrixXf& key, const MatrixXf& value, const course::Mask&) {
          return elements(query.rows(), key.rows()) + elements(query.rows(), value.cols());
        }) &&
    serve_reference<&course::causal_mask>("attention", attention::causal_mask,
                                          [](course::Index length) { return elements(length, length); });

}  // namespace
