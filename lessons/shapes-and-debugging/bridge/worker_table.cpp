// Worker side of the shapes-and-debugging bridge: exposes the student's
// functions by name. Linked only into workers, never with reference code.
#include "grader/authoring/worker_support.hpp"
#include "shapes-and-debugging/bridge/declarations.hpp"

void grader::worker::register_functions(Registry& registry) {
  using namespace course::bridge;
  register_course_errors(registry);
  expose<&course::add_positional_encoding>(registry, shapes::add_positional_encoding);
  expose<&course::head_dim>(registry, shapes::head_dim);
  expose<&course::split_heads>(registry, shapes::split_heads);
  expose<&course::attention_scores>(registry, shapes::attention_scores);
}
