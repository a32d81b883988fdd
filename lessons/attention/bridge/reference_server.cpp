// The trusted side of lesson attention's callbacks: runs its reference
// functions for the worker of a later lesson that uses them
// (grader/client/reference_table.hpp). Linked only into the suites of an
// instructor build, never into a worker. Result sizes are checked from the
// arguments before the reference runs.
#include "attention/attention.hpp"
#include "attention/bridge/codec.hpp"
#include "grader/client/reference_table.hpp"

namespace {

using namespace course::bridge;
using grader::client::add_reference;
using grader::client::check_callback_result_size;

double count(course::Index rows, course::Index cols) {
  return static_cast<double>(std::max<course::Index>(rows, 0)) * static_cast<double>(std::max<course::Index>(cols, 0));
}

const bool registered =
    add_reference("attention", "softmax_rows",
                  [](const Values& a) -> Values { return {to_value(course::softmax_rows(matrix_f(a, 0, "scores")))}; }) &&
    add_reference("attention", "scaled_dot_product_attention",
                  [](const Values& a) -> Values {
                    const auto query = matrix_f(a, 0, "query"), key = matrix_f(a, 1, "key"), value = matrix_f(a, 2, "value");
                    check_callback_result_size(count(query.rows(), key.rows()) + count(query.rows(), value.cols()),
                                               "scaled_dot_product_attention");
                    auto result = course::scaled_dot_product_attention(query, key, value, attention::mask_arg(a, 3));
                    return {to_value(result.output), to_value(result.weights)};
                  }) &&
    add_reference("attention", "causal_mask", [](const Values& a) -> Values {
      const course::Index length = integer(a, 0, "length");
      check_callback_result_size(count(length, length), "causal_mask(" + std::to_string(length) + ")");
      auto mask = course::causal_mask(length);
      return {to_value(static_cast<course::Index>(mask.kind)), to_value(mask.values)};
    });

}  // namespace
