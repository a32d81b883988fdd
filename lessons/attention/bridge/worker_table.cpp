// Worker side of the attention bridge: exposes the student's functions by
// name. Linked only into workers, never with reference code.
#include "attention/bridge/declarations.hpp"
#include "grader/authoring/worker_support.hpp"

void grader::worker::register_functions(Registry& registry) {
  using namespace course::bridge;
  register_course_errors(registry);
  expose<&course::softmax_rows>(registry, attention::softmax_rows);
  expose<&course::scaled_dot_product_attention>(registry, attention::scaled_dot_product_attention);
  expose<&course::causal_mask>(registry, attention::causal_mask);
}
