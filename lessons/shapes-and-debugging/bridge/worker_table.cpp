// Worker side of the shapes-and-debugging bridge: exposes the student's
// functions by name. Linked only into workers, never with reference code.
#include "common/worker_support.hpp"
#include "shapes-and-debugging/shapes_and_debugging.hpp"

void grader::worker::register_functions(Registry& registry) {
  using namespace course::bridge;
  register_course_errors(registry);
  registry.add("add_positional_encoding", [](const Values& a) -> Values {
    return {to_value(course::add_positional_encoding(matrix_d(a, 0, "embeddings"), matrix_d(a, 1, "encoding")))};
  });
  registry.add("head_dim", [](const Values& a) -> Values {
    return {to_value(course::head_dim(integer(a, 0, "embed_dim"), integer(a, 1, "num_heads")))};
  });
  registry.add("split_heads", [](const Values& a) -> Values {
    return {to_value(course::split_heads(tensor(a, 0, "x"), integer(a, 1, "num_heads")))};
  });
  registry.add("attention_scores", [](const Values& a) -> Values {
    return {to_value(course::attention_scores(matrix_f(a, 0, "q"), matrix_f(a, 1, "k")))};
  });
}
