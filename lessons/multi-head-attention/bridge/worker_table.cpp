// Worker side of the multi-head-attention bridge: exposes the student's
// functions and class by name. Linked only into workers, never with
// reference code. The student's MultiHeadAttention objects live here across
// calls, each until the end of the test that made it.
#include "grader/authoring/worker_support.hpp"
#include "multi-head-attention/bridge/declarations.hpp"

void grader::worker::register_functions(Registry& registry) {
  using namespace course::bridge;
  using course::MultiHeadAttention;
  register_course_errors(registry);
  expose_constructor(registry, mha::construct);
  expose_method<&MultiHeadAttention::embed_dim>(registry, mha::embed_dim);
  expose_method<&MultiHeadAttention::num_heads>(registry, mha::num_heads);
  expose_method<&MultiHeadAttention::head_dim>(registry, mha::head_dim);
  expose_method<&MultiHeadAttention::parameters>(registry, mha::parameters);
  expose_method<&MultiHeadAttention::set_parameters>(registry, mha::set_parameters);
  expose_method<&MultiHeadAttention::forward>(registry, mha::forward);
  expose_method<&MultiHeadAttention::operator()>(registry, mha::self_attention);
  expose<&course::project_heads>(registry, mha::project_heads);
  expose<&course::attend_heads>(registry, mha::attend_heads);
  expose<&course::merge_heads>(registry, mha::merge_heads);
  expose<&course::causal_mask>(registry, mha::causal_mask);
  expose<&course::merge_masks>(registry, mha::merge_masks);
}
