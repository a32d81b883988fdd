// Worker side of the attention bridge: exposes the student's functions by
// name. Linked only into workers, never with reference code.
#include "attention/attention.hpp"
#include "common/worker_support.hpp"

namespace {

using namespace course::bridge;

// The proxy sends a mask as its kind (an integer) followed by its values, or
// by nothing when the kind is none.
course::Mask mask_arg(const Values& a, std::size_t index) {
  const course::Index kind = integer(a, index, "mask kind");
  if (kind == 0) return {};
  if (kind != 1 && kind != 2)
    throw grader::protocol::ProtocolError("mask kind must be 0, 1 or 2, got " + std::to_string(kind));
  return {static_cast<course::Mask::Kind>(kind), matrix_f(a, index + 1, "mask values")};
}

}  // namespace

void grader::worker::register_functions(Registry& registry) {
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
