// Worker side of the attention bridge: exposes the student's functions by
// name. Linked only into workers, never with reference code.
#include "attention/attention.hpp"
#include "attention/bridge/codec.hpp"
#include "common/worker_support.hpp"

void grader::worker::register_functions(Registry& registry) {
  using namespace course::bridge;
  using course::bridge::attention::mask_arg;
  register_course_errors(registry);
  registry.add("softmax_rows", [](const Values& a) -> Values {
    return {to_value(course::softmax_rows(matrix_f(a, 0, "scores")))};
  });
  registry.add("scaled_dot_product_attention", [](const Values& a) -> Values {
    auto result = course::scaled_dot_product_attention(matrix_f(a, 0, "query"), matrix_f(a, 1, "key"),
                                                       matrix_f(a, 2, "value"), mask_arg(a, 3));
    return {to_value(result.output), to_value(result.weights)};
  });
  registry.add("causal_mask", [](const Values& a) -> Values {
    auto mask = course::causal_mask(integer(a, 0, "length"));
    return {to_value(static_cast<course::Index>(mask.kind)), to_value(mask.values)};
  });
}
